import Foundation

/// A folder of traces: every `.jsonl` file below it, in a stable order.
public enum Corpus {
    public static func traces(under root: String) -> [String] {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDir) else { return [] }
        if !isDir.boolValue { return root.hasSuffix(".jsonl") ? [root] : [] }
        guard let e = FileManager.default.enumerator(atPath: root) else { return [] }
        var out: [String] = []
        while let f = e.nextObject() as? String {
            if f.hasSuffix(".jsonl") { out.append((root as NSString).appendingPathComponent(f)) }
        }
        return out.sorted()
    }
}
