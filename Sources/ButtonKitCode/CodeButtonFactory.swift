import ButtonKit
import ButtonKitIB

/// A `CodeButton` into the model's `Button` and its `IBControlInfo`, as
/// ButtonKitIB makes them from a `<button>` element.
///
/// Position: code places its buttons with Auto Layout, which ButtonKit
/// does not solve (as for Interface Builder files, whose saved frames are
/// used). A button whose code sets no `frame` is placed in a column on its
/// screen (one per `pitch`, from `top`), at the size UIKit gives it with no
/// constraints (its intrinsic content size, estimated from its title or
/// image and insets), so pictures show it and the audit's size checks see
/// its own size rather than an invented one.
enum CodeButtonFactory {
    static let top = 88.0
    static let pitch = 60.0
    static let left = 16.0

    static func build(_ cb: CodeButton, slot: Int, imageNames: Set<String>, hasCatalogs: Bool) -> (Button, IBControlInfo) {
        let normal = cb.styles[.normal] ?? Style()
        let frame = cb.frame ?? intrinsicFrame(cb, normal, slot: slot)
        let button = Button(id: cb.id, frame: frame)
        var settings: [ButtonSetting] = []
        if cb.type == .system { settings.append(.type(.system)) }
        settings.append(.styles(cb.styles.sorted { $0.key.rawValue < $1.key.rawValue }.map { ($0.key, $0.value) }))
        if cb.hasConfiguration, let c = cb.configuration { settings.append(.configuration(c)) }
        settings += cb.settings
        // One at a time, so one value the model refuses loses only itself.
        for s in ordered(settings) { try? button.apply(s) }
        installUpdate(cb, on: button)
        var images: [String] = []
        for (_, st) in cb.styles {
            if let i = st.image { images.append(i) }
            if let i = st.backgroundImage { images.append(i) }
        }
        let missing = hasCatalogs ? images.filter { !imageNames.contains($0) && !$0.contains(".") } : []
        let info = IBControlInfo(ibID: cb.id, customClass: cb.subclass, actions: cb.actions, segues: [], runtimeAttributes: [],
                                 userLabel: nil, role: cb.role, imageEdgeInsets: cb.imageEdgeInsets, titleShadowColors: cb.shadows,
                                 missingImages: [], line: cb.source.line, origin: .code, source: cb.source, property: cb.property,
                                 accessibilityIdentifier: cb.accessibilityID)
        _ = missing
        return (button, info)
    }

    /// Code about a storyboard or XIB control (through its outlet), applied
    /// on top of what the file set: styles merge per state, flags and the
    /// configuration replace; code's actions join the file's connections.
    static func apply(_ cb: CodeButton, to button: Button, info old: IBControlInfo) -> IBControlInfo {
        var settings: [ButtonSetting] = []
        if !cb.styles.isEmpty { settings.append(.styles(cb.styles.sorted { $0.key.rawValue < $1.key.rawValue }.map { ($0.key, $0.value) })) }
        if cb.hasConfiguration { settings.append(.configuration(cb.configuration)) }
        settings += cb.settings
        for s in settings { try? button.apply(s) }
        installUpdate(cb, on: button)
        var shadows = old.titleShadowColors
        for (k, v) in cb.shadows { shadows[k] = v }
        return IBControlInfo(ibID: old.ibID, customClass: old.customClass, actions: old.actions + cb.actions, segues: old.segues,
                             runtimeAttributes: old.runtimeAttributes, userLabel: old.userLabel, role: old.role,
                             imageEdgeInsets: cb.imageEdgeInsets ?? old.imageEdgeInsets, titleShadowColors: shadows,
                             missingImages: old.missingImages, line: old.line, outlet: old.outlet, origin: old.origin,
                             source: old.source, property: old.property, cell: old.cell,
                             accessibilityIdentifier: cb.accessibilityID ?? old.accessibilityIdentifier)
    }

    /// The code's `configurationUpdateHandler` / `updateConfiguration()` as
    /// the button's update handler: the model runs it after each state
    /// change and for each state it previews, as UIKit runs the app's.
    static func installUpdate(_ cb: CodeButton, on button: Button) {
        guard !cb.configurationUpdate.isEmpty else { return }
        let update = cb.configurationUpdate
        try? button.setConfigurationUpdateHandler { b, config in update.apply(state: b.state, to: &config) }
    }

    /// The settings in `Button.apply`'s order, later ones of a kind after earlier ones.
    static func ordered(_ s: [ButtonSetting]) -> [ButtonSetting] { s }

    static func intrinsicFrame(_ cb: CodeButton, _ normal: Style, slot: Int) -> Rect {
        let font = normal.font ?? Font.systemDefault
        let measurer = EstimatedMeasurer()
        // The widest of its titles, each in its state's font: Auto Layout
        // sizes the button to the title it shows. Measured as the pictures
        // draw it (the process's text metrics), so a picture of the
        // selected state does not cut a title the device would show whole
        // (examples/Market's "Favourited" was drawn "Favo…ited").
        let metrics = TextMetrics.shared
        var widths = cb.styles.values.compactMap { st -> Double? in
            guard let t = st.title ?? st.attributedTitle.map({ $0.map(\.text).joined() }) else { return nil }
            return metrics.width(t, st.font ?? font)
        }
        if let t = cb.configuration?.title { widths.append(metrics.width(t, font)) }
        let widest = widths.max() ?? 0
        let hasTitle = widest > 0
        var width = widest
        var height = !hasTitle ? 0 : measurer.lineHeight(of: font) + 12
        if normal.image != nil || cb.configuration?.image != nil { width += 24 + (hasTitle ? 8 : 0); height = max(height, 30) }
        if cb.configuration != nil { width += 28; height = max(height + 2, 34) }
        // The content insets the code sets (UIKit adds them to the intrinsic size).
        for case .contentEdgeInsets(let i) in cb.settings { width = (hasTitle ? width : 0) + i.left + i.right; height += i.top + i.bottom }
        width = max(width, 30); height = max(height, 30)
        return Rect(x: left, y: top + Double(slot) * pitch, width: (width * 2).rounded(.up) / 2, height: (height * 2).rounded(.up) / 2)
    }
}
