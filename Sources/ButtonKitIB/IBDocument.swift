import ButtonKit

/// A storyboard or XIB read into ButtonKit's model: one screen per scene (or
/// top-level view), every button on it with what the file says, the radio
/// groups formed from `otherButtons` outlet collections, and the list of
/// what was seen and not modelled.
public final class IBDocument {
    /// The path the document was loaded from, as given.
    public let path: String
    /// Storyboard or XIB, from the root element.
    public let kind: IBDocumentKind
    /// iOS, tvOS (`targetRuntime="AppleTV"`) or Mac Catalyst (a file
    /// designed on a Mac device): the audit skips what does not apply.
    public let platform: Platform
    /// Scenes in document order.
    public let scenes: [IBScene]
    /// Radio groups from DLRadioButton-style `otherButtons` collections.
    public let groups: [RadioGroup]
    /// Everything seen and not modelled, in file order.
    public let ignored: [IBIgnored]
    /// Every named colour of the catalogs used.
    public let colors: AssetColors
    /// The image set names the catalogs know (a button's image is present
    /// when its name is among them).
    public let imageNames: Set<String>
    /// Whether asset catalogs were found or given at all (without any, an
    /// image cannot be called missing).
    public let hasCatalogs: Bool
    /// What code said about a button and could not be evaluated, and the
    /// Swift files' syntax errors (empty for a storyboard or XIB alone).
    public let unresolved: [SourceIssue]
    let infos: [ObjectIdentifier: IBControlInfo]

    /// A document; ButtonKitCode makes the ones of Swift files and folders.
    package init(path: String, kind: IBDocumentKind, platform: Platform = .iOS, scenes: [IBScene], groups: [RadioGroup], ignored: [IBIgnored],
                 colors: AssetColors, imageNames: Set<String>, hasCatalogs: Bool, infos: [ObjectIdentifier: IBControlInfo],
                 unresolved: [SourceIssue] = []) {
        self.path = path; self.kind = kind; self.platform = platform; self.scenes = scenes; self.groups = groups; self.ignored = ignored
        self.colors = colors; self.imageNames = imageNames; self.hasCatalogs = hasCatalogs; self.infos = infos
        self.unresolved = unresolved
    }

    /// Every control's info, for joining documents into one.
    package var allInfos: [ObjectIdentifier: IBControlInfo] { infos }

    /// What a control loaded from this document carries beyond a button;
    /// nil for a control from elsewhere.
    public func info(for control: Button) -> IBControlInfo? { infos[ObjectIdentifier(control)] }

    /// A scene by storyboard identifier, view controller custom class, scene
    /// title or IB object id (each tried over all scenes before the next).
    public func scene(named name: String) -> IBScene? {
        scenes.first { $0.storyboardIdentifier == name }
            ?? scenes.first { $0.customClass == name }
            ?? scenes.first { $0.title == name }
            ?? scenes.first { $0.ibID == name }
    }

    /// A control by accessibility identifier, user label, IB object id,
    /// outlet or property name, or normal-state title, over every scene; or
    /// by the audit's `Screen/control` name, so a problem's name finds its
    /// control.
    public func find(_ name: String) -> Button? {
        for s in scenes { if let b = s.find(name) { return b } }
        var screen = Substring(name)
        // Screen ids may hold a slash themselves: try every split, longest screen first.
        while let slash = screen.lastIndex(of: "/") {
            screen = name[..<slash]
            let rest = String(name[name.index(after: slash)...])
            if let s = scene(named: String(screen)) {
                if let b = s.find(rest) { return b }
                // A cell's control: Screen/cell/control.
                if let last = rest.split(separator: "/").last, let b = s.find(String(last)) { return b }
            }
        }
        return nil
    }

    /// The document for an audit report: one target per scene, each control
    /// named as the contract names it in reports — its accessibility
    /// identifier, else the outlet or property holding it, else its title,
    /// else its IB id — with its `<button>` element as its source.
    public var auditTargets: [AuditTarget] {
        scenes.map { scene in
            AuditTarget(screen: scene.id, controls: scene.controls.map { b in
                let info = self.info(for: b)
                return AuditTarget.Control(button: b, name: info.map { IBDocument.reportName(b, $0) }, source: info?.source)
            }, path: path)
        }
    }

    /// A control's name in reports (see `auditTargets`).
    static func reportName(_ b: Button, _ info: IBControlInfo) -> String {
        if let a = info.accessibilityIdentifier, !a.isEmpty { return a }
        if let p = info.property { return p }
        let normal = b.styleFor(.normal)
        let title = normal.title ?? b.configuration?.title ?? normal.attributedTitle.map { $0.map(\.text).joined() }
        if let t = title.map(Format.oneLine), !t.trimmingSpaces().isEmpty { return t }
        return info.ibID
    }

    /// Every control of every scene, in document order.
    public var controls: [Button] { scenes.flatMap(\.controls) }

    /// Reads the file at `path` with `options`' readers, then its project's
    /// asset catalogs (or the given ones). A file that cannot be read is an
    /// error naming file, line and column; what is read but not modelled is
    /// in `ignored`.
    public static func load(path: String, options: IBLoadOptions) throws(IBError) -> IBDocument {
        try IBDocumentBuilder(path: path, options: options).build()
    }
}
