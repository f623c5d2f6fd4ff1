import CSDL2
import Foundation
import GestureEngine
import GestureScenes
import GestureTrace

#if canImport(Glibc)
import Glibc
#endif

/// The SDL2 window: `record` (draw strokes over a scene while its recognizers run live, saving
/// a trace) and `play` (play a trace back with pause, stepping and a scrubber), plus headless
/// screenshots of any moment of a trace.
public enum Studio {
    public struct StudioError: Error, CustomStringConvertible {
        public var description: String
        init(_ d: String) { description = d }
    }

    /// Window layout for a scene: its size, and where the scene sits in it.
    struct Layout {
        var width: Double
        var height: Double
        var frame: FrameRenderer

        init(viewport: Size, recognizers: Int) {
            let scale = min(1, 640 / viewport.height)
            width = max(560, (viewport.width * scale).rounded())
            height = (viewport.height * scale + 24 + FrameRenderer.lanesHeight(count: recognizers) + 16).rounded()
            frame = FrameRenderer(width: width, height: height)
        }
    }

    static func sdlError(_ what: String) -> StudioError { StudioError("\(what): \(String(cString: SDL_GetError()))") }

    /// Opens SDL2, which is not linked (see CSDL2's SDLLoader.c); before any SDL call.
    static func openSDL() throws {
        var reason = [CChar](repeating: 0, count: 512)
        guard gl_sdl_open(&reason, Int32(reason.count)) == 0 else {
            throw StudioError(reason.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        }
    }

    /// Refuses before SDL starts when there is nowhere to show a window: SDL would otherwise fall
    /// back to a driver without one and run invisibly (a recording nobody can draw on).
    static func requireDisplay() throws {
        let env = ProcessInfo.processInfo.environment
        if let driver = env["SDL_VIDEODRIVER"], !driver.isEmpty { return }
        if (env["DISPLAY"] ?? "").isEmpty && (env["WAYLAND_DISPLAY"] ?? "").isEmpty {
            throw StudioError("no display: the studio needs a window, and neither DISPLAY (X11) nor WAYLAND_DISPLAY is set. "
                              + "Run it in a desktop session, or under a virtual display (xvfb-run gesturelab ...); "
                              + "`play --screenshot` renders without one")
        }
    }

    static func createWindow(title: String, layout: Layout) throws -> (OpaquePointer, OpaquePointer) {
        try requireDisplay()
        try openSDL()
        // SDL turns SIGINT and SIGTERM into a quit event (which saves) only if they have their
        // default handlers; a parent may have left them ignored or blocked.
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGINT)
        sigaddset(&unblock, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
        // Present the software renderer's frames with plain X11 images: SDL would otherwise go
        // through Mesa's GL rasterizer, which took over half of each frame under Xvfb (measured).
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        guard SDL_Init(SDL_INIT_VIDEO) == 0 else { throw sdlError("cannot start SDL video (is DISPLAY set?)") }
        if let driver = SDL_GetCurrentVideoDriver().map({ String(cString: $0) }), driver == "dummy" || driver == "offscreen" {
            SDL_Quit()
            throw StudioError("no display: SDL's \(driver) video driver shows no window and takes no input; "
                              + "run under X11 or Wayland (or xvfb-run)")
        }
        _ = SDL_EventState(UInt32(SDL_SYSWMEVENT.rawValue), SDL_ENABLE)
        guard let window = SDL_CreateWindow(title, gl_windowpos_centered(), gl_windowpos_centered(), Int32(layout.width), Int32(layout.height),
                                            SDL_WINDOW_SHOWN.rawValue) else { throw sdlError("cannot open a window") }
        // The software renderer: under Xvfb it is faster than Mesa's GL (measured), and its pixels are deterministic.
        guard let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else { throw sdlError("cannot create a renderer") }
        return (window, renderer)
    }

    static func shutdown(_ window: OpaquePointer, _ renderer: OpaquePointer) {
        SDLTest_CleanupTextDrawing()
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
        SDL_Quit()
    }

    static func modificationTime(_ path: String) -> Int {
        var st = stat()
        return stat(path, &st) == 0 ? Int(st.st_mtim.tv_sec) * 1_000_000_000 + Int(st.st_mtim.tv_nsec) : 0
    }

    // MARK: record

    public struct RecordOptions {
        /// nil: a blank canvas (no views, no recognizers) the size of a phone held upright.
        public var scenePath: String?
        public var output: String?
        public var labels: [String: String] = [:]
        public var readyFile: String?
        public var startPaused = false
        /// Hover, every button and the wheel too (F.5), not only the left button's strokes.
        public var recordsPointer = false
        public init(scenePath: String?, output: String?) {
            self.scenePath = scenePath
            self.output = output
        }
    }

    /// What `record` draws on when no scene is given.
    static let blankScene = """
        scene: blank
        description: a blank canvas (gesturelab record without --scene)
        viewport: [390, 600]
        views: []
        """

    /// Makes sure a recording to `output` can start without destroying anything: the output is a
    /// file (not a device or a folder), no other recorder holds it, and no unsaved recording of
    /// an earlier process lies in `OUTPUT.recording`. The lock is held until the process ends.
    static func claim(_ output: String, recovering: Bool = false) throws -> OutputLock {
        var info = stat()
        if stat(output, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG {
            // Saving renames the finished file into place, which would replace a device node
            // (as root, /dev/full would become a regular file) or a folder's entry.
            throw StudioError("cannot start recording: \(output) is not a regular file (a device or a folder?); give a file name")
        }
        let lock: OutputLock
        do { lock = try OutputLock(for: output) } catch { throw StudioError("cannot start recording: \(error.description)") }
        let partial = PartialRecording(output: output)
        if !recovering, let left = partial.leftover() { throw StudioError(partial.refusal(left)) }
        return lock
    }

    /// `record --recover`: saves the events a killed recorder left in `OUTPUT.recording`.
    public static func recover(output: String) throws -> String {
        let lock = try claim(output, recovering: true)
        defer { lock.release() }
        do {
            let c = try PartialRecording(output: output).recover()
            let cut = c.openStrokes > 0 ? "; \(c.openStrokes) stroke(s) cut off by the crash end with a cancel" : ""
            return "recovered \(c.events) events (up to \(c.lastTime.millisecondsText) ms) into \(output)\(cut)"
        } catch {
            throw StudioError("cannot recover: \(error.description)")
        }
    }

    public static func record(_ o: RecordOptions) throws {
        var doc = try o.scenePath.map(loadScene) ?? blankDocument()
        let lock = try o.output.map { try claim($0) }
        defer { lock?.release() }
        let session = try LiveSession(document: doc)
        let layout = Layout(viewport: doc.viewport, recognizers: session.recognizerIDs.count)
        let (window, renderer) = try createWindow(title: "GestureLab record - \(doc.name)", layout: layout)
        defer { shutdown(window, renderer) }
        let canvas = Canvas(renderer: renderer)
        let t = layout.frame.sceneTransform(session.scene.window, lanes: session.recognizerIDs.count)
        var mapper = InputMapper(windowWidth: doc.viewport.width, windowHeight: doc.viewport.height)
        var info = SDL_SysWMinfo()
        info.version = SDL_version(major: UInt8(SDL_MAJOR_VERSION), minor: UInt8(SDL_MINOR_VERSION), patch: UInt8(SDL_PATCHLEVEL))
        if SDL_GetWindowWMInfo(window, &info) == SDL_TRUE && info.subsystem == SDL_SYSWM_X11 { mapper.usesX11Clock = true }
        mapper.scale = t.scale
        mapper.offsetX = t.dx
        mapper.offsetY = t.dy
        mapper.recordsPointer = o.recordsPointer
        let recorder = o.output.map { Recorder(output: $0) }
        var events: [TraceEvent] = []
        var strokes = TraceStrokes()
        var message = "draw with the mouse or a touchscreen"
        var sceneError: String?
        var sceneStamp = o.scenePath.map(modificationTime) ?? 0
        var lastSceneCheck = SDL_GetTicks()
        var lastFrame: UInt32 = 0
        var readyWritten = false
        var clockOffset: Int64 = 0  // input clock minus SDL ticks, for timers between events

        func header() -> TraceHeader {
            // Device pixels per point: the window shows the scene at t.scale pixels per point.
            TraceHeader(viewportWidth: doc.viewport.width, viewportHeight: doc.viewport.height, scale: t.scale,
                        clockSource: mapper.clock, clockDescription: mapper.clock == "x11-server" ? "X server event time, ms" : "SDL event timestamps, ms",
                        devices: [.mouse, .touch], labels: o.labels, scene: doc.name, origin: "recorded in `gesturelab record`")
        }
        func startRecording() {
            events.removeAll()
            strokes.removeAll()
            try? session.restart()
            mapper.origin = nil
            mapper.resetClock()
            recorder?.start(header: header())
            message = recorder == nil ? "no -o file given: nothing is saved" : "recording to \(recorder!.partial)"
        }
        func saveRecording() {
            guard let r = recorder, r.isRecording else { return }
            if let saved = r.save() { message = saved }
        }
        if recorder != nil && !o.startPaused { startRecording() }

        var running = true
        var e = SDL_Event()
        while running {
            while SDL_PollEvent(&e) != 0 {
                switch SDL_EventType(rawValue: e.type) {
                case SDL_QUIT:
                    running = false
                case SDL_SYSWMEVENT:
                    mapper.noteSystemEvent(e.syswm)
                case SDL_KEYDOWN:
                    switch Int(e.key.keysym.sym) {
                    case Int(SDLK_r.rawValue):
                        if recorder?.isRecording == true { saveRecording() } else if recorder != nil { startRecording() }
                    case Int(SDLK_s.rawValue): saveRecording()
                    case Int(SDLK_d.rawValue):
                        recorder?.discard()
                        message = "recording discarded"
                    case Int(SDLK_c.rawValue):
                        events.removeAll()
                        strokes.removeAll()
                        try? session.restart()
                        message = "cleared"
                    case Int(SDLK_q.rawValue), Int(SDLK_ESCAPE.rawValue): running = false
                    default: break
                    }
                default:
                    let mapped = mapper.map(e)
                    record(mapped)
                }
            }
            // A wheel has no end of its own: the scroll ends after a quiet moment.
            record(mapper.endScrollIfQuiet(ticks: SDL_GetTicks()))
            func record(_ mapped: [TraceEvent]) {
                    for m in mapped {
                        clockOffset = m.time.microseconds / 1000 - Int64(SDL_GetTicks())
                        events.append(m)
                        strokes.add(m)
                        session.feed(m)
                        recorder?.append(m)
                    }
            }
            let ticks = SDL_GetTicks()
            if let scenePath = o.scenePath, ticks &- lastSceneCheck > 500 {
                lastSceneCheck = ticks
                let stamp = modificationTime(scenePath)
                if stamp != sceneStamp {
                    sceneStamp = stamp
                    do {
                        doc = try loadScene(scenePath)
                        try session.restart(with: doc)
                        for m in events { session.feed(m) }
                        sceneError = nil
                        message = "scene reloaded"
                    } catch {
                        sceneError = "\(error)"
                    }
                }
            }
            if ticks &- lastFrame >= 16 {
                lastFrame = ticks
                // The trace's clock starts at the first event of the recording; before it there is
                // nothing to advance (and advancing would push the engine's clock ahead of it).
                let now = events.isEmpty ? Timestamp.zero : max(Timestamp.milliseconds(Double(max(0, Int64(ticks) + clockOffset))), events.last!.time)
                if !events.isEmpty { session.advance(to: now) }
                let rec = recorder?.isRecording == true
                let status = FrameRenderer.Status(title: doc.name, recording: rec, message: message,
                                                  keys: "R start/stop  S save  D discard  C clear  Q quit  Alt: 2 fingers (pinch)  Alt+Shift: 2-finger pan" + (o.recordsPointer ? "  hover, buttons, wheel recorded" : ""),
                                                  error: recorder?.lastError ?? sceneError)
                layout.frame.draw(canvas, session: session, strokes: strokes.strokes, now: now, status: status)
                SDL_RenderPresent(renderer)
                if !readyWritten, let path = o.readyFile {
                    readyWritten = true
                    let info = "{\"sceneX\":\(t.dx),\"sceneY\":\(t.dy),\"scale\":\(t.scale),\"width\":\(layout.width),\"height\":\(layout.height)}\n"
                    try? info.write(toFile: path, atomically: true, encoding: .utf8)
                }
            }
            SDL_Delay(1)
        }
        // Closing the window or Ctrl-C saves.
        saveRecording()
    }

    // MARK: play

    public struct PlayOptions {
        public var tracePath: String
        public var scenePath: String
        public var speed = 1.0
        /// Where `--screenshot` goes; the PNG is handed to `writeScreenshot`, which the caller
        /// provides (the command line writes it whole or not at all, or to standard output).
        public var screenshot: String?
        public var writeScreenshot: (([UInt8]) throws -> Void)?
        /// With a screenshot: every text of the frame as JSON Lines (text, x, y, width, height,
        /// role) after a first line with the frame's size, for scripts and tests.
        public var writeFrameDescription: ((String) throws -> Void)?
        public var at: Double?
        public var benchmarkFrames: Int?
        public init(tracePath: String, scenePath: String) {
            self.tracePath = tracePath
            self.scenePath = scenePath
        }
    }

    static func blankDocument() throws -> SceneDocument {
        do { return try SceneLoader.parse(blankScene, file: "<blank canvas>") } catch { throw StudioError(error.description) }
    }

    static func loadScene(_ path: String) throws -> SceneDocument { try SceneLoader.load(path: path) }

    static func loadTrace(_ path: String) throws -> [TraceEvent] { try TraceReader.readAll(path: path).1 }

    public static func play(_ o: PlayOptions) throws {
        let doc = try loadScene(o.scenePath)
        let events = try loadTrace(o.tracePath)
        let session = try LiveSession(document: doc)
        var layout = Layout(viewport: doc.viewport, recognizers: session.recognizerIDs.count)
        let playhead = Playhead(events: events, session: session)
        layout.frame.laneRange = (.zero, playhead.end + Duration.milliseconds(400))
        let title = (o.tracePath as NSString).lastPathComponent
        if o.screenshot != nil {
            let (png, texts) = try screenshot(playhead: playhead, layout: layout, at: .milliseconds(o.at ?? playhead.end.milliseconds), title: title)
            try o.writeScreenshot?(png)
            try o.writeFrameDescription?(describe(texts, layout: layout))
            return
        }
        // The times of every transition, for stepping from one to the next: a replay of the
        // whole trace whose log keeps only those times.
        var times = Set<Timestamp>()
        _ = try Replay.run(events: events, scene: doc,
                           log: ReplayLog(.rows { e in times.insert(e.time) }, kinds: [.transition, .pending]))
        let transitionTimes = times.sorted()

        let (window, renderer) = try createWindow(title: "GestureLab play - \(title)", layout: layout)
        defer { shutdown(window, renderer) }
        let canvas = Canvas(renderer: renderer)
        var paused = false
        var speed = o.speed
        var running = true
        var last = SDL_GetPerformanceCounter()
        let frequency = Double(SDL_GetPerformanceFrequency())
        var e = SDL_Event()
        var frameTimes: [Double] = []
        let barY = layout.height - 8
        while running {
            while SDL_PollEvent(&e) != 0 {
                switch SDL_EventType(rawValue: e.type) {
                case SDL_QUIT: running = false
                case SDL_KEYDOWN:
                    switch Int(e.key.keysym.sym) {
                    case Int(SDLK_SPACE.rawValue): paused.toggle()
                    case Int(SDLK_RIGHT.rawValue):
                        paused = true
                        if let n = events.first(where: { $0.time > playhead.time }) { playhead.seek(n.time) }
                    case Int(SDLK_n.rawValue):
                        paused = true
                        if let n = transitionTimes.first(where: { $0 > playhead.time }) { playhead.seek(n) }
                    case Int(SDLK_HOME.rawValue): playhead.seek(.zero)
                    case Int(SDLK_EQUALS.rawValue), Int(SDLK_PLUS.rawValue): speed = min(speed * 2, 16)
                    case Int(SDLK_MINUS.rawValue): speed = max(speed / 2, 1.0 / 16)
                    case Int(SDLK_q.rawValue), Int(SDLK_ESCAPE.rawValue): running = false
                    default: break
                    }
                case SDL_MOUSEBUTTONDOWN, SDL_MOUSEMOTION:
                    let buttons = SDL_GetMouseState(nil, nil)
                    if e.type == SDL_MOUSEBUTTONDOWN.rawValue || buttons != 0 {
                        var x: Int32 = 0, y: Int32 = 0
                        _ = SDL_GetMouseState(&x, &y)
                        if Double(y) >= barY - 12 {
                            paused = true
                            playhead.seek(.milliseconds(max(0, Double(x) / layout.width) * playhead.end.milliseconds))
                        }
                    }
                default: break
                }
            }
            let nowCounter = SDL_GetPerformanceCounter()
            let dt = Double(nowCounter &- last) / frequency
            last = nowCounter
            if !paused {
                let t = playhead.time.milliseconds + dt * 1000 * speed
                playhead.seek(.milliseconds(min(t, playhead.end.milliseconds + 1000)))
            }
            let frameStart = SDL_GetPerformanceCounter()
            let status = FrameRenderer.Status(title: "\(title) \(playhead.time.millisecondsText) ms x\(NumberText.decimal(speed, decimals: 3))\(paused ? " (paused)" : "")",
                                              recording: nil, message: "", keys: "Space pause  Right next event  N next decision  +/- speed  Home restart  Q quit  click the bar to scrub",
                                              error: nil)
            layout.frame.draw(canvas, session: session, strokes: playhead.strokes, now: playhead.time, status: status)
            drawScrubber(canvas, layout: layout, playhead: playhead, y: barY)
            SDL_RenderPresent(renderer)
            frameTimes.append(Double(SDL_GetPerformanceCounter() &- frameStart) / frequency)
            if let n = o.benchmarkFrames, frameTimes.count >= n {
                report(frameTimes, events: playhead.next, total: events.count)
                running = false
            }
            SDL_Delay(1)
        }
    }

    static func drawScrubber(_ c: Canvas, layout: Layout, playhead: Playhead, y: Double) {
        c.fill(0, y - 2, layout.width, 6, Canvas.Color(r: 215, g: 218, b: 224))
        let end = max(playhead.end.milliseconds, 1)
        c.fill(0, y - 2, layout.width * min(1, playhead.time.milliseconds / end), 6, Canvas.Color(r: 59, g: 110, b: 165))
    }

    static func report(_ frameTimes: [Double], events: Int, total: Int) {
        let sorted = frameTimes.sorted()
        let mean = frameTimes.reduce(0, +) / Double(frameTimes.count)
        let p99 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
        print(String(format: "frames %d, draw time mean %.2f ms, p99 %.2f ms, max %.2f ms (%.0f frames/s possible); events played %d of %d",
                     frameTimes.count, mean * 1000, p99 * 1000, sorted.last! * 1000, 1 / max(mean, 1e-9), events, total))
    }

    /// Draws the frame at `time` with the software renderer on a plain surface (no display
    /// needed) and writes it as a PNG.
    static func screenshot(playhead: Playhead, layout: Layout, at time: Timestamp, title: String) throws -> ([UInt8], [Canvas.TextBox]) {
        try openSDL()
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(layout.width), Int32(layout.height), 32, SDL_PIXELFORMAT_RGBA32.rawValue) else {
            throw sdlError("cannot create a surface")
        }
        defer { SDL_FreeSurface(surface) }
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else { throw sdlError("cannot create a software renderer") }
        defer {
            SDLTest_CleanupTextDrawing()
            SDL_DestroyRenderer(renderer)
        }
        playhead.seek(time)
        let canvas = Canvas(renderer: renderer)
        canvas.drawnTexts = []
        let status = FrameRenderer.Status(title: "\(title) at \(time.millisecondsText) ms", recording: nil, message: "", keys: "gesturelab play --screenshot", error: nil)
        layout.frame.draw(canvas, session: playhead.session, strokes: playhead.strokes, now: time, status: status)
        drawScrubber(canvas, layout: layout, playhead: playhead, y: layout.height - 8)
        SDL_RenderPresent(renderer)
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        let base = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        for y in 0..<h {
            for x in 0..<(w * 4) { rgba[y * w * 4 + x] = base[y * pitch + x] }
        }
        return (PNGWriter.png(width: w, height: h, rgba: rgba), canvas.drawnTexts ?? [])
    }

    static func describe(_ texts: [Canvas.TextBox], layout: Layout) -> String {
        func quoted(_ s: String) -> String {
            var out = "\""
            for u in s.unicodeScalars {
                switch u {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case _ where u.value < 0x20: out += String(format: "\\u%04x", u.value)
                default: out.unicodeScalars.append(u)
                }
            }
            return out + "\""
        }
        var s = "{\"frame\":{\"width\":\(NumberText.decimal(layout.width, decimals: 3)),\"height\":\(NumberText.decimal(layout.height, decimals: 3))}}\n"
        for t in texts {
            s += "{\"text\":\(quoted(t.text)),\"x\":\(NumberText.decimal(t.x, decimals: 3)),\"y\":\(NumberText.decimal(t.y, decimals: 3)),"
                + "\"width\":\(NumberText.decimal(t.width, decimals: 3)),\"height\":\(NumberText.decimal(t.height, decimals: 3)),\"role\":\(quoted(t.role))}\n"
        }
        return s
    }
}
