// Built with the Server trait only (Package.swift): without it Hummingbird is not in the graph.
#if Server
import Foundation
import GestureAnalysis
import GestureScenes
import GestureTimeline
import GestureTrace
import Hummingbird

/// The pages that are not the recorder: the list of scenes and recordings, a recording's
/// timeline (the same page as `gesturelab timeline`) and its explanation (as `gesturelab explain`).
struct BrowsePages: Sendable {
    let folder: RecordingsFolder
    let scenes: String

    /// The scene file a name stands for, when the name is a plain one and the file is there.
    static func sceneFile(_ name: String, in folder: String) -> String? {
        guard RecordingsFolder.isValid(name + ".jsonl") else { return nil }
        let file = folder + "/" + name + ".yaml"
        return RecordingsFolder.isRegularFile(file) ? file : nil
    }

    func sceneNames() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: scenes)) ?? [])
            .filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }
            .filter { Self.sceneFile($0, in: scenes) != nil }.sorted()
    }

    @MainActor
    func index() -> String {
        let entries = folder.list()
        var rows = ""
        for e in entries.reversed() {
            let n = Self.escape(e.name)
            if let h = e.header {
                let scene = h.scene.map(Self.escape) ?? "-"
                rows += "<tr><td><a href=\"/recordings/\(n)\">\(n)</a></td><td>\(scene)</td><td>\(e.bytes)</td>"
                rows += "<td><a href=\"/recordings/\(n)/timeline\">timeline</a> · <a href=\"/recordings/\(n)/explain\">explain</a></td></tr>\n"
            } else {
                rows += "<tr><td>\(n)</td><td colspan=3 class=bad>\(Self.escape(e.problem ?? "unreadable"))</td></tr>\n"
            }
        }
        let sceneLinks = sceneNames().map { "<li><a href=\"/record?scene=\(Self.escape($0))\">\(Self.escape($0))</a></li>" }.joined(separator: "\n")
        return """
        <!doctype html><html lang=en><head><meta charset=utf-8><meta name=viewport content="width=device-width, initial-scale=1">
        <title>GestureLab</title><style>
        body{font:15px system-ui,sans-serif;margin:1.5em;max-width:60em;color:#222}
        table{border-collapse:collapse}td,th{padding:.25em .8em;border-bottom:1px solid #ddd;text-align:left}
        .bad{color:#a00}ul{columns:2}
        </style></head><body>
        <h1>GestureLab</h1>
        <h2>Record a take</h2><p>Open a scene, draw on it with fingers, a pen or a mouse; every pointer is written to the recordings folder as it arrives.</p>
        <ul>\(sceneLinks)</ul>
        <h2>Recordings</h2><p>In \(Self.escape(folder.path)), newest name first.</p>
        <table><tr><th>trace</th><th>scene</th><th>bytes</th><th></th></tr>
        \(rows)</table></body></html>
        """
    }

    func listJSON() -> String {
        let items: [JSONValue] = folder.list().map { e in
            var pairs: [(String, JSONValue)] = [("name", .string(e.name)), ("bytes", .number(Double(e.bytes)))]
            if let s = e.header?.scene { pairs.append(("scene", .string(s))) }
            if let p = e.problem { pairs.append(("problem", .string(p))) }
            return .object(pairs)
        }
        return JSONValue.object([("recordings", .array(items))]).jsonText + "\n"
    }

    @MainActor
    func recorder(scene: String, name: String?) throws -> Response {
        guard let file = Self.sceneFile(scene, in: scenes) else { return GestureLabServer.text(.notFound, "no scene \(scene) in \(scenes)") }
        let doc: SceneDocument
        do { doc = try SceneLoader.load(path: file) } catch { return GestureLabServer.text(.internalServerError, error.description) }
        let built = try SceneBuilder.build(doc, recordLog: false)
        let snapshot = SceneSnapshot(built.window)
        var views: [JSONValue] = []
        for b in snapshot.boxes {
            let recognizers = built.recognizers.filter { $0.view?.id == b.id }.map { JSONValue.string($0.id) }
            views.append(.object([("id", .string(b.id)), ("kind", .string(b.kind)), ("x", .number(b.frame.origin.x)), ("y", .number(b.frame.origin.y)),
                                  ("width", .number(b.frame.width)), ("height", .number(b.frame.height)), ("recognizers", .array(recognizers))]))
        }
        let config = JSONValue.object([
            ("scene", .string(doc.name)), ("file", .string(scene)), ("name", .string(name ?? "")),
            ("width", .number(snapshot.width)), ("height", .number(snapshot.height)), ("views", .array(views)),
            ("recognizers", .array(built.recognizers.map { .string($0.id) })),
        ])
        return GestureLabServer.html(RecorderPage.html(title: doc.name, configuration: config.jsonText))
    }

    /// The recording and the scene it was recorded against (the header names it), or a response
    /// saying which is missing.
    @MainActor
    private func replay(name: String, scene: String?) -> Result<(ReplayResult, SceneDocument, String), ResponseError> {
        guard let file = folder.existingFile(named: name) else {
            return .failure(ResponseError(GestureLabServer.text(.notFound, "no recording \(name)")))
        }
        do {
            let reader = try TraceReader(path: file)
            guard let sceneName = scene ?? reader.header.scene else {
                return .failure(ResponseError(GestureLabServer.text(.badRequest, "\(name) names no scene: add ?scene=NAME")))
            }
            guard let sceneFile = Self.sceneFile(sceneName, in: scenes) else {
                return .failure(ResponseError(GestureLabServer.text(.notFound, "no scene \(sceneName) in \(scenes): add ?scene=NAME")))
            }
            let doc = try SceneLoader.load(path: sceneFile)
            return .success((try Replay.run(reader: reader, scene: doc), doc, file))
        } catch {
            return .failure(ResponseError(GestureLabServer.text(.badRequest, "\(error)")))
        }
    }

    @MainActor
    func timeline(name: String, scene: String?) throws -> Response {
        switch replay(name: name, scene: scene) {
        case let .failure(r): return r.response
        case let .success((result, doc, file)):
            let model = TimelineModel(log: result.log, recognizers: result.recognizerIDs, views: result.viewIDs)
            let events = (try? TraceReader.readAll(path: file).1) ?? []
            let fresh = try SceneBuilder.build(doc, recordLog: false)
            return GestureLabServer.html(try TimelineHTML.render(model, title: "\(name) in \(doc.name)", scene: SceneSnapshot(fresh.window),
                                                             strokes: StrokePath.strokes(of: events), log: result.log))
        }
    }

    @MainActor
    func explain(name: String, scene: String?) -> Response {
        switch replay(name: name, scene: scene) {
        case let .failure(r): return r.response
        case let .success((result, _, _)):
            let sequences = Explanation(log: result.log).sequences(recognizers: result.recognizerIDs)
            return GestureLabServer.text(.ok, Explanation.text(sequences))
        }
    }

    static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(c)
            }
        }
        return out
    }
}

struct ResponseError: Error {
    let response: Response
    init(_ response: Response) { self.response = response }
}
#endif
