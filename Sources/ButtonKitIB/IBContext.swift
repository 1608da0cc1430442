import ButtonKit

/// What reading one document shares: the file's lines (for columns), the
/// colour reader, the object index, and the list of what was not modelled.
final class IBContext {
    let path: String
    let lines: SourceLines
    let colors: IBColorReader
    let options: IBLoadOptions
    let imageNames: Set<String>
    let hasCatalogs: Bool
    /// IB object id → custom class, for the objects that have one (what an
    /// action's destination is named by).
    var classes: [String: String] = [:]
    /// IB object id of a scene's view controller → the scene's name.
    var sceneNames: [String: String] = [:]
    private(set) var ignored: [IBIgnored] = []

    init(path: String, bytes: [UInt8], colors: IBColorReader, options: IBLoadOptions, imageNames: Set<String>, hasCatalogs: Bool) {
        self.path = path; self.lines = SourceLines(bytes); self.colors = colors; self.options = options
        self.imageNames = imageNames; self.hasCatalogs = hasCatalogs
    }

    /// The most entries listed; past it one entry says how many more there were.
    static let maxIgnored = 200_000
    private var dropped = 0

    /// Lists `node` (or one of its attributes) as seen and not modelled.
    func ignore(_ node: XMLNode, _ attribute: String? = nil, _ reason: String) {
        if ignored.count >= IBContext.maxIgnored { dropped += 1; return }
        ignored.append(IBIgnored(line: node.line, column: lines.column(of: node, attribute: attribute),
                                 element: node.name, attribute: attribute, reason: reason))
    }

    /// The list, with a last entry counting what did not fit.
    var ignoredList: [IBIgnored] {
        guard dropped > 0, let last = ignored.last else { return ignored }
        return ignored + [IBIgnored(line: last.line, column: last.column, element: last.element, attribute: nil,
                                    reason: "and \(dropped) more entries not listed (at most \(IBContext.maxIgnored) are)")]
    }

    /// A `<color>` as a colour, or nil with the reason listed.
    func color(_ node: XMLNode) -> ColorValue? {
        switch colors.read(node) {
        case .color(let c): return c
        case .unusable(let attribute, let reason):
            ignore(node, attribute, reason)
            return nil
        }
    }

    /// A finite number attribute, or nil (listed when present but not a number).
    func number(_ node: XMLNode, _ attribute: String) -> Double? {
        guard let text = node[attribute] else { return nil }
        if let d = Double(text), d.isFinite { return d }
        ignore(node, attribute, "'\(text)' is not a number")
        return nil
    }

    /// `YES`/`NO` attributes.
    func flag(_ node: XMLNode, _ attribute: String) -> Bool? {
        guard let text = node[attribute] else { return nil }
        switch text {
        case "YES", "yes", "true": return true
        case "NO", "no", "false": return false
        default:
            ignore(node, attribute, "'\(text)' is not YES or NO")
            return nil
        }
    }

    /// Indexes the custom classes of elements with an id, for connections' destinations.
    func index(_ node: XMLNode) {
        if let cls = node["customClass"], let id = node["id"] { classes[id] = cls }
        for c in node.children { index(c) }
    }

    /// What an action's or segue's destination names: the scene it is, else
    /// its custom class, else its id.
    func destinationName(_ id: String) -> String {
        if let s = sceneNames[id] { return s }
        return classes[id] ?? id
    }
}
