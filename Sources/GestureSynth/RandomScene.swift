/// Random scene files for property tests and the engine fuzzer: nested views (plain, controls,
/// scroll views), built-in recognizers with random flags and parameters, relationships,
/// delegate policies, reactions and engine options. The result is YAML text, so the loader is
/// exercised too. Every choice comes from `rng`; the same generator state gives the same text.
public enum RandomScene {
    public static let viewport = (width: 400.0, height: 800.0)

    /// A scene and the ids of its recognizers (scroll views add their own two).
    public static func yaml<R: RandomNumberGenerator>(using rng: inout R) -> (text: String, recognizerIDs: [String]) {
        var g = Generator(rng: rng)
        let text = g.scene()
        rng = g.rng
        return (text, g.recognizers.map(\.id))
    }

    struct Generator<R: RandomNumberGenerator> {
        var rng: R
        var views: [String] = []
        var recognizers: [(id: String, type: String)] = []
        /// Recognizers by the view they are on (the window is ""), so relationships often join
        /// recognizers that actually compete for the same touches.
        var byView: [[String]] = []
        /// Pairs that naturally recognize together (pinch and rotation, pan and swipe, ...), put
        /// on one view and declared simultaneous: random pairs alone rarely both win.
        var partners: [(String, String)] = []
        var lines: [String] = []

        mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
        mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }
        mutating func pick<T>(_ list: [T]) -> T { list[int(0...list.count - 1)] }
        mutating func number(_ range: ClosedRange<Double>) -> String {
            let v = Double.random(in: range, using: &rng)
            return String(Double(Int(v * 100)) / 100)
        }

        mutating func scene() -> String {
            lines.append("scene: random")
            lines.append("viewport: [\(Int(viewport.width)), \(Int(viewport.height))]")
            if chance(0.4) {
                lines.append("options:")
                if chance(0.5) { lines.append("  resetTiming: \(pick(["endOfCycle", "endOfTouchSequence"]))") }
                if chance(0.5) { lines.append("  cancellationOrder: \(pick(["actionThenCancel", "cancelThenAction"]))") }
                if chance(0.3) { lines.append("  actionOnCancelled: \(chance(0.5))") }
                if chance(0.3) { lines.append("  oneWayPreventionWinsTies: \(chance(0.5))") }
                if chance(0.3) { lines.append("  batchSimultaneousEvents: \(chance(0.5))") }
                if chance(0.3) { lines.append("  timersBeforeTouchesAtSameTime: \(chance(0.5))") }
                if chance(0.3) { lines.append("  failRequirementCycles: \(chance(0.5))") }
                if lines.last == "options:" { lines.removeLast() }
            }
            if chance(0.3) {
                lines.append("window:")
                lines.append("  recognizers:")
                recognizerList(indent: "    ", count: int(1...2))
            }
            lines.append("views:")
            let top = int(1...3)
            for _ in 0..<top {
                view(indent: "  ", width: viewport.width, height: viewport.height, depth: 0)
            }
            relationships()
            policies()
            reactions()
            return lines.joined(separator: "\n") + "\n"
        }

        mutating func view(indent: String, width: Double, height: Double, depth: Int) {
            let id = "v\(views.count)"
            views.append(id)
            let w = Double(int(40...Int(max(41, width))))
            let h = Double(int(40...Int(max(41, height))))
            let x = Double(int(0...Int(max(0, width - w)))), y = Double(int(0...Int(max(0, height - h))))
            let kind = depth > 0 && chance(0.15) ? "control" : (chance(0.2) ? "scroll" : "view")
            lines.append("\(indent)- id: \(id)")
            lines.append("\(indent)  frame: [\(Int(x)), \(Int(y)), \(Int(w)), \(Int(h))]")
            if kind != "view" { lines.append("\(indent)  kind: \(kind)") }
            if kind == "scroll" {
                let cw = chance(0.5) ? w * 3 : w, ch = cw == w || chance(0.5) ? h * 3 : h
                lines.append("\(indent)  contentSize: [\(Int(cw)), \(Int(ch))]")
                if chance(0.3) { lines.append("\(indent)  delaysContentTouches: \(chance(0.5))") }
                if chance(0.3) { lines.append("\(indent)  canCancelContentTouches: \(chance(0.5))") }
                if chance(0.2) { lines.append("\(indent)  directionalLock: \(chance(0.5))") }
                if chance(0.1) { lines.append("\(indent)  scrollEnabled: false") }
                recognizers.append((id + ".delay", "contentTouchDelay"))
                recognizers.append((id + ".pan", "scrollPan"))
                byView.append([id + ".delay", id + ".pan"])
            }
            if chance(0.05) { lines.append("\(indent)  userInteractionEnabled: false") }
            if chance(0.03) { lines.append("\(indent)  hidden: true") }
            if chance(0.8) {
                lines.append("\(indent)  recognizers:")
                recognizerList(indent: indent + "    ", count: int(1...4))
            }
            if depth < 3 && chance(0.5) {
                lines.append("\(indent)  subviews:")
                for _ in 0..<int(1...2) { view(indent: indent + "    ", width: w, height: h, depth: depth + 1) }
            }
        }

        mutating func recognizerList(indent: String, count: Int) {
            byView.append([])
            for _ in 0..<count {
                let id = "r\(recognizers.count)"
                var fields = ["id: \(id)"]
                let type = pick(["tap", "tap", "longPress", "pan", "pan", "swipe", "pinch", "rotation", "screenEdgePan"])
                fields.append("type: \(type)")
                switch type {
                case "tap":
                    if chance(0.5) { fields.append("numberOfTapsRequired: \(int(1...3))") }
                    if chance(0.2) { fields.append("numberOfTouchesRequired: \(int(1...2))") }
                case "longPress":
                    if chance(0.5) { fields.append("minimumPressDuration: \(number(0.05...1.0))") }
                    if chance(0.3) { fields.append("allowableMovement: \(number(2...30))") }
                case "pan":
                    if chance(0.3) { fields.append("minimumNumberOfTouches: \(int(1...2))") }
                    if chance(0.3) { fields.append("minimumDistance: \(number(2...30))") }
                case "swipe":
                    if chance(0.5) { fields.append("direction: \(pick(["left", "right", "up", "down"]))") }
                case "screenEdgePan":
                    fields.append("edges: \(pick(["left", "right", "top", "bottom"]))")
                default: break
                }
                if chance(0.15) { fields.append("cancelsTouchesInView: false") }
                if chance(0.15) { fields.append("delaysTouchesBegan: true") }
                if chance(0.15) { fields.append("delaysTouchesEnded: false") }
                if chance(0.05) { fields.append("enabled: false") }
                lines.append("\(indent)- {\(fields.joined(separator: ", "))}")
                recognizers.append((id, type))
                byView[byView.count - 1].append(id)
            }
            if chance(0.3) {
                let (a, b) = pick([("pinch", "rotation"), ("pan", "swipe"), ("pan", "longPress"), ("pan", "pinch"), ("tap", "longPress")])
                let first = "r\(recognizers.count)", second = "r\(recognizers.count + 1)"
                lines.append("\(indent)- {id: \(first), type: \(a)}")
                lines.append("\(indent)- {id: \(second), type: \(b)\(b == "longPress" ? ", minimumPressDuration: 0.2" : "")}")
                recognizers += [(first, a), (second, b)]
                byView[byView.count - 1] += [first, second]
                partners.append((first, second))
            }
        }

        /// Two different recognizers, from one view two times in three.
        mutating func pair() -> (String, String)? {
            let groups = byView.filter { $0.count >= 2 }
            if !groups.isEmpty && chance(0.67) {
                let g = pick(groups)
                let a = pick(g), b = pick(g)
                return a == b ? nil : (a, b)
            }
            let a = pick(recognizers).id, b = pick(recognizers).id
            return a == b ? nil : (a, b)
        }

        mutating func relationships() {
            let own = recognizers.filter { !$0.id.contains(".") }
            let all = recognizers
            guard all.count >= 2 else { return }
            var out: [String] = partners.map { "  - simultaneous: [\($0.0), \($0.1)]" }
            for _ in 0..<int(0...min(6, all.count)) {
                guard let (a, b) = pair() else { continue }
                switch int(0...3) {
                case 0: out.append("  - simultaneous: [\(a), \(b)]")
                case 1, 2:
                    guard own.contains(where: { $0.id == a }) || chance(0.3) else { continue }
                    out.append("  - require: \(a)")
                    out.append("    toFail: \(b)")
                    out.append("    via: \(pick(["static", "delegate", "requiredDelegate"]))")
                default:
                    out.append("  - recognizer: \(a)")
                    out.append("    cannotPrevent: \(b)")
                }
            }
            if !out.isEmpty { lines.append("relationships:"); lines += out }
        }

        mutating func policies() {
            let own = recognizers.filter { !$0.id.contains(".") }
            guard !own.isEmpty, chance(0.5) else { return }
            lines.append("policies:")
            for _ in 0..<int(1...min(3, own.count)) {
                lines.append("  - recognizer: \(pick(own).id)")
                if chance(0.6) {
                    lines.append("    shouldBegin:")
                    if chance(0.15) { lines.append("      never: true") } else {
                        lines.append("      direction: \(pick(["horizontal", "vertical", "left", "right", "up", "down"]))")
                    }
                } else {
                    lines.append("    shouldReceive:")
                    lines.append("      \(pick(["notInside", "onlyInside"])): [\(pick(views))]")
                }
            }
        }

        mutating func reactions() {
            let own = recognizers.filter { !$0.id.contains(".") }
            guard own.count >= 2, chance(0.3) else { return }
            lines.append("reactions:")
            let source = pick(own)
            lines.append("  - when: \(source.id)")
            let discrete = source.type == "tap" || source.type == "swipe"
            lines.append("    state: \(discrete ? "recognized" : pick(["began", "changed", "ended", "cancelled"]))")
            lines.append("    do:")
            lines.append("      - \(pick(["disable", "enable"])): \(pick(own).id)")
        }
    }
}
