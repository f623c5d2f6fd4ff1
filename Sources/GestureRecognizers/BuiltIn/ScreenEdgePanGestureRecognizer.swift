import GestureEngine
import GestureTrace

/// UIKit's `UIScreenEdgePanGestureRecognizer` (docs/uikit-rules.md A.6.6): a pan that begins only if its
/// touch started within `edgeZone` of one of `edges` of the window, and that ignores every touch
/// after the first.
public final class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    public var edges: SwipeDirection = .left
    public var edgeZone = GestureDefaults.screenEdgeZone

    public override var typeName: String { "screenEdgePan" }

    public override var ownParameters: [ParameterSpec] {
        super.ownParameters.filter { $0.name != "minimumNumberOfTouches" && $0.name != "maximumNumberOfTouches" } + [
            ParameterSpec(name: "edges", kind: .set(["left", "right", "top", "bottom"]), summary: "window edges it starts from (default left)",
                          get: { r in
                              let e = (r as! ScreenEdgePanGestureRecognizer).edges
                              var names: [String] = []
                              if e.contains(.left) { names.append("left") }
                              if e.contains(.right) { names.append("right") }
                              if e.contains(.up) { names.append("top") }
                              if e.contains(.down) { names.append("bottom") }
                              return .list(names)
                          },
                          set: { r, v throws(ParameterError) in
                              let names: [String]
                              switch v {
                              case let .text(s): names = [s]
                              case let .list(l): names = l
                              default: throw ParameterError("edges must be left, right, top, bottom or a list of them")
                              }
                              var e: SwipeDirection = []
                              for n in names {
                                  switch n {
                                  case "left": e.insert(.left)
                                  case "right": e.insert(.right)
                                  case "top": e.insert(.up)
                                  case "bottom": e.insert(.down)
                                  default: throw ParameterError("unknown edge \"\(n)\"; edges are left, right, top, bottom")
                                  }
                              }
                              (r as! ScreenEdgePanGestureRecognizer).edges = e
                          }),
            .number("edgeZone", \ScreenEdgePanGestureRecognizer.edgeZone, unit: "pt", "how near the edge the touch must start (20 pt, assumed)"),
        ]
    }

    public override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        var list = touches
        if attemptTouches.count > touches.count || touches.count > 1 {
            // Only the first touch of the attempt counts.
            let first = attemptTouches.first
            for t in touches where t !== first { ignore(t, for: event) }
            list = touches.filter { $0 === first }
            if list.isEmpty { return }
        }
        if let t = list.first, state == .possible, !startsAtEdge(t) {
            fail(because: "\(t.label) started \(NumberFormat.short(distanceToEdge(t))) pt from the nearest allowed edge, outside edgeZone \(NumberFormat.short(edgeZone)) pt",
                 evidence: [Evidence("edgeZone", value: distanceToEdge(t), threshold: edgeZone, unit: "pt", comparison: ">")])
            return
        }
        super.touchesBegan(list, with: event)
    }

    private func windowBounds() -> Rect { view?.root.frame ?? Rect(x: 0, y: 0, width: 0, height: 0) }

    private func distanceToEdge(_ t: Touch) -> Double {
        let b = windowBounds()
        let p = t.startLocationInWindow
        var d = Double.infinity
        if edges.contains(.left) { d = min(d, p.x - b.minX) }
        if edges.contains(.right) { d = min(d, b.maxX - p.x) }
        if edges.contains(.up) { d = min(d, p.y - b.minY) }
        if edges.contains(.down) { d = min(d, b.maxY - p.y) }
        return d
    }

    private func startsAtEdge(_ t: Touch) -> Bool { distanceToEdge(t) <= edgeZone }
}
