-- UIKit's words, understood: a newcomer types what UIKit (Objective-C or
-- Swift) calls a thing, and the error names ButtonKit's form for it.
local function message(f, ...)
  local ok, e = pcall(f, ...)
  assert.is_false(ok)
  return tostring(e)
end

describe("UIKit's selectors on a button", function()
  it("point to the per-state style for setters taking a state", function()
    local b = ui.button {}
    assert.matches("unknown field 'setBackgroundColor' of button; UIKit's setBackgroundColor is a per%-state style here: "
      .. "b:style%(state, { backgroundColor = ", message(function() b:setBackgroundColor("red", "normal") end))
    assert.matches("UIKit's setTitle is a per%-state style here: b:style%(state, { title = ",
      message(function() b:setTitle("Buy", "normal") end))
    assert.matches("setTitleColor is a per%-state style here: b:style%(state, { titleColor",
      message(function() b:setTitleColor("red", "normal") end))
  end)

  it("name the Lua form of Swift's properties and UIControl's targets", function()
    local b = ui.button {}
    assert.matches("Swift's isSelected is the field 'selected' here: b.selected", message(function() return b.isSelected end))
    assert.matches("addTarget is b:on%(events, function%(button, event%)", message(function() b:addTarget(b, "pay:", "touchUpInside") end))
    assert.matches("the look of the current state is b.appearance: b.appearance.title", message(function() return b.currentTitle end))
    assert.matches("UIKit's setSelected is an assignment here: b.selected = true", message(function() b:setSelected(true) end))
  end)

  it("send a per-state property used as an option or field to the style, not to a near name", function()
    -- titleColor is one letter from tintColor, and nothing like it.
    assert.matches("unknown button option 'titleColor'; style properties go under style, as in style = { normal = { titleColor",
      message(function() return ui.button { titleColor = "red" } end), 1, true)
    local b = ui.button {}
    assert.matches([[unknown field 'titleColor' of button; 'titleColor' is per state: b:style("normal", { titleColor = ... })]],
      message(function() b.titleColor = "red" end), 1, true)
    assert.matches([['image' is per state: b:style("normal", { image = ... })]], message(function() b.image = "cart" end), 1, true)
    assert.matches("'tintColor' is a field of the button, not per state: b.tintColor = ...",
      message(function() b:style("normal", { tintColor = "red" }) end), 1, true)
    assert.matches("field 'state' of button is read-only; the state follows the flags: b.selected = true",
      message(function() b.state = "selected" end), 1, true)
    assert.matches([[set them per state with b:style(state, { title = ..., font = "bold 13"]],
      message(function() b.titleLabel.font = "bold 13" end), 1, true)
  end)

  it("point an index on a group or bar to its buttons", function()
    local g = ui.radioGroup { options = { { title = "A", value = 1 } } }
    assert.matches("unknown field '1' of radioGroup; the members are g.buttons (g.buttons[1], ...)", message(function() return g[1] end), 1, true)
    assert.matches("a radio group selects by value, not index", message(function() g.selectedSegmentIndex = 0 end), 1, true)
    local bar = ui.sortBar { { key = "price" } }
    assert.matches("unknown field '1' of sortBar; the bar's buttons are bar.buttons (bar.buttons[1], ...)", message(function() return bar[1] end), 1, true)
  end)

  it("read UIColor's 0-1 scale and UIFont's constructors as what they mean", function()
    assert.matches("components are 0-255, not UIColor's 0-1: ui.rgb(255, 128, 0)", message(ui.rgb, 1, 0.5, 0), 1, true)
    assert.are.equal("#010101FF", ui.rgb(1, 1, 1), "whole numbers stay 0-255")
    assert.matches("UIKit's boldSystemFont is written 'bold 13'", message(ui.font, "boldSystemFont 13"), 1, true)
    assert.matches("UIKit's systemFont is written 'semibold 17'",
      message(ui.font, "systemFont(ofSize: 17, weight: .semibold)"), 1, true)
    assert.are.equal("Menlo", ui.font("Menlo 12").family, "a family is still a family")
  end)

  it("keep edit distance for plain typos", function()
    assert.matches("unknown field 'titel' of button; did you mean 'title'%?", message(function() return ui.button {}.titel end))
  end)
end)

describe("UIKit's constants and Swift spellings of states", function()
  it("suggest the state", function()
    local b = ui.button {}
    assert.matches("unknown state 'UIControlStateHighlighted'; did you mean 'highlighted'%?",
      message(function() b:style("UIControlStateHighlighted", { title = "x" }) end))
    assert.matches("unknown state 'UIControl.State.selected'; did you mean 'selected'%?",
      message(function() b:style("UIControl.State.selected", { title = "x" }) end))
    assert.matches("unknown state '%[.selected, .highlighted%]'; did you mean 'selected|highlighted'%?",
      message(function() b:style("[.selected, .highlighted]", { title = "x" }) end))
  end)

  it("explain that 'enabled' is not a state", function()
    local m = message(function() return ui.stateName("enabled") end)
    assert.matches("unknown state 'enabled'; an enabled control with no other flag is in state 'normal'", m)
    assert.no.matches("did you mean 'disabled'", m, 1, true)
  end)

  it("suggest event names from UIKit's constants", function()
    local b = ui.button {}
    assert.matches("unknown event 'UIControlEventTouchUpInside'; did you mean 'touchUpInside'%?",
      message(function() b:on("UIControlEventTouchUpInside", function() end) end))
    assert.matches("unknown event 'UIControl.Event.touchDown'; did you mean 'touchDown'%?",
      message(function() b:on("UIControl.Event.touchDown", function() end) end))
  end)
end)

describe("colours written as CSS or UIColor constructors", function()
  it("point to ui.rgb with the same components", function()
    assert.matches("unknown color 'rgb%(255, 0, 0%)'; write it as ui.rgb%(255, 0, 0%) or '#FF0000'",
      message(function() return ui.color("rgb(255, 0, 0)") end))
    assert.matches("write it as ui.rgb%(255, 128, 0, 0.5%) or '#FF800080'",
      message(function() return ui.color("UIColor(red: 1, green: 0.5, blue: 0, alpha: 0.5)") end))
    assert.matches("write it as '#FF8800'", message(function() return ui.color("0xFF8800") end))
  end)

  it("and the suggested forms work", function()
    assert.equal("#FF0000FF", ui.color(ui.rgb(255, 0, 0)))
    assert.equal("#FF800080", ui.color("#FF800080"))
  end)
end)

describe("the ui table", function()
  it("answers a misspelt name with a did-you-mean", function()
    assert.matches("unknown name 'buton' in ui; did you mean 'ui.button'%?", message(function() return ui.buton {} end))
    assert.matches("unknown name 'xyzzy' in ui %(its names: button, sortButton", message(function() return ui.xyzzy end))
  end)

  it("still lets rawget test for a name", function()
    assert.is_nil(rawget(ui, "xyzzy"))
    assert.equal("function", type(rawget(ui, "button")))
  end)
end)

describe("containers used like their members", function()
  it("say how to tap a radio group's member", function()
    local g = ui.radioGroup { options = { { title = "a", value = "a" } } }
    assert.matches("unknown field 'tap' of radioGroup; a radio group is not tapped itself: tap a member, g:button%(value%):tap%(%)",
      message(function() g:tap() end))
    -- What it suggests works.
    assert.is_true(g:button("a"):tap())
    assert.equal("a", g.value)
  end)

  it("show a sort bar item's form when its key is given to the bar", function()
    assert.matches("unknown sortBar option 'key'; 'key' belongs to an item of the bar: ui.sortBar { id = \"sort\", { title = \"Price\", key = \"price\" }",
      message(function() return ui.sortBar { { title = "a", key = "a" }, key = "b" } end), 1, true)
    assert.matches("'title' belongs to an option of the group: ui.radioGroup { id = \"time\", options = {",
      message(function() return ui.radioGroup { title = "x" } end), 1, true)
  end)
end)
