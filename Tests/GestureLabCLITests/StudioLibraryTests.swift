import Foundation
import Testing

/// SDL2 is opened by the studio when it starts, not linked (Sources/CSDL2/SDLLoader.c): the
/// other commands start without it, and on a machine without it the studio says what is missing.
@Suite("SDL2 is loaded by the studio only", .serialized)
struct StudioLibraryTests {
    let scene = root + "/recordings/scenes/tap-requires-double-tap.yaml"
    let trace = root + "/recordings/traces/single-tap.jsonl"
    let dir: String

    init() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("gesturelab-sdl-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    /// The shared libraries the dynamic loader opened for a run (glibc's LD_DEBUG=files names
    /// each one as it loads it), and the run's outcome.
    func librariesOpened(_ arguments: [String], environment: [String] = []) throws -> (Outcome, [String]) {
        let log = dir + "/ld-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: log) }
        let outcome = try runWatched(["/usr/bin/env", "LD_DEBUG=files", "LD_DEBUG_OUTPUT=\(log)"] + environment + [binary] + arguments)
        // glibc appends the process id to LD_DEBUG_OUTPUT's name.
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).filter { ("\(dir)/\($0)").hasPrefix(log) }
        var opened: [String] = []
        for f in files {
            let text = try String(contentsOfFile: "\(dir)/\(f)", encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains("file=") {
                if let name = line.split(separator: "file=").last?.split(separator: " ").first { opened.append(String(name)) }
            }
            try? FileManager.default.removeItem(atPath: "\(dir)/\(f)")
        }
        return (outcome, opened)
    }

    @Test("replay runs without opening SDL2; the studio's screenshot opens it")
    func onlyTheStudioOpensSDL() throws {
        let (replay, replayLibraries) = try librariesOpened(["replay", trace, "--scene", scene, "-o", dir + "/log.txt"])
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replayLibraries.contains { $0.hasPrefix("libswiftCore") }, "the loader's record names the libraries: \(replayLibraries)")
        #expect(!replayLibraries.contains { $0.contains("SDL2") || $0.contains("libX11") || $0.contains("pulse") }, "\(replayLibraries)")
        let (play, playLibraries) = try librariesOpened(["play", trace, "--scene", scene, "--screenshot", dir + "/s.png"],
                                                        environment: ["SDL_VIDEODRIVER=dummy"])
        #expect(play.status == 0, "\(play.stderr)")
        #expect(playLibraries.contains { $0.hasPrefix("libSDL2-2.0.so") }, "\(playLibraries)")
        #expect(FileManager.default.fileExists(atPath: dir + "/s.png"))
    }

    @Test("Without SDL2 the studio stops with what is missing, and the other commands still run")
    func withoutSDL() throws {
        let missing = ["GESTURELAB_SDL2_LIBRARY=\(dir)/no-such/libSDL2-2.0.so.0"]
        let play = try runWatched(["/usr/bin/env"] + missing + ["SDL_VIDEODRIVER=dummy", binary, "play", trace, "--scene", scene,
                                                               "--screenshot", dir + "/none.png"])
        // The status of the studio's other refusals (no display, no window).
        #expect(play.status == 2 && play.signal == nil, "\(play.stderr)")
        #expect(play.stderr.contains("cannot open SDL2, which the studio needs"), "\(play.stderr)")
        #expect(play.stderr.contains("apt-get install libsdl2-2.0-0"), "\(play.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/none.png"))
        let replay = try runWatched(["/usr/bin/env"] + missing + [binary, "replay", trace, "--scene", scene, "-o", dir + "/log2.txt"])
        #expect(replay.status == 0, "\(replay.stderr)")
    }
}
