import CSDL2
import GestureEngine
import GestureTrace

/// Turns SDL input into trace events in window points:
/// - the left mouse button is pointer 0; touchscreen fingers get their own ids from 1;
/// - SDL's synthetic duplicates are dropped (mouse events made from touches, touches made from
///   the mouse), so no stroke is counted twice;
/// - with Alt held, a second finger (pointer 100) mirrors the mouse through the window centre
///   (pinch, rotate); with Alt and Shift it moves alongside at a fixed offset (two-finger pan),
///   as the iOS Simulator does;
/// - times are the X server's event times when the X11 driver reports them (not when SDL pumped
///   the event), else SDL's timestamps.
struct InputMapper {
    /// Window pixels to scene points: p = (pixel - offset) / scale.
    var scale: Double = 1
    var offsetX = 0.0
    var offsetY = 0.0
    var windowWidth: Double
    var windowHeight: Double
    /// Subtracted from event times so traces start near 0.
    var origin: UInt64?
    var clock: String { usesX11Clock ? "x11-server" : "sdl-ticks" }
    private var lastX11Time: UInt64?
    private var fingerIDs: [Int64: Int] = [:]
    private var nextFinger = 1
    private var mouseDown = false
    private var mirror: (dx: Double, dy: Double, pan: Bool)?
    private var lastMouse = (x: 0.0, y: 0.0)
    /// Record the pointer as iPadOS sees a mouse (F.5): hover, every button, the wheel.
    var recordsPointer = false
    /// The buttons held now (`UIEvent.buttonMask`), when `recordsPointer`.
    private var pressed = 0
    /// The wheel's scroll gesture: open since this SDL time, last notch at `lastWheel`.
    private var scrollOpen = false
    private var scrollKind = ScrollSample.Kind.discrete
    private var lastWheel: UInt32 = 0
    /// Points per wheel notch, and how long after its last notch a wheel's scroll ends (SDL
    /// reports no end): GestureDefaults, both assumed (D-13).
    static let pointsPerWheelNotch = GestureDefaults.scrollWheelNotchDistance
    static let wheelQuietMs = UInt32(GestureDefaults.scrollWheelQuietInterval.microseconds / 1000)

    /// `windowWidth` and `windowHeight` are the scene's size in points (fingers report 0...1 of the window).
    init(windowWidth: Double, windowHeight: Double) {
        self.windowWidth = windowWidth
        self.windowHeight = windowHeight
    }

    /// X server time minus SDL time, measured at the latest event that had both; events without
    /// an X time (touches) are moved onto the X clock with it, so one trace never mixes clocks.
    private var x11Offset: Int64?
    /// Set when the window reports the X11 driver: times are then the X server's.
    var usesX11Clock = false
    private var lastTime: UInt64 = 0

    mutating func time(_ sdlTicks: UInt32) -> Timestamp {
        var raw: UInt64
        if let x = lastX11Time {
            raw = x
            x11Offset = Int64(x) - Int64(sdlTicks)
        } else if usesX11Clock, let o = x11Offset {
            raw = UInt64(max(0, Int64(sdlTicks) + o))
        } else {
            raw = UInt64(sdlTicks)
        }
        lastX11Time = nil
        // Never backwards: two clocks can disagree by a millisecond.
        raw = max(raw, lastTime)
        lastTime = raw
        if origin == nil { origin = raw }
        return .milliseconds(Double(raw &- (origin ?? raw)))
    }

    /// Remembers the X server's time of the event SDL is about to report.
    mutating func noteSystemEvent(_ e: SDL_SysWMEvent) {
        guard let msg = e.msg else { return }
        var type: Int32 = 0, x: Int32 = 0, y: Int32 = 0
        var button: UInt32 = 0
        let t = gl_x11_event_time(msg, &type, &x, &y, &button)
        if t != 0 { lastX11Time = UInt64(t) }
    }

    mutating func map(_ e: SDL_Event) -> [TraceEvent] {
        let type = SDL_EventType(rawValue: e.type)
        switch type {
        case SDL_MOUSEBUTTONDOWN where recordsPointer, SDL_MOUSEBUTTONUP where recordsPointer:
            return mapButtons(e.button, down: type == SDL_MOUSEBUTTONDOWN)
        case SDL_MOUSEMOTION where recordsPointer && !mouseDown:
            let m = e.motion
            guard m.which != gl_touch_mouseid() else { return [] }
            let p = (x: (Double(m.x) - offsetX) / scale, y: (Double(m.y) - offsetY) / scale)
            lastMouse = p
            return [TraceEvent(time: time(m.timestamp), type: .hover, pointer: 0, x: p.x, y: p.y, device: .mouse, buttons: 0)]
        case SDL_MOUSEWHEEL where recordsPointer:
            let w = e.wheel
            guard w.which != gl_touch_mouseid() else { return [] }
            let flip: Float = w.direction == UInt32(SDL_MOUSEWHEEL_FLIPPED.rawValue) ? -1 : 1
            let x = Double(w.preciseX * flip), y = Double(w.preciseY * flip)
            guard x != 0 || y != 0 else { return [] }
            // Whole notches are a wheel (discrete); fractions come from a trackpad's smooth scrolling.
            let kind: ScrollSample.Kind = x == x.rounded() && y == y.rounded() ? .discrete : .continuous
            // The wheel turned away from the user moves the content as a finger dragging down would.
            let sample = ScrollSample(dx: -x * Self.pointsPerWheelNotch, dy: y * Self.pointsPerWheelNotch, phase: scrollOpen ? .changed : .began, kind: kind)
            scrollOpen = true
            scrollKind = kind
            lastWheel = w.timestamp
            return [TraceEvent(time: time(w.timestamp), type: .scroll, pointer: 0, x: lastMouse.x, y: lastMouse.y, device: .mouse, scroll: sample)]
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            let b = e.button
            guard b.which != gl_touch_mouseid(), b.button == UInt8(SDL_BUTTON_LEFT) else { return [] }
            let t = time(b.timestamp)
            let p = (x: (Double(b.x) - offsetX) / scale, y: (Double(b.y) - offsetY) / scale)
            lastMouse = p
            if type == SDL_MOUSEBUTTONDOWN {
                guard !mouseDown else { return [] }
                mouseDown = true
                var out = [TraceEvent(time: t, type: .down, pointer: 0, x: p.x, y: p.y, device: .mouse)]
                let mods = SDL_GetModState().rawValue
                let alt = mods & (KMOD_LALT.rawValue | KMOD_RALT.rawValue) != 0
                let shift = mods & (KMOD_LSHIFT.rawValue | KMOD_RSHIFT.rawValue) != 0
                if alt {
                    let m = shift ? (dx: 60.0, dy: 0.0, pan: true) : (dx: windowWidth - 2 * p.x, dy: windowHeight - 2 * p.y, pan: false)
                    mirror = m
                    out.append(TraceEvent(time: t, type: .down, pointer: 100, x: p.x + m.dx, y: p.y + m.dy, device: .mouse))
                }
                return out
            } else {
                guard mouseDown else { return [] }
                mouseDown = false
                var out = [TraceEvent(time: t, type: .up, pointer: 0, x: p.x, y: p.y, device: .mouse)]
                if let m = mirror {
                    out.append(TraceEvent(time: t, type: .up, pointer: 100, x: second(p, m).x, y: second(p, m).y, device: .mouse))
                    mirror = nil
                }
                return out
            }
        case SDL_MOUSEMOTION:
            let m = e.motion
            // Motion with no button down is the pointer wandering (or the move to the start point).
            guard m.which != gl_touch_mouseid(), mouseDown else { return [] }
            let t = time(m.timestamp)
            let p = (x: (Double(m.x) - offsetX) / scale, y: (Double(m.y) - offsetY) / scale)
            lastMouse = p
            var out = [TraceEvent(time: t, type: .move, pointer: 0, x: p.x, y: p.y, device: .mouse, buttons: recordsPointer ? pressed : nil)]
            if let mm = mirror { out.append(TraceEvent(time: t, type: .move, pointer: 100, x: second(p, mm).x, y: second(p, mm).y, device: .mouse)) }
            return out
        case SDL_FINGERDOWN, SDL_FINGERUP, SDL_FINGERMOTION:
            let f = e.tfinger
            guard f.touchId != gl_mouse_touchid() else { return [] }
            let t = time(f.timestamp)
            let p = (x: Double(f.x) * windowWidth, y: Double(f.y) * windowHeight)
            if type == SDL_FINGERDOWN {
                let id = nextFinger
                nextFinger += 1
                fingerIDs[f.fingerId] = id
                return [TraceEvent(time: t, type: .down, pointer: id, x: p.x, y: p.y, pressure: Double(f.pressure), device: .touch)]
            }
            guard let id = fingerIDs[f.fingerId] else { return [] }
            if type == SDL_FINGERUP { fingerIDs[f.fingerId] = nil }
            return [TraceEvent(time: t, type: type == SDL_FINGERUP ? .up : .move, pointer: id, x: p.x, y: p.y, pressure: Double(f.pressure), device: .touch)]
        default:
            return []
        }
    }

    /// With `recordsPointer`: one pointer while any button is held; its down and moves carry the
    /// buttons (1 left, 2 right, 4 middle), its up comes when the last button is released.
    private mutating func mapButtons(_ b: SDL_MouseButtonEvent, down: Bool) -> [TraceEvent] {
        guard b.which != gl_touch_mouseid() else { return [] }
        let bit: Int
        switch Int32(b.button) {
        case SDL_BUTTON_LEFT: bit = 1
        case SDL_BUTTON_RIGHT: bit = 2
        case SDL_BUTTON_MIDDLE: bit = 4
        default: return []
        }
        let t = time(b.timestamp)
        let p = (x: (Double(b.x) - offsetX) / scale, y: (Double(b.y) - offsetY) / scale)
        lastMouse = p
        let before = pressed
        pressed = down ? pressed | bit : pressed & ~bit
        if before == 0 && pressed != 0 {
            mouseDown = true
            return [TraceEvent(time: t, type: .down, pointer: 0, x: p.x, y: p.y, device: .mouse, buttons: pressed)]
        }
        if before != 0 && pressed == 0 {
            mouseDown = false
            return [TraceEvent(time: t, type: .up, pointer: 0, x: p.x, y: p.y, device: .mouse, buttons: 0)]
        }
        // Another button joined or left while one is held: the pointer moves with the new mask.
        return before == pressed ? [] : [TraceEvent(time: t, type: .move, pointer: 0, x: p.x, y: p.y, device: .mouse, buttons: pressed)]
    }

    /// Ends the wheel's scroll once it has been quiet for `wheelQuietMs` (called every frame).
    mutating func endScrollIfQuiet(ticks: UInt32) -> [TraceEvent] {
        guard scrollOpen, ticks &- lastWheel >= Self.wheelQuietMs else { return [] }
        scrollOpen = false
        let t = time(lastWheel &+ Self.wheelQuietMs)
        return [TraceEvent(time: t, type: .scroll, pointer: 0, x: lastMouse.x, y: lastMouse.y, device: .mouse,
                           scroll: ScrollSample(dx: 0, dy: 0, phase: .ended, kind: scrollKind))]
    }

    private func second(_ p: (x: Double, y: Double), _ m: (dx: Double, dy: Double, pan: Bool)) -> (x: Double, y: Double) {
        m.pan ? (p.x + m.dx, p.y + m.dy) : (windowWidth - p.x, windowHeight - p.y)
    }

    mutating func resetClock() { lastTime = 0 }

    /// Ends any stroke still down (the window lost the mouse, or the recording stops).
    mutating func releaseAll(at t: Timestamp) -> [TraceEvent] {
        var out: [TraceEvent] = []
        if mouseDown {
            out.append(TraceEvent(time: t, type: .cancel, pointer: 0, x: lastMouse.x, y: lastMouse.y, device: .mouse))
            if let m = mirror { out.append(TraceEvent(time: t, type: .cancel, pointer: 100, x: second(lastMouse, m).x, y: second(lastMouse, m).y, device: .mouse)) }
        }
        mouseDown = false
        mirror = nil
        return out
    }
}
