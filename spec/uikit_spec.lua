-- Today's UIKit from Lua: dynamic system colours, traits, tint, button
-- types, configurations with their update handler, and the audit.

local function message(f)
  local ok, e = pcall(f)
  assert.is_false(ok)
  return tostring(e)
end

describe("ui.color with system colours", function()
  it("resolves against traits, light by default", function()
    assert.are.equal("#007AFFFF", ui.color("systemBlue"))
    assert.are.equal("#0A84FFFF", ui.color("systemBlue", { style = "dark" }))
    assert.are.equal("#3C3C4399", ui.color("secondaryLabel"))
    assert.are.equal("#EBEBF599", ui.color("secondaryLabel", { style = "dark" }))
    assert.are.equal("#FF2D55FF", ui.color("tintColor", { tintColor = "systemPink" }))
    assert.are.equal("#FF0000FF", ui.color("red", { style = "dark" }))
  end)

  it("resolves against a control's own traits", function()
    local s = ui.screen { userInterfaceStyle = "dark", tintColor = "systemGreen" }
    local b = s:add(ui.button {})
    assert.are.equal("#30D158FF", ui.color("tintColor", b))
    assert.are.equal("#FFFFFFFF", ui.color("label", s))
  end)

  it("refuses bad names and traits, naming function and argument", function()
    assert.matches("bad argument #1 to 'color' (unknown color 'systemBlu'; did you mean 'systemBlue'?)",
      message(function() ui.color("systemBlu") end), 1, true)
    assert.matches("bad argument #2 to 'color' (style: unknown user interface style 'dim'", message(function() ui.color("label", { style = "dim" }) end), 1, true)
    assert.matches("bad argument #2 to 'color' (traits expected", message(function() ui.color("label", 3) end), 1, true)
    assert.matches("unknown trait 'mode'", message(function() ui.color("label", { mode = "dark" }) end), 1, true)
  end)

  it("computes WCAG contrast", function()
    assert.is_true(math.abs(ui.contrast("#767676", "white") - 4.5422) < 1e-4)
    assert.is_true(math.abs(ui.contrast("white", "systemBlue") - 4.0170) < 1e-4)
    assert.is_true(math.abs(ui.contrast("secondaryLabel", "white") - 3.4382) < 1e-4)
    assert.matches("bad argument #2 to 'contrast'", message(function() ui.contrast("white") end), 1, true)
  end)
end)

describe("traits", function()
  it("are inherited screen → group → button and overridable per button", function()
    local s = ui.screen { tintColor = "systemOrange" }
    local g = ui.radioGroup { { title = "A", value = "a" }, { title = "B", value = "b" } }
    s:add(g)
    local a = g:button("a")
    assert.are.equal("systemOrange", a.tintColor)
    assert.are.equal("light", a.userInterfaceStyle)
    s.userInterfaceStyle = "dark"
    assert.are.equal("dark", a.userInterfaceStyle)
    g.tintColor = "#112233"
    assert.are.equal("#112233FF", a.tintColor)
    a.userInterfaceStyle = "light"
    assert.are.equal("light", a.userInterfaceStyle)
    a.userInterfaceStyle = "unspecified"
    assert.are.equal("dark", a.userInterfaceStyle)
    a.tintColor = "systemRed"
    assert.are.equal("systemRed", a.tintColor)
    a.tintColor = nil
    assert.are.equal("#112233FF", a.tintColor)
  end)

  it("resolve dynamic colours in styles", function()
    local b = ui.button { title = "Go", style = { normal = { titleColor = "label", backgroundColor = "systemGray6" } } }
    assert.are.equal("label", b:styleFor("normal").titleColor)
    assert.appearance(b, { titleColor = "#000000", backgroundColor = "#F2F2F7" })
    assert.appearance(b, { titleColor = "white", backgroundColor = "#1C1C1E" }, "normal", { style = "dark" })
    assert.appearance(b, { titleColor = "label", backgroundColor = "systemGray6" }, nil, { style = "dark" })
    b.userInterfaceStyle = "dark"
    assert.appearance(b, { titleColor = "label" })
    assert.are.equal("#FFFFFFFF", b.appearance.titleColor)
  end)

  it("refuse bad values with the field's name", function()
    local b = ui.button {}
    assert.matches("bad value for field 'userInterfaceStyle' of button (unknown user interface style 'dim'",
      message(function() b.userInterfaceStyle = "dim" end), 1, true)
    assert.matches("bad value for field 'tintColor' of button", message(function() b.tintColor = "tintColor" end), 1, true)
    assert.matches("bad value for field 'tintColor' of button (color expected", message(function() b.tintColor = 5 end), 1, true)
    assert.matches("bad value for field 'userInterfaceStyle' of screen", message(function() ui.screen {}.userInterfaceStyle = "unspecified" end), 1, true)
    assert.matches("bad argument #1 to 'screen' (unknown screen option 'style'", message(function() ui.screen { style = "dark" } end), 1, true)
    assert.matches("bad argument #2 to 'appearanceFor' (table of traits expected", message(function() b:appearanceFor("normal", "dark") end), 1, true)
    assert.matches("is a dynamic colour and cannot be used here",
      message(function() b:style("normal", { attributedTitle = { { text = "x", color = "systemRed" } } }) end), 1, true)
  end)
end)

describe("button types", function()
  it("draw a system button's title in the tint, faded when pressed", function()
    local b = ui.button { type = "system", title = "Edit" }
    assert.are.equal("system", b.type)
    assert.appearance(b, { titleColor = "systemBlue" })
    assert.appearance(b, { titleColor = "#007AFF33" }, "highlighted")
    assert.appearance(b, { titleColor = "#8E8E93" }, "disabled")
    assert.appearance(b, { titleColor = "#0A84FF66" }, "highlighted", { style = "dark" })
    assert.are.equal("custom", ui.button {}.type)
    assert.matches("unknown button type 'sistem'; did you mean 'system'?", message(function() ui.button { type = "sistem" } end), 1, true)
  end)
end)

describe("configurations", function()
  it("take a style name or a table, and read back as a copy", function()
    local b = ui.button { configuration = "filled" }
    assert.are.equal("filled", b.configuration.style)
    b.configuration = { style = "borderedTinted", title = "Go", subtitle = "now", contentInsets = 4, buttonSize = "large" }
    local c = b.configuration
    assert.are.equal("borderedTinted", c.style)
    assert.are.same({ top = 4, leading = 4, bottom = 4, trailing = 4 }, c.contentInsets)
    c.title = "changed"
    assert.are.equal("Go", b.configuration.title)  -- a copy
    b.configuration = nil
    assert.is_nil(b.configuration)
  end)

  it("derive each state's look in light and dark", function()
    local b = ui.button { configuration = { style = "filled", title = "Buy" } }
    assert.appearance(b, { titleColor = "white", backgroundColor = "systemBlue", title = "Buy", cornerRadius = 5.95 })
    assert.appearance(b, { titleColor = "#FFFFFFBF", backgroundColor = "#007AFFBF" }, "highlighted")
    assert.appearance(b, { titleColor = "tertiaryLabel", backgroundColor = "tertiarySystemFill" }, "disabled")
    assert.appearance(b, { backgroundColor = "#0A84FF" }, "normal", { style = "dark" })
    local t = ui.button { configuration = { style = "tinted", title = "Follow" } }
    assert.appearance(t, { titleColor = "white", backgroundColor = "systemBlue" }, "selected")
    assert.appearance(t, { backgroundColor = "#0A84FF40" }, "normal", { style = "dark" })
  end)

  it("add subtitle and layout to the appearance", function()
    local b = ui.button { configuration = { style = "plain", title = "A", subtitle = "b", image = "star", imagePlacement = "top" } }
    local a = b.appearance
    assert.are.equal("b", a.subtitle)
    assert.are.equal("top", a.imagePlacement)
    assert.are.same({ top = 7, leading = 12, bottom = 7, trailing = 12 }, a.contentInsets)
    assert.is_nil(ui.button {}.appearance.subtitle)  -- legacy appearances are unchanged
  end)

  it("refuse bad fields, naming them", function()
    local b = ui.button {}
    assert.matches("bad value for field 'configuration' of button (style: unknown configuration style 'filld'; did you mean 'filled'?)",
      message(function() b.configuration = { style = "filld" } end), 1, true)
    assert.matches("configuration needs a 'style'", message(function() b.configuration = { title = "x" } end), 1, true)
    assert.matches("unknown configuration field 'titel'; did you mean 'title'?",
      message(function() b.configuration = { style = "plain", titel = "x" } end), 1, true)
    assert.matches("invalid imagePadding -1", message(function() b.configuration = { style = "plain", imagePadding = -1 } end), 1, true)
    assert.matches("contentInsets: insets list must have 4 numbers",
      message(function() b.configuration = { style = "plain", contentInsets = { 1, 2 } } end), 1, true)
    assert.matches("cornerStyle: unknown corner style 'round'",
      message(function() b.configuration = { style = "plain", cornerStyle = "round" } end), 1, true)
    assert.matches("bad argument #1 to 'button' (configuration: configuration expected",
      message(function() ui.button { configuration = 3 } end), 1, true)
  end)
end)

describe("onConfigurationUpdate", function()
  it("runs once when set, then once per event after the state changed", function()
    local b = ui.button { configuration = { style = "tinted", title = "Follow" }, changesSelectionAsPrimaryAction = true }
    local seen = {}
    b:onConfigurationUpdate(function(button, config)
      seen[#seen + 1] = button.state
      config.title = button.selected and "Following" or "Follow"
    end)
    assert.are.same({ "normal" }, seen)
    b:clearTrace()
    b:tap()
    assert.are.same({ "normal", "highlighted", "selected" }, seen)
    assert.trace(b, { "touchDown", "highlighted=true", "configurationUpdate", "selected=true", "touchUpInside",
      "primaryActionTriggered", "highlighted=false", "configurationUpdate" })
    assert.are.equal("Following", b.configuration.title)
    b.enabled = false
    assert.are.equal("disabled|selected", seen[#seen])
  end)

  it("takes a returned table, or an assignment made inside", function()
    local b = ui.button { configuration = "plain" }
    b:onConfigurationUpdate(function() return { style = "filled", title = "returned" } end)
    assert.are.equal("returned", b.configuration.title)
    b:onConfigurationUpdate(function(button, config)
      config.title = "copy"
      button.configuration = { style = "gray", title = "assigned" }
    end)
    assert.are.equal("assigned", b.configuration.title)
    b:onConfigurationUpdate(nil)
    b:tap()
    assert.are.equal("assigned", b.configuration.title)
  end)

  it("raises the handler's error after the touch completes", function()
    local b = ui.button { configuration = "plain" }
    local armed = false
    b:onConfigurationUpdate(function() if armed then error("boom") end end)
    armed = true
    assert.has_error(function() b:touchDown() end)
    assert.is_true(b.highlighted)
    assert.has_error(function() b:touchUp() end)
    assert.is_false(b.highlighted)
    assert.is_false(b.tracking)
    assert.has_error(function() b.highlighted = true end)
    armed = false
  end)

  it("reports a bad configuration from the handler", function()
    local b = ui.button { configuration = "plain" }
    assert.matches("bad configuration from the configuration update handler of button '" .. b.id .. "'",
      message(function() b:onConfigurationUpdate(function(_, c) c.style = "nope" end) end), 1, true)
    assert.matches("bad argument #1 to 'onConfigurationUpdate' (function expected, got number)",
      message(function() b:onConfigurationUpdate(3) end), 1, true)
  end)
end)

describe("the audit", function()
  it("finds the issue's example and the fix passes", function()
    local s = ui.screen { backgroundColor = "systemGroupedBackground" }
    local more = s:add(ui.button { id = "more", title = "More", frame = { 0, 0, 120, 30 }, style = { normal = { titleColor = "#8E8E93" } } })
    local found = ui.audit(more)
    assert.are.equal("more/normal/light: contrast 2.9:1 < 4.5:1 (title #8E8E93 on #F2F2F7)", found[1].message)
    assert.are.equal("contrast", found[1].check)
    assert.are.equal("#8E8E93FF", found[1].foreground)
    local target
    for _, p in ipairs(found) do if p.check == "hitTarget" then target = p end end
    assert.are.equal("more: hit target 120x30 pt < 44x44 pt", target.message)
    assert.is_not.accessible(more)
    -- Room for the title at the largest text size too (body is 53 pt there).
    local fixed = s:add(ui.button { id = "fixed", title = "More", frame = { 0, 50, 200, 70 }, adjustsFontForContentSizeCategory = true,
      style = { normal = { titleColor = "label", font = "body" } } })
    assert.accessible(fixed)
    assert.accessible(more, { checks = "label" })
    assert.accessible(more, { minimumContrast = 2.5, minimumSize = 30, styles = "light", checks = { "contrast", "hitTarget", "label" } })
  end)

  it("wants a title or an accessibilityLabel", function()
    local b = ui.button { style = { normal = { image = "gear" } } }
    assert.are.equal(b.id .. ": no title or accessibilityLabel", ui.audit(b)[1].message)
    b.accessibilityLabel = "Settings"
    assert.are.equal("Settings", b.accessibilityLabel)
    assert.accessible(b)
  end)

  it("audits groups, bars, screens and lists", function()
    local g = ui.radioGroup { { title = "A", value = "a", frame = { 0, 0, 20, 20 } } }
    assert.are.equal(1, #ui.audit(g, { checks = { "hitTarget" } }))
    assert.are.equal(1, #ui.audit({ g }, { checks = { "hitTarget" } }))
    assert.matches("bad argument #1 to 'audit' (item #1: control, radio group", message(function() ui.audit({ 3 }) end), 1, true)
    assert.matches("bad argument #2 to 'audit' (unknown audit option 'strict'", message(function() ui.audit(g, { strict = true }) end), 1, true)
    assert.matches("checks: unknown audit check 'size'", message(function() ui.audit(g, { checks = "size" }) end), 1, true)
    assert.matches("invalid minimumContrast 40", message(function() ui.audit(g, { minimumContrast = 40 }) end), 1, true)
  end)
end)

describe("previews under other traits", function()
  it("take a tint as well as a style", function()
    local b = ui.button { type = "system", title = "Go" }
    assert.are.equal("#FF3B30FF", b:appearanceFor("normal", { tintColor = "systemRed" }).titleColor)
    assert.are.equal("#FF453AFF", b:appearanceFor("normal", { tintColor = "systemRed", style = "dark" }).titleColor)
    assert.are.equal("#007AFFFF", b.appearance.titleColor, "the button itself keeps its tint")
    assert.appearance(b, { titleColor = "systemRed" }, nil, { tintColor = "systemRed" })
  end)

  it("refuse a tint that names itself and unknown traits, as the assertion's own argument", function()
    local b = ui.button { type = "system", title = "Go" }
    assert.matches("tintColor: a tint cannot be 'tintColor'", message(function() b:appearanceFor("normal", { tintColor = "tintColor" }) end))
    assert.matches("bad argument #4 to 'appearance' %(unknown trait 'tint'%)",
      message(function() assert.appearance(b, { titleColor = "red" }, nil, { tint = "red" }) end))
  end)

  it("are not states: traits in the state's place are refused, saying where they go", function()
    local b = ui.button {}
    assert.matches("got a table with the key 'style'; traits such as { style = 'dark' } go in the next argument",
      message(function() b:appearanceFor({ style = "dark" }) end))
    assert.matches("bad argument #3 to 'appearance' %(a list of state names expected",
      message(function() assert.appearance(b, { alpha = 1 }, { style = "dark" }) end))
    assert.matches("a list of state names expected", message(function() ui.stateName({ "selected", extra = true }) end))
    assert.are.equal("highlighted|selected", ui.stateName({ "selected", "highlighted" }))
  end)
end)

describe("the configuration update handler's result", function()
  it("is a table or nothing; anything else is said", function()
    local b = ui.button { configuration = "filled" }
    assert.matches("returned a number; return nothing", message(function() b:onConfigurationUpdate(function() return 5 end) end))
    b:onConfigurationUpdate(function(_, c) c.title = "kept" end)
    assert.are.equal("kept", b.appearance.title)
    b:onConfigurationUpdate(function() return { style = "tinted", title = "taken" } end)
    assert.are.equal("taken", b.appearance.title)
  end)
end)

describe("previews of a button with an update handler", function()
  it("run the handler in the previewed state and leave the button as it was", function()
    local b = ui.button { id = "n", configuration = { style = "filled", title = "Sign in" } }
    b:onConfigurationUpdate(function(btn, c)
      c.title = btn.highlighted and "Pressed" or (btn.enabled and "Sign in" or "Signing in…")
    end)
    local updates = #b.trace
    assert.are.equal("Pressed", b:appearanceFor("highlighted").title)
    assert.are.equal("Signing in…", b:appearanceFor("disabled").title)
    assert.appearance(b, { title = "Pressed" }, "highlighted")
    assert.are.equal("normal", b.state)
    assert.are.equal("Sign in", b.configuration.title)
    assert.are.equal(updates, #b.trace, "a preview records nothing")
  end)

  it("raise the handler's error", function()
    local b = ui.button { configuration = "filled" }
    b:onConfigurationUpdate(function(btn) if btn.selected then error("no selected look") end end)
    assert.matches("no selected look", message(function() b:appearanceFor("selected") end))
    assert.are.equal("normal", b.state)
  end)
end)

describe("a preview's update handler changing the button", function()
  it("is refused and said, and the button stays as it was", function()
    local b = ui.button { id = "self-disabling", configuration = "filled" }
    b:onConfigurationUpdate(function(btn) if btn.highlighted then btn.enabled = false end end)
    local traced = #b.trace
    assert.matches("button 'self%-disabling' tried to set enabled while previewing state 'highlighted'",
      message(function() b:appearanceFor("highlighted") end))
    assert.is_true(b.enabled)
    assert.are.equal(traced, #b.trace)
  end)

  it("cannot reach the group through the button", function()
    local g = ui.radioGroup { options = { { title = "A", value = "a", configuration = "plain" }, { title = "B", value = "b" } }, value = "b" }
    local a = g.buttons[1]
    a:onConfigurationUpdate(function(btn) if btn.highlighted then btn.selected = true end end)
    assert.matches("tried to set selected", message(function() a:appearanceFor("highlighted") end))
    assert.are.equal("b", g.value)
  end)

  it("may still assign the configuration, UIKit's idiom", function()
    local w = ui.button { configuration = "filled" }
    w:onConfigurationUpdate(function(btn) if btn.highlighted then btn.configuration = { style = "gray", title = "assigned" } end end)
    assert.are.equal("assigned", w:appearanceFor("highlighted").title)
    assert.are.equal("filled", w.configuration.style)
  end)
end)

describe("an update handler that fails for a state", function()
  it("is a problem the audit reports, and a picture says so under the cell", function()
    local b = ui.button { id = "boom", title = "Go", configuration = "filled", frame = { 0, 0, 120, 50 } }
    b:onConfigurationUpdate(function(btn) if btn.highlighted then error("no highlighted look") end end)
    local failed = {}
    for _, p in ipairs(ui.audit(b)) do
      if p.error then failed[#failed + 1] = p end
    end
    assert.are.equal(2, #failed, "highlighted, light and dark")
    assert.are.equal("contrast", failed[1].check)
    assert.matches("boom/highlighted/light: the configuration update handler failed, so the look is unknown: .-no highlighted look$", failed[1].message)
    assert.matches("highlighted · handler failed", ui.svg(b, { states = "all" }))
  end)
end)
