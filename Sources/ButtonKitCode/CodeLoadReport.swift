import ButtonKit
import ButtonKitIB

/// What a load read beyond the document, for `buttonkit scan` and the
/// docs' measurements: the files, each control with how many of its
/// settings were evaluated, and how long reading took.
public struct CodeLoadReport: Sendable {
    public struct Control: Sendable {
        public let id: String
        public let screen: String
        public let origin: ControlOrigin
        public let source: SourceLocation?
        public let resolved: Int
        public let unresolved: Int
        /// Whether its normal title and title colour are known (for the real-app table).
        public let hasTitle: Bool
        public let hasTitleColor: Bool
        /// Whether the code sets a normal title / title colour at all (evaluated or not).
        public var titleTried = false
        public var titleColorTried = false
    }
    public var swiftFiles: [String] = []
    public var interfaceFiles: [String] = []
    public var controls: [Control] = []
    /// Files whose IR came from the cache (memory or disk).
    public var cached = 0
    /// Seconds spent in the reader processes' round trip.
    public var readSeconds = 0.0
    public var totalSeconds = 0.0
    /// Seconds spent decoding IR (ours, after the reader), and its bytes.
    public var decodeSeconds = 0.0
    public var irBytes = 0
    public var lines = 0

    public init() {}

    /// The report of a storyboard or XIB loaded alone: its controls.
    public static func of(_ d: IBDocument) -> CodeLoadReport {
        var r = CodeLoadReport()
        r.interfaceFiles = [d.path]
        for s in d.scenes {
            for b in s.controls {
                let i = d.info(for: b)
                r.controls.append(Control(id: b.id, screen: s.id, origin: i?.origin ?? .storyboard, source: i?.source, resolved: 0, unresolved: 0,
                                          hasTitle: b.styleFor(.normal).title != nil || b.configuration?.title != nil,
                                          hasTitleColor: b.styleFor(.normal).colorValue(of: .titleColor) != nil))
            }
        }
        return r
    }
}
