// `import UIKit` brings Foundation's types (CGPoint, CGFloat, TimeInterval) with it; so does
// `import GestureLabUIKit`, so a file written for iOS needs only its import line changed.
@_exported import Foundation
