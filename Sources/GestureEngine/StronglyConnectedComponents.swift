/// The groups of nodes that can each reach the others (Tarjan's algorithm), in time linear in
/// the nodes and edges, iteratively so that a chain of thousands of requirements cannot
/// overflow the stack. Only groups that hold a cycle are returned: two or more nodes, or one
/// node with an edge to itself. Each group lists its nodes in the order of `nodes`, and groups
/// come in the order of their first node.
///
/// Used for require-to-fail cycles, both when the engine fails recognizers that wait on each
/// other and when `lint` reports them.
package func cyclicComponents<Node: Hashable>(_ nodes: [Node], successors: (Node) -> [Node]) -> [[Node]] {
    var order: [Node: Int] = [:]
    for (i, n) in nodes.enumerated() where order[n] == nil { order[n] = i }
    var index: [Node: Int] = [:], low: [Node: Int] = [:], onStack = Set<Node>()
    var stack: [Node] = [], groups: [[Node]] = []
    var counter = 0
    for root in nodes where index[root] == nil {
        // Each frame: a node, its successors, and how many of them have been followed.
        var frames: [(node: Node, out: [Node], next: Int)] = [(root, successors(root), 0)]
        index[root] = counter; low[root] = counter; counter += 1
        stack.append(root); onStack.insert(root)
        while let frame = frames.last {
            let node = frame.node
            if frame.next < frame.out.count {
                frames[frames.count - 1].next += 1
                let w = frame.out[frame.next]
                if index[w] == nil {
                    index[w] = counter; low[w] = counter; counter += 1
                    stack.append(w); onStack.insert(w)
                    frames.append((w, successors(w), 0))
                } else if onStack.contains(w) {
                    low[node] = min(low[node]!, index[w]!)
                }
                continue
            }
            frames.removeLast()
            if let parent = frames.last?.node { low[parent] = min(low[parent]!, low[node]!) }
            guard low[node] == index[node] else { continue }
            var group: [Node] = []
            while let w = stack.popLast() {
                onStack.remove(w)
                group.append(w)
                if w == node { break }
            }
            if group.count > 1 || frame.out.contains(node) { groups.append(group) }
        }
    }
    let rank = { (n: Node) in order[n] ?? Int.max }
    return groups.map { $0.sorted { rank($0) < rank($1) } }.sorted { rank($0[0]) < rank($1[0]) }
}
