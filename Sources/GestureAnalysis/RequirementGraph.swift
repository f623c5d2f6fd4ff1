import GestureEngine

/// The require-to-fail graph of a scene (waiter -> required) and its cycles, in time linear in
/// its size: the groups that wait on each other, then one shortest cycle in each.
struct RequirementGraph {
    let edges: [String: [String]]

    /// One cycle per group of recognizers that wait on each other, as ids from the group's
    /// first id (in sorted order) back to it; groups in the order of their first ids.
    func cycles() -> [[String]] {
        let nodes = Set(edges.keys).union(edges.values.joined()).sorted()
        return cyclicComponents(nodes) { edges[$0] ?? [] }
            .compactMap { shortestCycle(through: $0[0], within: Set($0)) }
    }

    /// The shortest path from `start` back to itself inside `members` (breadth first, edges in
    /// the scene's order).
    func shortestCycle(through start: String, within members: Set<String>) -> [String]? {
        var previous: [String: String] = [:]
        var queue = [start], head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for w in edges[node] ?? [] where members.contains(w) {
                if w == start {
                    var back: [String] = [], at = node
                    while at != start { back.append(at); at = previous[at]! }
                    return [start] + Array(back.reversed()) + [start]
                }
                if previous[w] == nil {
                    previous[w] = node
                    queue.append(w)
                }
            }
        }
        return nil
    }
}
