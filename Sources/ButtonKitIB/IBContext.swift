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
    /// Storyboard or XIB: a control's `origin`.
    let kind: IBDocumentKind
    /// IB object id → the outlet that holds the object, the best one when
    /// several do (see `indexOutlets`).
    private(set) var outlets: [String: OutletRef] = [:]

    /// An outlet found in the file, with its elements (taken once a control
    /// uses it, so the sweep does not list it) and how good a name it is.
    struct OutletRef {
        let outlet: IBOutlet
        let node: XMLNode
        let connections: XMLNode
        /// 0: File's Owner or a view controller (what the app's code holds);
        /// 1: another object (a custom cell or view); 2: a button's own
        /// (DLRadioButton's `otherButtons`, already its radio group).
        let rank: Int
    }
    private(set) var ignored: [IBIgnored] = []

    init(path: String, kind: IBDocumentKind, bytes: [UInt8], colors: IBColorReader, options: IBLoadOptions,
         imageNames: Set<String>, hasCatalogs: Bool) {
        self.path = path; self.kind = kind; self.lines = SourceLines(bytes); self.colors = colors; self.options = options
        self.imageNames = imageNames; self.hasCatalogs = hasCatalogs
    }

    /// The most entries listed; past it one entry says how many more there were.
    static let maxIgnored = 200_000
    private var dropped = 0

    /// Lists `node` (or one of its attributes) as seen and not modelled. A
    /// whole element is listed once: nothing inside it is listed again.
    func ignore(_ node: XMLNode, _ attribute: String? = nil, _ reason: String) {
        if let attribute { _ = node[attribute]; node.take() } else { node.takeSubtree() }
        if ignored.count >= IBContext.maxIgnored { dropped += 1; return }
        ignored.append(IBIgnored(line: node.line, column: lines.column(of: node, attribute: attribute),
                                 element: node.name, attribute: attribute, reason: reason))
    }

    /// Lists everything under `node` nobody read: an element not taken once
    /// (each `constraint` of a `constraints` block on its own), and each
    /// attribute not read of an element taken. `key` and `id` only name
    /// things and are never listed. Run after everything was read, so what
    /// it lists is exactly what the reader did not look at.
    func sweep(_ node: XMLNode) {
        if IBContext.designTimeElements.contains(node.name) || (node.name == "point" && node.peek("key") == "canvasLocation") {
            return   // Interface Builder's canvas only: nothing of it exists when the app runs
        }
        if !node.taken {
            if node.name == "constraints", !node.children.isEmpty {
                node.take()
                for c in node.children {
                    ignore(c, nil, c.name == "constraint" ? "Auto Layout constraint not solved: frames are taken as saved" : "not modelled")
                }
            } else {
                ignore(node, nil, IBContext.reason(for: node.name))
            }
            return
        }
        for (i, a) in node.attributes.enumerated() where !node.isUsed(i) && !IBContext.namingAttributes.contains(a.name) {
            ignore(node, a.name, "not modelled")
        }
        for c in node.children { sweep(c) }
    }

    /// Attributes that only name things or exist only in Interface Builder's
    /// editor (its outline label, its placement warnings, the module that
    /// goes with a class): never listed.
    static let namingAttributes: Set<String> = [
        "key", "id", "userLabel", "customModule", "customModuleProvider", "sceneMemberID", "misplaced", "ambiguous",
        "fixedFrame", "placeholderIntrinsicWidth", "placeholderIntrinsicHeight", "colorLabel",
    ]

    /// Elements of the editor's canvas (simulated metrics, canvas places,
    /// the fonts list, comments to the designer): never listed.
    static let designTimeElements: Set<String> = [
        "simulatedStatusBarMetrics", "simulatedTopBarMetrics", "simulatedBottomBarMetrics", "simulatedScreenMetrics",
        "simulatedOrientationMetrics", "freeformSimulatedSizeMetrics", "simulatedMetricsContainer", "customFonts",
        "designables",
    ]

    /// Why a kind of element is not modelled, for the sweep's entries.
    static func reason(for element: String) -> String {
        switch element {
        case "constraint", "constraints": return "Auto Layout constraints are not solved: frames are taken as saved"
        case "autoresizingMask": return "autoresizing is not modelled: frames are taken as saved"
        case "viewLayoutGuide": return "layout guides are not modelled"
        case "variation": return "size-class variations are not modelled (the file's own values are used)"
        default: return "not modelled"
        }
    }

    /// The entries in file order (the sweep lists after the reading did).
    func sortIgnored() {
        ignored = ignored.enumerated().sorted { ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset) }.map(\.element)
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

    /// Indexes every `outlet` and `outletCollection` connection by its
    /// destination: File's Owner's and view controllers' (the properties the
    /// app's code holds) win over a custom view's or cell's, which win over
    /// a button's own; within a rank, the first in the file.
    func indexOutlets(_ node: XMLNode) {
        if node.name == "connections" {
            // The owner is the element holding the connections; its class
            // was indexed by `index` (read there, so peek here).
            for c in node.children where c.name == "outlet" || c.name == "outletCollection" {
                guard let property = c.peek("property"), let destination = c.peek("destination") else { continue }
                let rank: Int
                switch ownerName {
                case "placeholder": rank = ownerPlaceholder == "IBFilesOwner" ? 0 : 1
                case "button": rank = 2
                case let n where n.hasSuffix("Controller"): rank = 0
                default: rank = 1
                }
                if let old = outlets[destination], old.rank <= rank { continue }
                outlets[destination] = OutletRef(outlet: IBOutlet(property: property, ownerClass: ownerClass,
                                                                  isCollection: c.name == "outletCollection"),
                                                 node: c, connections: node, rank: rank)
            }
            return
        }
        let saved = (ownerName, ownerClass, ownerPlaceholder)
        ownerName = node.name; ownerClass = node.peek("customClass"); ownerPlaceholder = node.peek("placeholderIdentifier")
        for c in node.children { indexOutlets(c) }
        (ownerName, ownerClass, ownerPlaceholder) = saved
    }
    private var ownerName = "", ownerClass: String?, ownerPlaceholder: String?

    /// The outlet holding the control with IB id `id`, marking it read.
    func outlet(for id: String) -> IBOutlet? {
        guard let r = outlets[id] else { return nil }
        r.node.takeAll()
        r.connections.take()
        return r.outlet
    }

    /// What an action's or segue's destination names: the scene it is, else
    /// its custom class, else its id.
    func destinationName(_ id: String) -> String {
        if let s = sceneNames[id] { return s }
        return classes[id] ?? id
    }
}
