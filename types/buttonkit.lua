---@meta buttonkit
-- ButtonKit's `ui` module for the Lua language server, generated from
-- docs/api.md by `buttonkit help api --luals`. Do not edit: change the reference.

---@alias ui.color string
---@alias ui.state string|integer|string[]
---@alias ui.events string|string[]
---@alias ui.font number|string|{ size?: number, textStyle?: string, weight?: string, family?: string }
---@alias ui.frame { x: number, y: number, width: number, height: number }|number[]
---@alias ui.point { x: number, y: number }|number[]
---@alias ui.style table<string, any>
---@alias ui.json any
---@alias ui.appearance table<string, any>

---@class ui.button
---@field id string (read-only)
---@field kind string (read-only)
---@field frame ui.frame
---@field title string
---@field enabled boolean
---@field selected boolean
---@field highlighted boolean
---@field focused boolean
---@field hidden boolean
---@field visible boolean (read-only)
---@field userInteractionEnabled boolean
---@field state string (read-only)
---@field stateBits integer (read-only)
---@field appearance ui.appearance (read-only)
---@field info ui.json
---@field tag integer
---@field fallback string
---@field changesSelectionAsPrimaryAction boolean
---@field touchMargin number
---@field adjustsImageWhenHighlighted boolean
---@field adjustsImageWhenDisabled boolean
---@field trace table (read-only)
---@field traceLimit integer
---@field tracking boolean (read-only)
---@field type string
---@field tintColor ui.color
---@field userInterfaceStyle string
---@field configuration table
---@field accessibilityLabel string
---@field accessibilityTraits table
---@field accessibilityValue string
---@field accessibilityHint string
---@field accessibilityDescription string (read-only)
---@field contentEdgeInsets table
---@field titleEdgeInsets table
---@field contentHorizontalAlignment string
---@field contentVerticalAlignment string
---@field semanticContentAttribute string
---@field contentSize string
---@field layoutDirection string
---@field adjustsFontForContentSizeCategory boolean
---@field hasPosition boolean (read-only)
---@field sizedByLayout boolean (read-only)
---@field titleFont ui.font (read-only)
---@field ibID string (read-only)
---@field customClass string (read-only)
---@field actions table (read-only)
---@field segues table (read-only)
---@field property string (read-only)
---@field origin string (read-only)
---@field source table (read-only)
---@field cell string (read-only)
---@field runtimeAttributes table (read-only)
local button = {}

--- Merges `properties` into the style of exactly `state`; returns the button.
---@param state ui.state
---@param properties ui.style
---@return ui.button
function button:style(state, properties) end

--- The seeds' fluent chain: `build(s)` gets a [builder](#builder) with one
--- method per style property, each returning `s`. Nothing is applied if a
--- value in the chain is invalid (the error names it).
---
---@param state ui.state
---@param build function
---@return ui.button
function button:setUpStyle(state, build) end

--- Removes one property of exactly `state`, or the whole state's style.
---@param state ui.state
---@param property? string
---@return ui.button
function button:unstyle(state, property) end

--- What was set for exactly `state`, normalized, with no fallback.
---@param state ui.state
---@return table
function button:styleFor(state) end

--- Runs `handler(control, eventName)` once for every sent event among
--- `events`; returns a token for `off`. An error in a handler is raised after
--- the touch sequence that fired it completes, with the handler's traceback.
---@param events ui.events
---@param handler function
---@return integer
function button:on(events, handler) end

--- Removes a handler; false when the token was not registered.
---@param token integer
---@return boolean
function button:off(token) end

--- Sends events as UIKit's `sendActions(for:)` does: handlers run (even when
--- the button is disabled) and no state changes.
---@param events ui.events
function button:sendActions(events) end

--- Starts a touch at a point in the button's own coordinates (default: the
--- centre). Returns false when the button ignores it (disabled, hidden, a
--- touch already in progress).
---@param x? number|ui.point
---@param y? number
---@return boolean
function button:touchDown(x, y) end

--- Moves the touch in progress: leaving or entering the frame plus
--- `touchMargin` sends touchDragExit/Enter and changes `highlighted`.
---@param x number|ui.point
---@param y? number
---@return boolean
function button:touchMove(x, y) end

--- Ends the touch: touchUpInside (after the primary action) or touchUpOutside.
---@param x? number|ui.point
---@param y? number
---@return boolean
function button:touchUp(x, y) end

--- Cancels the touch in progress (touchCancel).
---@return boolean
function button:touchCancel() end

--- A touchDown and a touchUp at the centre, or at `x, y`, or with options
--- `{ count = n, at = point }`: n taps in a row, the later ones sending
--- touchDownRepeat. Returns false when the button ignored the tap.
---@param options? table|number
---@param y? number
---@return boolean
function button:tap(options, y) end

--- Empties the trace.
---@return ui.button
function button:clearTrace() end

--- The appearance the button would have in `state`, without
--- changing it; with traits (`{ style = "dark" }`, `{ tintColor = "systemRed" }`,
--- `{ contentSize = "ax5", layoutDirection = "rightToLeft" }`, any of them
--- together), under those traits instead of its own. `state` is a state (a name,
--- a list of names or a bitmask), never a traits table: `appearanceFor({ style =
--- "dark" })` is refused and says the traits go in the next argument.
---
--- A button with an update handler (`onConfigurationUpdate`) runs it for the
--- preview as UIKit would after a change to `state`: inside the handler the
--- button reads as being in `state` (and under the traits given), the handler
--- changes its copy of the configuration, and the preview shows the result.
--- Then everything is as it was: a preview changes no state, no configuration
--- and records nothing in the trace. The handler may change its copy of the
--- configuration (or assign `button.configuration`); a change to the button
--- itself (`btn.enabled = false`, a touch, a style) is refused, since a
--- preview could not undo it (a group deselecting the others), and
--- `appearanceFor` raises an error that says so, as it raises the handler's
--- own errors.
---@param state ui.state
---@param traits? table
---@return ui.appearance
function button:appearanceFor(state, traits) end

--- UIKit's `configurationUpdateHandler`: `handler(button, config)` runs once
--- when set, then once per event that changed the state or the traits, after
--- the change (see model.md). `config` is a copy of the configuration (or
--- `nil`) to change in place; the button takes it afterwards, or the table the
--- handler returns, unless the handler assigned `button.configuration` itself.
--- Each run adds `configurationUpdate` to the trace. `nil` removes the
--- handler. A bad configuration from the handler raises `bad configuration from
--- the configuration update handler of button 'x' (...)`.
---@param handler? function
---@return ui.button
function button:onConfigurationUpdate(handler) end

---@class ui.sortButton: ui.button
---@field key string (read-only)
---@field direction string
---@field ascending boolean (read-only)
---@field initialDirection string
---@field cycle string
---@field icons table
local sortButton = {}

--- Sets the direction directly (and the selection with it).
---
--- Sort buttons have every button name above.
---@param direction string
---@return ui.sortButton
function sortButton:setDirection(direction) end

---@class ui.sortBar
---@field id string (read-only)
---@field kind string (read-only)
---@field buttons table (read-only)
---@field selected ui.sortButton (read-only)
---@field key string (read-only)
---@field direction string (read-only)
---@field userInterfaceStyle string
---@field tintColor ui.color
---@field contentSize string
---@field layoutDirection string
local sortBar = {}

--- Adds an existing sort button or one made from a table of its options;
--- returns it.
---@param item ui.sortButton|table
---@return ui.sortButton
function sortBar:add(item) end

--- The button with that key, or nil.
---@param key string
---@return ui.sortButton
function sortBar:button(key) end

--- Selects the button with `key` in its `initialDirection` when it is not
--- selected, and changes nothing when it is (calling it twice does not flip
--- the direction; a tap does). With `direction` (`"ascending"`,
--- `"descending"` or `"none"`) the button gets exactly that direction.
--- `valueChanged` fires once per change, never for a call that changes nothing.
---
---@param key string
---@param direction? string
---@return ui.sortBar
function sortBar:select(key, direction) end

--- Deselects every button.
---@return ui.sortBar
function sortBar:clear() end

--- A new list of the records ordered by `record[bar.key]` in the bar's
--- direction: stable, nil keys last; with nothing selected, the records in
--- their original order. Keys must be all numbers or all strings.
---@param records table
---@return table
function sortBar:sort(records) end

--- The comparison `sort` uses, for `table.sort`: `cmp(a, b)` is true when
--- record `a` goes before `b`.
---@return function
function sortBar:comparator() end

--- `handler(bar, "valueChanged")` runs once per change of key or direction;
--- the only event a bar sends is `"valueChanged"`.
---@param event string
---@param handler function
---@return integer
function sortBar:on(event, handler) end

--- Removes a handler.
---
--- `ui.sortBar` also takes `userInterfaceStyle`, `tintColor`, `contentSize`
--- and `layoutDirection` options.
---@param token integer
---@return boolean
function sortBar:off(token) end

---@class ui.radioGroup
---@field id string (read-only)
---@field kind string (read-only)
---@field buttons table (read-only)
---@field value ui.json (read-only)
---@field selected ui.button (read-only)
---@field allowsEmpty boolean
---@field userInterfaceStyle string
---@field tintColor ui.color
---@field contentSize string
---@field layoutDirection string
local radioGroup = {}

--- Adds an existing button or one made from option table; its value is
--- `value`, else the option's `value`, else the button's `info`.
---@param item ui.button|table
---@param value? ui.json
---@return ui.button
function radioGroup:add(item, value) end

--- The member with that value, or nil.
---@param value ui.json
---@return ui.button
function radioGroup:button(value) end

--- Selects the member with `value` (an error names the values there are);
--- without a value, clears.
---@param value? ui.json
---@return ui.radioGroup
function radioGroup:select(value) end

--- Deselects every member.
---@return ui.radioGroup
function radioGroup:clear() end

--- `handler(group, "valueChanged")` runs once per change of selection.
---@param event string
---@param handler function
---@return integer
function radioGroup:on(event, handler) end

--- Removes a handler.
---@param token integer
---@return boolean
function radioGroup:off(token) end

--- Saves the value under `key` (default: the group's id).
---@param store ui.store
---@param key? string
---@return ui.radioGroup
function radioGroup:save(store, key) end

--- Selects the saved value; returns true, or false and why (nothing saved, or
--- a value no member has any more).
---
--- `ui.radioGroup` also takes `userInterfaceStyle`, `tintColor`,
--- `contentSize` and `layoutDirection` options.
---@param store ui.store
---@param key? string
---@return boolean
---@return string?
function radioGroup:restore(store, key) end

---@class ui.screen
---@field id string (read-only)
---@field width number (read-only)
---@field height number (read-only)
---@field kind string (read-only)
---@field controls table (read-only)
---@field userInterfaceStyle string
---@field tintColor ui.color
---@field backgroundColor ui.color
---@field contentSize string
---@field layoutDirection string
local screen = {}

--- Adds a control on top (a group or bar brings all its members); returns it.
--- A control already on the screen moves to the top, as UIKit's `addSubview`
--- moves a view it already holds; it is never listed twice.
---@param control ui.button|ui.sortBar|ui.radioGroup
---@return ui.button|ui.sortBar|ui.radioGroup
function screen:add(control) end

--- The topmost button containing the point that takes touches, as UIKit's
--- `hitTest(_:with:)` finds it: hidden buttons, buttons with
--- `userInteractionEnabled` off and buttons whose current alpha is below 0.01
--- are passed over (the touch reaches what is below); disabled ones too. Nil
--- when none is there.
---@param x number|ui.point
---@param y? number
---@return ui.button
function screen:hitTest(x, y) end

--- A control by id (members included), or nil.
---@param id string
---@return ui.button|ui.sortBar|ui.radioGroup
function screen:find(id) end

--- Taps the button under the point; returns it, or nil.
---@param x number|ui.point
---@param y? number
---@return ui.button
function screen:tap(x, y) end

--- Starts a touch on the button under the point; later moves and the up go to
--- that button. Returns it, or nil.
---@param x number|ui.point
---@param y? number
---@return ui.button
function screen:touchDown(x, y) end

--- Moves the touch in progress; returns its button, or nil.
---@param x number|ui.point
---@param y? number
---@return ui.button
function screen:touchMove(x, y) end

--- Ends the touch in progress; returns its button, or nil.
---@param x number|ui.point
---@param y? number
---@return ui.button
function screen:touchUp(x, y) end

--- Cancels the touch in progress; returns its button, or nil.
---
--- `ui.screen` also takes `userInterfaceStyle`, `tintColor`,
--- `backgroundColor`, `contentSize` and `layoutDirection` options.
---@return ui.button
function screen:touchCancel() end

---@class ui.store
---@field path string (read-only)
local store = {}

--- The value under `key`, or nil.
---@param key string
---@return ui.json
function store:get(key) end

--- Stores `value` (nil deletes the key).
---@param key string
---@param value ui.json
---@return ui.store
function store:set(key, value) end

--- Removes `key` (nothing happens when it is not there).
---@param key string
---@return ui.store
function store:delete(key) end

--- The keys, sorted.
---@return table
function store:keys() end

---@class ui.builder
---@field style table (read-only)
local builder = {}

--- Each sets one [style property](#values) of the state being set up.
---@param value string
---@return ui.builder
function builder:title(value) end

--- Each sets one [style property](#values) of the state being set up.
---@param value table
---@return ui.builder
function builder:attributedTitle(value) end

--- Each sets one [style property](#values) of the state being set up.
---@param value ui.color
---@return ui.builder
function builder:titleColor(value) end

--- Each sets one [style property](#values) of the state being set up.
---@param value ui.color
---@return ui.builder
function builder:backgroundColor(value) end

--- Each sets one [style property](#values) of the state being set up.
---@param value ui.color
---@return ui.builder
function builder:borderColor(value) end

--- Each sets one [style property](#values) of the state being set up.
---@param value number
---@return ui.builder
function builder:borderWidth(value) end

--- Each sets one [style property](#values) of the state being set up.
---@param value number
---@return ui.builder
function builder:cornerRadius(value) end

--- Each sets one [style property](#values) of the state being set up.
---@param value ui.font
---@return ui.builder
function builder:font(value) end

--- Each sets one [style property](#values) of the state being set up.
---@param value string
---@return ui.builder
function builder:image(value) end

--- Each sets one [style property](#values) of the state being set up.
---@param value string
---@return ui.builder
function builder:backgroundImage(value) end

--- Each sets one [style property](#values) of the state being set up.
---@param value number
---@return ui.builder
function builder:alpha(value) end

---@class ui.document
---@field kind string (read-only)
---@field path string (read-only)
---@field platform string (read-only)
---@field screens table (read-only)
---@field groups table (read-only)
---@field controls table (read-only)
---@field ignored table (read-only)
---@field unresolved table (read-only)
---@field colorNames table (read-only)
---@field imageNames table (read-only)
---@field selectors table (read-only)
local document = {}

--- The screen of the scene with this storyboard identifier, view controller
--- custom class, scene title or IB object id (each tried over every scene
--- before the next); nil when there is none.
---@param name string
---@return ui.screen
function document:screen(name) end

--- A control by accessibility identifier, user label, IB object id, the
--- outlet or property holding it, or normal title (in that order of
--- preference), over every screen; or by the name the audit prints for it,
--- `Screen/control` (`doc:find("AppViewController/registerToBidButton")`); nil
--- when there is none. `screen:find` looks the same names up on one screen.
---@param name string
---@return ui.button
function document:find(name) end

--- Runs `handler(control, eventName)` whenever a control connected to
--- `selector` (`"pay:"`) sends the event of that connection: a tap sends
--- UIKit's events (`touchDown`, `touchUpInside`, `primaryActionTriggered`, …),
--- so the file's own wiring decides which run. Returns a token for `doc:off`.
--- A selector no control is connected to is an error with the closest one
--- (`no control of Main.storyboard is connected to 'pya:'; did you mean 'pay:'?`).
---@param selector string
---@param handler function
---@return integer
function document:on(selector, handler) end

--- Removes a `doc:on` handler from every control it was attached to; false
--- when the token was not this document's.
---@param token integer
---@return boolean
function document:off(token) end

---@class ui.buttonOptions
---@field id? string
---@field style? table<string, ui.style>
---@field frame? ui.frame
---@field title? string
---@field enabled? boolean
---@field selected? boolean
---@field highlighted? boolean
---@field focused? boolean
---@field hidden? boolean
---@field userInteractionEnabled? boolean
---@field info? ui.json
---@field tag? integer
---@field fallback? string
---@field changesSelectionAsPrimaryAction? boolean
---@field touchMargin? number
---@field adjustsImageWhenHighlighted? boolean
---@field adjustsImageWhenDisabled? boolean
---@field traceLimit? integer
---@field type? string
---@field tintColor? ui.color
---@field userInterfaceStyle? string
---@field configuration? table
---@field accessibilityLabel? string
---@field accessibilityTraits? table
---@field accessibilityValue? string
---@field accessibilityHint? string
---@field contentEdgeInsets? table
---@field titleEdgeInsets? table
---@field contentHorizontalAlignment? string
---@field contentVerticalAlignment? string
---@field semanticContentAttribute? string
---@field contentSize? string
---@field layoutDirection? string
---@field adjustsFontForContentSizeCategory? boolean

---@class ui.sortButtonOptions
---@field id? string
---@field style? table<string, ui.style>
---@field frame? ui.frame
---@field title? string
---@field enabled? boolean
---@field selected? boolean
---@field highlighted? boolean
---@field focused? boolean
---@field hidden? boolean
---@field userInteractionEnabled? boolean
---@field info? ui.json
---@field tag? integer
---@field fallback? string
---@field changesSelectionAsPrimaryAction? boolean
---@field touchMargin? number
---@field adjustsImageWhenHighlighted? boolean
---@field adjustsImageWhenDisabled? boolean
---@field traceLimit? integer
---@field type? string
---@field tintColor? ui.color
---@field userInterfaceStyle? string
---@field configuration? table
---@field accessibilityLabel? string
---@field accessibilityTraits? table
---@field accessibilityValue? string
---@field accessibilityHint? string
---@field contentEdgeInsets? table
---@field titleEdgeInsets? table
---@field contentHorizontalAlignment? string
---@field contentVerticalAlignment? string
---@field semanticContentAttribute? string
---@field contentSize? string
---@field layoutDirection? string
---@field adjustsFontForContentSizeCategory? boolean
---@field direction? string
---@field initialDirection? string
---@field cycle? string
---@field icons? table
---@field key string

---@class ui.assertions
---@field equal fun(...: any): any
---@field equals fun(...: any): any
---@field same fun(...: any): any
---@field unique fun(...: any): any
---@field near fun(...: any): any
---@field matches fun(...: any): any
---@field match fun(...: any): any
---@field truthy fun(...: any): any
---@field falsy fun(...: any): any
---@field true fun(...: any): any
---@field false fun(...: any): any
---@field nil fun(...: any): any
---@field boolean fun(...: any): any
---@field number fun(...: any): any
---@field string fun(...: any): any
---@field table fun(...: any): any
---@field function fun(...: any): any
---@field userdata fun(...: any): any
---@field thread fun(...: any): any
---@field error fun(...: any): any
---@field errors fun(...: any): any
---@field error_matches fun(...: any): any
---@field error_match fun(...: any): any
---@field returned_arguments fun(...: any): any
---@field called fun(...: any): any
---@field called_with fun(...: any): any
---@field returned_with fun(...: any): any
---@field all_of fun(...: any): any
---@field any_of fun(...: any): any
---@field none_of fun(...: any): any

---@class ui.assert: ui.assertions
---@overload fun(value: any, message?: any, ...: any): any
---@field is ui.assertions
---@field is_not ui.assertions
---@field are ui.assertions
---@field are_not ui.assertions
---@field has ui.assertions
---@field has_no ui.assertions
---@field was ui.assertions
---@field was_not ui.assertions
---@field no ui.assertions
---@field not ui.assertions
---@field is_true fun(...: any): any
---@field is_false fun(...: any): any
---@field is_nil fun(...: any): any
---@field is_truthy fun(...: any): any
---@field is_falsy fun(...: any): any
---@field are_equal fun(...: any): any
---@field are_same fun(...: any): any
---@field is_table fun(...: any): any
---@field is_string fun(...: any): any
---@field is_number fun(...: any): any
---@field is_function fun(...: any): any
---@field has_error fun(...: any): any
---@field spy fun(s: any): table
---@field stub fun(s: any): table
---@field register fun(kind: string, name: string, fn: function, positive?: string, negative?: string)
assert = {}

--- The control's current state is `state`.
---@param control ui.button
---@param state ui.state
function assert.state(control, state) end

--- The control's trace is exactly `expected`.
---@param control ui.button
---@param expected table
function assert.trace(control, expected) end

--- The resolved appearance of every state matches the snapshot stored beside
--- the spec in `__snapshots__/` (written on the first run and with
--- `--update-snapshots`); with `traits` (also in the place of `name`:
--- `assert.snapshot(b, { contentSize = "ax5" })`), every look is taken under
--- them. A sort bar or radio group is snapshotted whole: every
--- member's looks, named by key or value, and which one is selected. In CI
--- (`--ci`, or `CI` set) a missing snapshot fails instead of being written.
--- When a whole spec file runs and every test in it passes, entries no test
--- checked are reported as obsolete; `--update-snapshots` removes them (a
--- failing test, or one that went pending while it ran, may not have reached
--- its snapshots, so a run with one reports and removes nothing; a test marked
--- pending keeps its own entries for when it runs again).
---@param control ui.button|ui.sortBar|ui.radioGroup
---@param name? string
---@param traits? table
function assert.snapshot(control, name, traits) end

--- With `traits` (`{ style = "dark" }`, `{ tintColor = "systemRed" }`,
--- `{ contentSize = "ax5" }`) the appearance under those traits is compared;
--- an expected text-style font takes its size at the content size compared; expected system colours and
--- `tintColor` resolve against the control's traits with those changes. `state`
--- may be `nil` (the current one); traits given in its place are refused.
---@param control ui.button
---@param expected table
---@param state? ui.state
---@param traits? table
function assert.appearance(control, expected, state, traits) end

--- Passes when `ui.audit(control, options)` finds nothing; the failure lists
--- every problem, and the HTML report draws each failing look, light and dark
--- side by side, flagged.
---@param control ui.button|ui.sortBar|ui.radioGroup|ui.screen|table
---@param options? table
function assert.accessible(control, options) end

---@class ui
ui = {}

--- Makes a button. `options` holds any settable [button field](#button) plus
--- `id` (a name; one is generated when absent: `button1`, `button2`, …) and
--- `style` (a table of states to styles: `{ normal = { titleColor = "blue" },
--- ["selected|highlighted"] = { backgroundColor = "#AA0000" } }`). Options are
--- applied in one order whatever the table's order: styles first, `selected`
--- last, so a button built selected looks selected. An unknown option is an
--- error with a suggestion.
---
---@param options? ui.buttonOptions
---@return ui.button
function ui.button(options) end

--- Makes a sort button: every button option, plus `key` (required),
--- `initialDirection`, `cycle`, `icons` and `direction` (see
--- [sortButton](#sortbutton)).
---@param options ui.sortButtonOptions
---@return ui.sortButton
function ui.sortButton(options) end

--- Makes a sort bar: `id`, `style` (applied to every member before its own),
--- and its items in the array part, each a table of sort button options or an
--- existing sort button.
---
---@param options? table
---@return ui.sortBar
function ui.sortBar(options) end

--- Makes a radio group: `id`, `options` (a list of option tables — button
--- options plus `value`; also accepted in the array part), `style` (applied to
--- every member before its own), `allowsEmpty` (default false) and `value` (the
--- initial selection). Each member carries its value as `info`.
---
---@param options? table
---@return ui.radioGroup
function ui.radioGroup(options) end

--- Makes a screen: `id` (a name for messages and pictures; screens are unnamed
--- otherwise), `width` and `height` (default 375 × 667, at most 100000), and
--- its traits and background: `userInterfaceStyle`, `tintColor`,
--- `backgroundColor` (see Traits).
---@param options? table
---@return ui.screen
function ui.screen(options) end

--- Opens (or creates) a key–value store kept in the JSON file at `path`,
--- making the folders the path names when they are missing. In the sandbox
--- the path, and so every folder made, must be inside the working tree. `ui.store(":memory:")`
--- is a store of its own in memory only, as SQLite names it: the same values and
--- refusals, no file and no fsync, gone with the object — for specs that need a
--- store but not its disk.
---@param path string
---@return ui.store
function ui.store(path) end

--- A colour from components: `r`, `g`, `b` from 0 to 255, `a` from 0 to 1
--- (default 1).
---@param r number
---@param g number
---@param b number
---@param a? number
---@return string
function ui.rgb(r, g, b, a) end

--- The resolved font table of any accepted font form. A text-style font
--- takes its size at the content size of `traits` (`large` by default):
--- `ui.font("body").size` is 17, `ui.font("body", { contentSize = "ax5" }).size`
--- is 53.
---@param value ui.font
---@param traits? table|ui.button|ui.sortButton|ui.radioGroup|ui.sortBar|ui.screen
---@return table
function ui.font(value, traits) end

--- The width and height in points of `text` in `font` as ButtonKit measures
--- it (the widest line and the lines' height, for text with `"\n"`). Text is
--- shaped with HarfBuzz in Inter, falling back to WenQuanYi Zen Hei for CJK
--- and DejaVu Sans for Arabic, Hebrew and other scripts, as iOS falls back
--- from San Francisco ([model.md](model.md) says how close that is); a
--- text-style font is measured at the content size of `traits`.
--- `ui.measure("Buy", 17)` is about 32, 21. Where the fonts are missing,
--- widths are estimated and `buttonkit --version` says so.
---@param text string
---@param font ui.font
---@param traits? table|ui.button|ui.sortButton|ui.radioGroup|ui.sortBar|ui.screen
---@return number
---@return number
function ui.measure(text, font, traits) end

--- The canonical string of any accepted state form: `ui.stateName(5)` is
--- `"highlighted|selected"`.
---@param value ui.state
---@return string
function ui.stateName(value) end

--- An SVG document of the control as it looks now. `options.states = "all"`
--- draws a labelled strip of the normal, highlighted, selected,
--- selected|highlighted and disabled looks. A screen is drawn whole.
--- Under a memory ceiling the picture is charged as it is drawn (three
--- bytes for each byte of SVG, what the host holds while it builds it):
--- one that outgrows what the ceiling leaves stops and the call fails with
--- `not enough memory in 'svg' (limit N MB): …`, which ends the run like any
--- other refusal of the ceiling.
---@param control ui.button|ui.sortBar|ui.radioGroup|ui.screen
---@param options? table
---@return string
function ui.svg(control, options) end

--- The state bits: `ui.state.normal == 0`, `highlighted == 1`,
--- `disabled == 2`, `selected == 4`, `focused == 8`.
---@type table
ui.state = nil

--- The event bits, UIKit's: `touchDown == 1`, … `valueChanged == 4096`,
--- `primaryActionTriggered == 8192`, `allTouchEvents`, `allEvents`.
---@type table
ui.event = nil

--- ButtonKit's version.
---@type string
ui.version = nil

--- The canonical `"#RRGGBBAA"` of any accepted colour form. A system
--- colour or `tintColor` resolves against `traits`: `ui.color("systemBlue")` is
--- `"#007AFFFF"`, `ui.color("systemBlue", { style = "dark" })` is `"#0A84FFFF"`,
--- `ui.color("tintColor", b)` is `b`'s tint in `b`'s style.
---@param value ui.color
---@param traits? table|ui.button|ui.sortButton|ui.radioGroup|ui.sortBar|ui.screen
---@return string
function ui.color(value, traits) end

--- The WCAG 2.x contrast ratio (1 to 21) of `foreground` drawn over
--- `background`, the foreground's alpha composited first:
--- `ui.contrast("#767676", "white")` is 4.5422…
---@param foreground ui.color
---@param background ui.color
---@param traits? table
---@return number
function ui.contrast(foreground, background, traits) end

--- The accessibility problems of a control, of every member of a group or bar,
--- of every button on a screen or of a loaded document (`ui.load`), or of a
--- list of those, as a list of problem
--- tables (empty when there is none): `{ control, check, message, severity,
--- rule [, state, style, contentSize] }` and the figures of the problem's kind;
--- `severity` is `"warning"` for contrast in a highlighted state (met only
--- while a finger is down) and `"error"` otherwise, `rule` the published rule
--- it follows (`"WCAG 2.2 SC 1.4.3 Contrast (Minimum)"`). The targets are audited together:
--- controls sharing an id are both checked, and overlaps and shared labels
--- are found between them.
---
--- `options` (each optional; see **Audit options** under Values):
--- `checks` (a name or list of `contrast hitTarget label textClipped
--- dynamicType overlap description duplicateId`; default all),
--- `contentSizes` (default `{ "large", "accessibilityExtraExtraExtraLarge" }`),
--- `styles` (default `{ "light", "dark" }`), `states` (default every state a
--- user sees but disabled), `minimumContrast` (4.5), `largeTextContrast` (3)
--- and `minimumSize` (44 points). `buttonkit audit`'s flags set the same.
---@param target ui.button|ui.sortButton|ui.radioGroup|ui.sortBar|ui.screen|ui.document|table
---@param options? table
---@return table
function ui.audit(target, options) end

--- Reads one of the app's own Interface Builder files, a `.storyboard` or a
--- `.xib`, into screens and buttons (see [interface-builder.md](interface-builder.md)
--- for a walkthrough): one screen per storyboard scene (its view controller's
--- root view) or per top-level view of a XIB, every button on it with what the
--- file says (titles, colours, fonts, images, insets, configuration, flags,
--- accessibility, runtime attributes, actions, segues, custom classes), frames
--- in screen coordinates. Options: `assets`, an asset catalog folder or a list
--- of them (default: every `*.xcassets` of the file's project — the folder
--- holding the `*.xcodeproj`, else the repository's root); `classes`, custom
--- class names mapped to ButtonKit kinds (`{ CQSortButton = "sortButton",
--- MyRadio = "radio", FancyButton = "button" }`; `DLRadioButton` is `"radio"`
--- without being named). The catalogs' colours become colour names, as with
--- `ui.assets`. The file and its catalogs are read like any file a script
--- opens: in the sandbox, inside the working tree only. A file that cannot be
--- read is an error naming file, line and column
--- (`ui.load: App/Main.storyboard:12:5: ...`); what was read and not modelled
--- is in `doc.ignored`.
---
--- It also takes the app's own code (see [app-code.md](app-code.md)): a
--- `.swift` file, or a folder, which loads every `.storyboard`, `.xib` and
--- `.swift` file beneath it (skipping `Pods/`, `Carthage/`, `.build/`,
--- `DerivedData/`, `.git/` and test targets' folders named `*Tests`) with the
--- folder's asset catalogs and string tables, joined into one document of kind
--- `"swift"` or `"app"`: one screen per type whose code makes buttons (a
--- storyboard scene whose view controller is that type is the same screen),
--- storyboard and XIB controls held by an outlet get that property's code on
--- top; SwiftUI views, then each `#Preview` and `PreviewProvider` as a screen
--- named by the preview, its views read at the preview's arguments (see
--- [swiftui.md](swiftui.md)). Swift is parsed by Apple's SwiftParser in a separate reader process
--- (`buttonkit-swift-reader`, installed beside `buttonkit`); without it,
--- loading Swift is an error that says what to install. A further option,
--- `exclude`, is a Lua pattern or a list of them: paths of a folder load that
--- match one are skipped. What code says and ButtonKit could not evaluate is in
--- `doc.unresolved`.
---@param path string
---@param options? table
---@return ui.document
function ui.load(path, options) end

--- Loads an asset catalog (`App/Assets.xcassets`): each colour set becomes a
--- colour name usable wherever a colour is (`ui.color("BrandPrimary")`, styles,
--- configurations, traits' tint), resolving its light, dark and high-contrast
--- appearances against the traits it is used under. Returns `{ path =, colors =,
--- images = }`, the colour and image set names, sorted. A name that is a
--- system or fixed colour's keeps that meaning; a later catalog's colour of the
--- same name replaces an earlier one's.
---@param path string
---@return table
function ui.assets(path) end

return ui
