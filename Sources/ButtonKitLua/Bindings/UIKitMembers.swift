import ButtonKit

/// What to write in ButtonKit for a member name people bring from UIKit
/// (Objective-C selectors and Swift names) or from another kind of object.
/// `b:setBackgroundColor(...)` has no near miss among a button's fields, and
/// "did you mean 'title'?" for `setTitle` would send a newcomer to the one
/// field that is *not* per state; these sentences name the form that works.
/// The unknown-field error of every kind asks here before edit distance.
enum UIKitMembers {
    /// A sentence for `name` looked up on an object of `kind`, or nil.
    static func hint(for name: String, on kind: Binding.Kind) -> String? {
        switch kind {
        case .button, .sortButton: return button[name] ?? button[name.lowercased()] ?? styleProperty(name)
        case .radioGroup: return group[name] ?? (Int(name) != nil ? group["options"] : nil)
        case .sortBar: return bar[name] ?? (Int(name) != nil ? bar["items"] : nil)
        case .screen: return screen[name]
        default: return nil
        }
    }

    /// A per-state style property used as a field (`b.titleColor = "red"`):
    /// where it goes.
    static func styleProperty(_ name: String) -> String? {
        guard let p = StyleProperty(rawValue: name) else { return nil }
        return "'\(p.rawValue)' is per state: b:style(\"normal\", { \(p.rawValue) = ... }); what shows now is b.appearance.\(p.rawValue)"
    }

    /// UIButton and UIControl members, keyed by their Swift and Objective-C names.
    static let button: [String: String] = {
        var h: [String: String] = [:]
        func perState(_ names: [String], _ property: String, _ example: String) {
            for n in names { h[n] = "UIKit's \(n) is a per-state style here: b:style(state, { \(property) = \(example) })" }
        }
        perState(["setTitle", "setTitle:forState:"], "title", "\"Buy\"")
        perState(["setTitleColor", "setTitleColor:forState:"], "titleColor", "\"red\"")
        perState(["setAttributedTitle", "setAttributedTitle:forState:"], "attributedTitle", "{ { text = \"Buy\", color = \"red\" } }")
        perState(["setImage", "setImage:forState:"], "image", "\"cart\"")
        perState(["setBackgroundImage", "setBackgroundImage:forState:"], "backgroundImage", "\"pill\"")
        perState(["setBackgroundColor", "setBackgroundColor:forState:", "backgroundColor"], "backgroundColor", "\"#E0245E\"")
        perState(["setFont", "font"], "font", "{ size = 17, weight = \"semibold\" }")
        for (n, p) in [("titleForState", "title"), ("titleColorForState", "titleColor"), ("imageForState", "image"),
                       ("backgroundImageForState", "backgroundImage"), ("attributedTitleForState", "attributedTitle")] {
            h[n] = "what was set for a state is b:styleFor(state).\(p); what shows in it, b:appearanceFor(state).\(p)"
        }
        for (n, p) in [("currentTitle", "title"), ("currentTitleColor", "titleColor"), ("currentImage", "image"),
                       ("currentBackgroundImage", "backgroundImage"), ("currentAttributedTitle", "attributedTitle")] {
            h[n] = "the look of the current state is b.appearance: b.appearance.\(p)"
        }
        h["titleLabel"] = "the title's text, font and colour as drawn are b.appearance.text, .font and .titleColor (read-only); set them per state with b:style(state, { title = ..., font = \"bold 13\", titleColor = ... })"
        h["imageView"] = "the image drawn is b.appearance.image (a name)"
        h["layer"] = "a layer's cornerRadius, borderWidth and borderColor are per-state style properties: b:style(state, { cornerRadius = 8, borderWidth = 1 })"
        for n in ["addTarget", "addTarget:action:forControlEvents:", "addAction", "addAction:forControlEvents:"] {
            h[n] = "UIKit's \(n) is b:on(events, function(button, event) ... end), which returns a token"
        }
        for n in ["removeTarget", "removeTarget:action:forControlEvents:", "removeAction", "removeAction:forControlEvents:"] {
            h[n] = "UIKit's \(n) is b:off(token), with the token b:on returned"
        }
        for n in ["sendActionsForControlEvents", "sendActionsForControlEvents:", "sendAction", "sendActions(for:)"] {
            h[n] = "UIKit's \(n) is b:sendActions(events)"
        }
        for (n, f) in [("isSelected", "selected"), ("isEnabled", "enabled"), ("isHighlighted", "highlighted"),
                       ("isHidden", "hidden"), ("isFocused", "focused"), ("isTracking", "tracking"),
                       ("isUserInteractionEnabled", "userInteractionEnabled")] {
            h[n] = "Swift's \(n) is the field '\(f)' here: b.\(f)"
        }
        for (n, f) in [("setSelected", "selected"), ("setEnabled", "enabled"), ("setHighlighted", "highlighted"), ("setHidden", "hidden")] {
            h[n] = "UIKit's \(n) is an assignment here: b.\(f) = true"
        }
        h["accessibilityIdentifier"] = "a control's accessibility identifier is its 'id' (given to ui.button { id = ... }, read-only afterwards)"
        h["configurationUpdateHandler"] = "UIKit's configurationUpdateHandler is b:onConfigurationUpdate(function(button) ... end)"
        h["setNeedsUpdateConfiguration"] = "ButtonKit runs the update handler whenever the state changes; nothing to call"
        h["bounds"] = "a button's size is in its frame: b.frame.width, b.frame.height"
        h["center"] = "a button's position is its frame: b.frame.x, b.frame.y (top-left corner)"
        h["buttonType"] = "the button type is the field 'type' (given to ui.button { type = \"system\" })"
        return h
    }()

    /// Radio group members people reach for on the group itself.
    static let group: [String: String] = [
        "tap": "a radio group is not tapped itself: tap a member, g:button(value):tap()",
        "touchDown": "touches go to a member: g:button(value):touchDown()",
        "touchUp": "touches go to a member: g:button(value):touchUp()",
        "selectedValue": "the selected member's value is g.value",
        "selectedSegmentIndex": "a radio group selects by value, not index: g.value, g:select(value)",
        "selectedIndex": "a radio group selects by value, not index: g.value, g:select(value)",
        "setSelected": "select by value with g:select(value)",
        "options": "the members are g.buttons (g.buttons[1], ...); g:button(value) finds one",
    ]

    /// Sort bar members people reach for on the bar itself.
    static let bar: [String: String] = [
        "tap": "a sort bar is not tapped itself: tap a button, bar:button(key):tap()",
        "touchDown": "touches go to a button: bar:button(key):touchDown()",
        "touchUp": "touches go to a button: bar:button(key):touchUp()",
        "items": "the bar's buttons are bar.buttons (bar.buttons[1], ...); bar:button(key) finds one",
        "sortKey": "the selected key is bar.key, its direction bar.direction",
    ]

    /// Screen members people bring from UIView.
    static let screen: [String: String] = [
        "addSubview": "UIView's addSubview is s:add(control)",
        "subviews": "a screen's controls are s.controls (later ones on top)",
        "viewWithTag": "find a control by id with s:find(id)",
    ]
}
