-- ui.svg: pictures of controls and screens.
describe("ui.svg", function()
  local b
  before_each(function()
    b = ui.button { id = "buy", title = "Buy <&> 现在", frame = { 0, 0, 120, 44 },
      style = { normal = { backgroundColor = "#1976D2", titleColor = "white" }, selected = { backgroundColor = "red" } } }
  end)

  it("draws a control as it looks now", function()
    local svg = ui.svg(b)
    assert.matches("^<svg ", svg)
    assert.truthy(svg:find('fill="#1976D2"', 1, true))
    assert.truthy(svg:find("Buy &lt;&amp;&gt; 现在", 1, true))
    b.selected = true
    assert.truthy(ui.svg(b):find('fill="#FF0000"', 1, true))
  end)

  it("draws the labelled strip of all states", function()
    local svg = ui.svg(b, { states = "all" })
    for _, st in ipairs({ "normal", "highlighted", "selected", "highlighted|selected", "disabled" }) do
      assert.truthy(svg:find('data-state="' .. st .. '"', 1, true), st)
    end
  end)

  it("draws a screen without its hidden controls", function()
    local s = ui.screen { width = 200, height = 100 }
    local hidden = ui.button { id = "ghost", title = "GHOST" }
    hidden.hidden = true
    s:add(b); s:add(hidden)
    local svg = ui.svg(s)
    assert.truthy(svg:find('width="200"', 1, true))
    assert.falsy(svg:find("GHOST", 1, true))
  end)

  it("checks its arguments", function()
    assert.error_matches(function() ui.svg(42) end, "control or screen expected")
    assert.error_matches(function() ui.svg(b, { states = "some" }) end, 'states must be "all"')
    assert.error_matches(function() ui.svg(b, { state = "all" }) end, "did you mean 'states'")
  end)
end)
