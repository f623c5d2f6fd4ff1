import ArgumentParser
import GestureEngine
import GestureScenes

struct RecognizersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recognizers",
        abstract: "List the recognizer types a scene may use, with every parameter, its default and its source."
    )

    @Argument(help: "Only this type.")
    var type: String?

    func run() throws {
        let registry = RecognizerRegistry.current
        let names = type.map { [$0] } ?? registry.typeNames
        for name in names {
            guard let factory = registry.factories[name] else {
                throw Exit.fail("unknown recognizer type \"\(name)\"; types are \(registry.typeNames.joined(separator: ", "))")
            }
            let r = factory("example")
            emit("\(name) (\(r.isDiscrete ? "discrete" : "continuous"))")
            for p in r.parameters {
                let unit: String
                if case let .number(u) = p.kind, !u.isEmpty { unit = " " + u } else { unit = "" }
                emit("  \(p.name) = \(p.get(r))\(unit)  -- \(p.summary)")
            }
            emit("")
        }
    }
}
