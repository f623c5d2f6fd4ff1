import Dispatch
import Foundation

/// QuartzCore's time type.
public typealias CFTimeInterval = Double

/// QuartzCore's clock, which gesture code reads to time strokes: while GestureLab runs your code,
/// the replay's virtual time, on the same base as `UITouch.timestamp` and `UIEvent.timestamp`
/// (as on iOS, where all three are the system's uptime); elsewhere the machine's uptime.
public func CACurrentMediaTime() -> CFTimeInterval {
    if let driver = DrivenCode.current { return driver.environment.now.seconds }
    return Double(DispatchTime.now().uptimeNanoseconds) / 1e9
}
