#if os(macOS)
  import AppKit
#elseif os(iOS)
  import UIKit
#endif

internal enum Asset {
  internal enum Colors {
    internal static let accent = ColorAsset(name: "Colors/Accent")
  }
}

internal final class ColorAsset {
  internal fileprivate(set) var name: String
  #if os(macOS)
  internal typealias Color = NSColor
  #elseif os(iOS)
  internal typealias Color = UIColor
  #endif
  internal private(set) lazy var color: Color = { Color(asset: self)! }()
  fileprivate init(name: String) { self.name = name }
}
