import ButtonKit

/// What a `configurationUpdateHandler` or an `updateConfiguration()`
/// override does to the configuration, read from its code as rules: in
/// source order, when a state test holds, set a field (or replace the whole
/// configuration). The built button gets an update handler that applies
/// them for its current state, so the model's own update machinery (run
/// after every state change, and for each state a picture or the audit
/// previews) gives the per-state looks the app's code gives.
struct ConfigurationUpdate {
    enum Change {
        /// `config.title = "Pay"`: one field (`title`, `baseBackgroundColor`,
        /// `background.cornerRadius`...) to an evaluated value.
        case field(String, CodeValue)
        /// `button.configuration = .filled()` (or a configuration built in the handler); nil removes it.
        case replace(ButtonConfiguration?)
    }

    struct Rule {
        let when: StateTest
        let change: Change
    }

    var rules: [Rule] = []
    /// `var config = button.configuration ?? .filled()`: what the handler
    /// starts from when the button has no configuration.
    var fallback: ButtonConfiguration?

    var isEmpty: Bool { rules.isEmpty }

    /// The configuration the handler leaves for `state`, from the one it is handed.
    func apply(state: ControlState, to config: inout ButtonConfiguration?) {
        var c = config ?? fallback
        for r in rules where r.when.holds(state) {
            switch r.change {
            case .replace(let n): c = n
            case .field(let key, let v):
                // `config?.x = v` on no configuration does nothing, as in Swift.
                guard var x = c else { continue }
                _ = ConfigurationUpdate.set(&x, key, v)
                c = x
            }
        }
        config = c
    }

    /// What a configuration field expects its value to be.
    static func expect(_ key: String) -> Expect {
        switch key {
        case "baseForegroundColor", "baseBackgroundColor", "background.backgroundColor": return .color
        case "image": return .image
        case "title", "subtitle": return .string
        case "contentInsets": return .insets
        default: return .any
        }
    }

    /// Sets one field of `c` to an evaluated value: nil when set, else why not.
    static func set(_ c: inout ButtonConfiguration, _ key: String, _ v: CodeValue) -> String? {
        switch (key, v) {
        case ("title", .string(let s)): c.title = s
        case ("title", .nil_): c.title = nil
        case ("subtitle", .string(let s)): c.subtitle = s
        case ("subtitle", .nil_): c.subtitle = nil
        case ("image", .image(let n, _)): c.image = n
        case ("image", .nil_): c.image = nil
        case ("baseForegroundColor", .color(let col)): c.baseForegroundColor = col
        case ("baseForegroundColor", .nil_): c.baseForegroundColor = nil
        case ("baseBackgroundColor", .color(let col)), ("background.backgroundColor", .color(let col)): c.baseBackgroundColor = col
        case ("baseBackgroundColor", .nil_), ("background.backgroundColor", .nil_): c.baseBackgroundColor = nil
        case ("cornerStyle", .member(let n)) where ConfigurationCornerStyle(rawValue: n) != nil: c.cornerStyle = ConfigurationCornerStyle(rawValue: n) ?? .dynamic
        case ("buttonSize", .member(let n)) where ConfigurationSize(rawValue: n) != nil: c.buttonSize = ConfigurationSize(rawValue: n) ?? .medium
        case ("imagePlacement", .member(let n)) where ImagePlacement(rawValue: n) != nil: c.imagePlacement = ImagePlacement(rawValue: n) ?? .leading
        case ("imagePadding", .number(let n)) where n >= 0 && n <= Style.maxLength: c.imagePadding = n
        case ("titlePadding", .number(let n)) where n >= 0 && n <= Style.maxLength: c.titlePadding = n
        case ("background.cornerRadius", .number(let n)) where n >= 0 && n <= Style.maxLength: c.cornerRadius = n; c.cornerStyle = .fixed
        case ("showsActivityIndicator", .bool(let x)): c.showsActivityIndicator = x
        case ("contentInsets", .insets(let t, let l, let b, let r)):
            guard let i = try? EdgeInsets.make(top: t, leading: l, bottom: b, trailing: r) else { return "content insets out of range" }
            c.contentInsets = i
        default:
            return "configuration '\(key)' not modelled with this value"
        }
        return nil
    }
}
