import ArgumentParser
import GesturePlatforms
import GestureScenes

/// `--scene FILE` and `--set R.PARAM=VALUE ...`: the scene a command replays through, with
/// parameters changed for this run only. Shared by every command that replays.
struct SceneOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The scene file (YAML or JSON, docs/scene-format.md).", valueName: "scene"))
    var scene: String

    @Option(name: .customLong("set"), help: ArgumentHelp("Change a recognizer parameter for this run, e.g. pan.minimumDistance=18 (repeatable).",
                                                         valueName: "R.PARAM=VALUE"))
    var overrides: [ParameterOverride] = []

    @Option(name: .customLong("platform"), help: ArgumentHelp("Whose rules to replay under: uikit, flutter or android (docs/platforms.md).", valueName: "platform"))
    var platformChoice: PlatformChoice = .uikit

    var platform: Platform { platformChoice.platform }

    /// The scene with the overrides applied, or an exit with the located problem.
    func load() throws -> SceneDocument { try loadScene(scene, overrides: overrides) }
}

/// `--platform`'s values. A type of the command line's own: a conformance of GesturePlatforms'
/// public `Platform` to ArgumentParser's protocol would be public API of GestureLabCLI.
enum PlatformChoice: String, ExpressibleByArgument, CaseIterable {
    case uikit, flutter, android

    var platform: Platform { Platform(rawValue: rawValue)! }
}
