import Foundation

/// A trace file of `count` one-finger taps for tests of long traces, in the temporary folder:
/// tap k goes down at `k * spacing + 20` ms and lifts 50 ms later, after moving `wander(k)`
/// points to the right 10 ms before the lift (0: no move). The caller removes the file.
public func writeTapsTrace(count: Int, spacing: Int, name: String, wander: (Int) -> Int = { _ in 0 }) throws -> String {
    var lines = [#"{"format":"gesturelab-trace","version":1,"viewport":{"width":390,"height":844},"devices":["touch"]}"#]
    for k in 0..<count {
        let t = k * spacing + 20, x = 195 + wander(k)
        lines.append(#"{"t":\#(t),"type":"down","id":\#(k + 1),"x":195,"y":422,"device":"touch"}"#)
        if x != 195 { lines.append(#"{"t":\#(t + 40),"type":"move","id":\#(k + 1),"x":\#(x),"y":422,"device":"touch"}"#) }
        lines.append(#"{"t":\#(t + 50),"type":"up","id":\#(k + 1),"x":\#(x),"y":422,"device":"touch"}"#)
    }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(getpid()).jsonl").path
    try lines.joined(separator: "\n").appending("\n").write(toFile: path, atomically: true, encoding: .utf8)
    return path
}
