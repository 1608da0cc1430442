-- Dynamic Type and layout direction from Lua: text-style fonts, the
-- contentSize and layoutDirection traits, inherited screen → group/bar →
-- button and given to previews, assertions and snapshots.

local function message(f)
  local ok, e = pcall(f)
  assert.is_false(ok)
  return tostring(e)
end

describe("text-style fonts", function()
  it("resolve to the style's size and keep the style", function()
    assert.are.same({ family = "system", size = 17, weight = "regular", textStyle = "body" }, ui.font({ textStyle = "body" }))
    assert.are.same({ family = "system", size = 17, weight = "semibold", textStyle = "headline" }, ui.font("headline"))
    assert.are.equal("bold", ui.font("bold headline").weight)
    assert.are.equal(53, ui.font("body", { contentSize = "ax5" }).size)
    assert.are.equal(60, ui.font({ textStyle = "largeTitle" }, { contentSize = "accessibilityExtraExtraExtraLarge" }).size)
    assert.are.equal(11, ui.font("caption2", { contentSize = "xs" }).size)
  end)

  it("take their size from the control's content size", function()
    local b = ui.button { title = "Pay", style = { normal = { font = { textStyle = "body" } } } }
    assert.are.equal(17, b.appearance.font.size)
    b.contentSize = "accessibilityLarge"
    assert.are.equal(33, b.appearance.font.size)
    assert.are.equal("body", b.appearance.font.textStyle)
    assert.are.equal(14, b:appearanceFor("normal", { contentSize = "xs" }).font.size)
    assert.are.equal(33, b.appearance.font.size, "a preview changes nothing")
  end)

  it("read back their resolved table as the same font", function()
    local b = ui.button { style = { normal = { font = "title2" } }, contentSize = "ax3" }
    local again = ui.button { style = { normal = { font = b.appearance.font } }, contentSize = "xxxl" }
    assert.are.equal(28, again.appearance.font.size, "the size follows the content size, not the table's")
  end)

  it("refuse unknown styles with a suggestion", function()
    assert.matches("unknown text style 'bdy'; did you mean 'body'?", message(function() ui.font({ textStyle = "bdy" }) end), 1, true)
    assert.matches("'size' or a 'textStyle'", message(function() ui.font({ weight = "bold" }) end), 1, true)
  end)
end)

describe("contentSize and layoutDirection traits", function()
  it("are inherited screen → group → button and overridden at each level", function()
    local s = ui.screen { contentSize = "ax2", layoutDirection = "rightToLeft" }
    local g = ui.radioGroup { id = "ship", options = { { title = "Express", value = "express", style = { normal = { font = "body" } } } } }
    s:add(g)
    local member = g.buttons[1]
    assert.are.equal("accessibilityLarge", member.contentSize)
    assert.are.equal("rightToLeft", member.layoutDirection)
    assert.are.equal(33, member.appearance.font.size)
    g.contentSize = "m"
    assert.are.equal("medium", member.contentSize)
    assert.are.equal("accessibilityLarge", s.contentSize)
    member.layoutDirection = "leftToRight"
    assert.are.equal("leftToRight", member.layoutDirection)
    member.layoutDirection = "unspecified"
    assert.are.equal("rightToLeft", member.layoutDirection)
    g.contentSize = nil
    assert.are.equal("accessibilityLarge", member.contentSize)
    local bar = ui.sortBar { id = "sort", contentSize = "xl", { title = "Price", key = "price" } }
    assert.are.equal("extraLarge", bar.buttons[1].contentSize)
  end)

  it("take the short names and UIKit's raw values, and say what they expect", function()
    local s = ui.screen {}
    s.contentSize = "UICTContentSizeCategoryXXL"
    assert.are.equal("extraExtraLarge", s.contentSize)
    assert.matches("unknown content size 'larg'; did you mean 'large'?", message(function() s.contentSize = "larg" end), 1, true)
    assert.matches("unknown layout direction 'rtl'", message(function() ui.screen { layoutDirection = "rtl" } end), 1, true)
    assert.matches("unknown trait 'size'", message(function() ui.button {}:appearanceFor("normal", { size = "ax1" }) end), 1, true)
  end)

  it("reach assert.appearance and assert.snapshot", function()
    local b = ui.button { title = "Pay", style = { normal = { font = "body" } } }
    assert.appearance(b, { font = { size = 53 } }, "normal", { contentSize = "ax5" })
    assert.appearance(b, { font = { textStyle = "body" } }, nil, { contentSize = "ax5" })
    assert.appearance(b, { font = "body" }, nil, { contentSize = "ax5" })
    local ok, e = pcall(assert.appearance, b, { font = { size = 17 } }, nil, { contentSize = "ax5" })
    assert.is_false(ok)
    assert.matches("content size ax5", tostring(e), 1, true)
    assert.is_true(b.adjustsFontForContentSizeCategory == false)
  end)
end)
