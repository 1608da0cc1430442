/// Where a control was read from: a storyboard, a XIB, UIKit code, SwiftUI.
public enum ControlOrigin: String, Sendable, CaseIterable {
    case storyboard, xib, code, swiftui
}
