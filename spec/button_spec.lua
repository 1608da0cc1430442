-- Buttons: construction, fields, styles, resolution.
describe("ui.button", function()
  it("makes a button with defaults", function()
    local b = ui.button()
    assert.are.equal("button", b.kind)
    assert.matches("^button%d+$", b.id)
    assert.are.same({ x = 0, y = 0, width = 100, height = 44 }, b.frame)
    assert.is_true(b.enabled)
    assert.is_false(b.selected)
    assert.are.equal("normal", b.state)
    assert.are.equal(0, b.stateBits)
    assert.are.equal(70, b.touchMargin)
    assert.are.equal("uikit", b.fallback)
    assert.are.equal(10000, b.traceLimit)
  end)

  it("takes every documented option", function()
    local b = ui.button {
      id = "buy", frame = { 10, 20, 200, 44 }, title = "Buy",
      style = { normal = { titleColor = "blue", borderWidth = 5 }, ["selected|highlighted"] = { backgroundColor = "#AA0000" } },
      enabled = false, selected = true, hidden = true, info = "15", tag = 3, fallback = "cascade",
      changesSelectionAsPrimaryAction = true, touchMargin = 10,
      adjustsImageWhenHighlighted = false, adjustsImageWhenDisabled = false,
    }
    assert.are.equal("buy", b.id)
    assert.are.same({ x = 10, y = 20, width = 200, height = 44 }, b.frame)
    assert.are.equal("Buy", b.title)
    assert.are.equal("disabled|selected", b.state)
    assert.is_true(b.hidden)
    assert.are.equal("15", b.info)
    assert.are.equal(3, b.tag)
    assert.are.equal("cascade", b.fallback)
    assert.is_true(b.changesSelectionAsPrimaryAction)
    assert.are.equal(10, b.touchMargin)
    assert.is_false(b.adjustsImageWhenHighlighted)
    assert.is_false(b.adjustsImageWhenDisabled)
    assert.are.equal("#AA0000FF", b:styleFor("selected|highlighted").backgroundColor)
  end)

  it("rejects unknown options with a suggestion", function()
    assert.has_error(function() ui.button { titel = "x" } end,
      "bad argument #1 to 'button' (unknown button option 'titel'; did you mean 'title'?)")
    assert.error_matches(function() ui.button { frame = { 0, 0, -1, 4 } } end, "frame")
    assert.error_matches(function() ui.button { touchMargin = "wide" } end, "touchMargin")
    assert.error_matches(function() ui.button(42) end, "table expected, got number")
  end)

  describe("fields", function()
    local b
    before_each(function() b = ui.button { title = "Go" } end)

    it("are readable and writable", function()
      b.frame = { x = 1, y = 2, width = 3, height = 4 }
      b.enabled = false; b.enabled = true
      b.selected = true
      b.highlighted = true
      b.focused = true
      b.hidden = false
      b.info = { a = 1 }
      b.tag = 7
      b.fallback = "cascade"
      b.changesSelectionAsPrimaryAction = true
      b.touchMargin = 5
      b.adjustsImageWhenHighlighted = false
      b.adjustsImageWhenDisabled = false
      b.traceLimit = 3
      b.title = "Stop"
      assert.are.equal("highlighted|selected|focused", b.state)
      assert.are.equal(13, b.stateBits)
      assert.are.same({ a = 1 }, b.info)
      assert.are.equal(7, b.tag)
      assert.are.equal("Stop", b.title)
      assert.are.equal(3, b.traceLimit)
      assert.are.equal(5, b.touchMargin)
    end)

    it("refuse writes to read-only fields", function()
      for _, f in ipairs({ "id", "state", "stateBits", "appearance", "trace", "kind" }) do
        assert.error_matches(function() b[f] = 1 end, "field '" .. f .. "' of button is read%-only")
      end
    end)

    it("refuse unknown fields, reading and writing", function()
      assert.error_matches(function() return b.titel end, "unknown field 'titel' of button; did you mean 'title'%?")
      assert.error_matches(function() b.colour = 1 end, "unknown field 'colour'")
      assert.error_matches(function() b.tap = 1 end, "cannot assign to method 'tap'")
    end)

    it("check value types", function()
      assert.error_matches(function() b.enabled = "yes" end, "boolean expected, got string")
      assert.error_matches(function() b.tag = 1.5 end, "integer expected")
      assert.error_matches(function() b.fallback = "uikt" end, "did you mean 'uikit'")
      assert.error_matches(function() b.info = function() end end, "cannot store a function")
    end)
  end)

  describe("styles", function()
    it("style merges into exactly one state and returns the button", function()
      local b = ui.button()
      assert.are.equal(b, b:style("selected", { title = "A" }))
      b:style("selected", { titleColor = "red" })
      assert.are.same({ title = "A", titleColor = "#FF0000FF" }, b:styleFor("selected"))
      assert.are.same({}, b:styleFor("normal"))
    end)

    it("setUpStyle chains the seed's fluent calls", function()
      local b = ui.button()
      local ret = b:setUpStyle("selected", function(s)
        assert.are.equal(s, s:title("selected"):titleColor("red"):borderWidth(11))
      end)
      assert.are.equal(b, ret)
      assert.are.same({ title = "selected", titleColor = "#FF0000FF", borderWidth = 11 }, b:styleFor("selected"))
    end)

    it("setUpStyle has a method for every property", function()
      local b = ui.button()
      b:setUpStyle("normal", function(s)
        s:title("t"):attributedTitle({ { text = "a" } }):titleColor("red"):backgroundColor("blue")
         :borderColor("green"):borderWidth(1):cornerRadius(2):font(12):image("i"):backgroundImage("bg"):alpha(0.5)
      end)
      local st = b:styleFor("normal")
      for _, k in ipairs({ "title", "attributedTitle", "titleColor", "backgroundColor", "borderColor",
        "borderWidth", "cornerRadius", "font", "image", "backgroundImage", "alpha" }) do
        assert.is_not_nil(st[k], k)
      end
    end)

    it("setUpStyle applies nothing when the chain fails", function()
      local b = ui.button()
      assert.error_matches(function()
        b:setUpStyle("normal", function(s) s:title("x"):borderWidth(-1) end)
      end, "borderWidth")
      assert.are.same({}, b:styleFor("normal"))
    end)

    it("validates values precisely", function()
      local b = ui.button()
      assert.has_error(function() b:style("normal", { titel = "x" }) end,
        "bad argument #2 to 'style' (unknown style property 'titel'; did you mean 'title'?)")
      assert.error_matches(function() b:style("normal", { borderWidth = -1 }) end, "borderWidth")
      assert.error_matches(function() b:style("normal", { cornerRadius = 1 / 0 }) end, "cornerRadius")
      assert.error_matches(function() b:style("normal", { alpha = 2 }) end, "alpha")
      assert.error_matches(function() b:style("normal", { titleColor = 5 }) end, "color expected")
      assert.error_matches(function() b:style("nope", {}) end, "bad argument #1 to 'style' %(unknown state 'nope'")
    end)

    it("unstyle removes one property or the whole state", function()
      local b = ui.button()
      b:style("selected", { title = "s", titleColor = "red" })
      b:unstyle("selected", "title")
      assert.are.same({ titleColor = "#FF0000FF" }, b:styleFor("selected"))
      b:unstyle("selected")
      assert.are.same({}, b:styleFor("selected"))
      assert.error_matches(function() b:unstyle("selected", "titel") end, "did you mean 'title'")
    end)
  end)

  describe("resolution", function()
    it("has every key with UIKit's defaults", function()
      local a = ui.button().appearance
      assert.are.equal("normal", a.state)
      assert.are.equal("#FFFFFFFF", a.titleColor)
      assert.are.equal("#00000000", a.backgroundColor)
      assert.are.equal("#000000FF", a.borderColor)
      assert.are.equal(0, a.borderWidth)
      assert.are.equal(0, a.cornerRadius)
      assert.are.same({ family = "system", size = 15, weight = "regular" }, a.font)
      assert.are.equal(1, a.alpha)
      assert.are.equal("none", a.imageAdjustment)
      assert.is_nil(a.title); assert.is_nil(a.text); assert.is_nil(a.image)
    end)

    it("uses UIKit's fallback: selected|highlighted does not borrow from selected", function()
      local b = ui.button { style = { normal = { backgroundColor = "white" }, selected = { backgroundColor = "red" } } }
      assert.appearance(b, { backgroundColor = "white" }, "selected|highlighted")
      b.fallback = "cascade"
      assert.appearance(b, { backgroundColor = "red" }, "selected|highlighted")
    end)

    it("prefers the attributed title and concatenates its runs", function()
      local b = ui.button { title = "plain", style = { normal = {
        attributedTitle = { { text = "Buy ", color = "red" }, { text = "now", font = { size = 20, weight = "bold" } } } } } }
      local a = b.appearance
      assert.are.equal("Buy now", a.text)
      assert.are.equal("plain", a.title)
      assert.are.equal("#FF0000FF", a.attributedTitle[1].color)
      assert.are.same({ family = "system", size = 20, weight = "bold" }, a.attributedTitle[2].font)
    end)

    it("adjusts images borrowed from normal", function()
      local b = ui.button { style = { normal = { image = "star" }, selected = { image = "star-on" } } }
      assert.are.equal("highlighted", b:appearanceFor("highlighted").imageAdjustment)
      assert.are.equal("disabled", b:appearanceFor("disabled|highlighted").imageAdjustment)
      assert.are.equal("none", b:appearanceFor("selected").imageAdjustment)
      assert.are.equal("star-on", b:appearanceFor("selected").image)
    end)

    it("appearanceFor previews without changing the state", function()
      local b = ui.button()
      assert.are.equal("disabled|selected", b:appearanceFor("selected|disabled").state)
      assert.are.equal("normal", b.state)
    end)

    it("is recomputed from the whole state (seed 000: no manual refresh)", function()
      local b = ui.button()
      b:setUpStyle("normal", function(s) s:title("normal"):titleColor("blue"):borderWidth(5) end)
      b:setUpStyle("selected", function(s) s:title("selected"):titleColor("red"):borderWidth(11) end)
      b.selected = true
      assert.appearance(b, { title = "selected", titleColor = "red", borderWidth = 11 })
      b.selected = false
      assert.appearance(b, { title = "normal", titleColor = "blue", borderWidth = 5 })
    end)
  end)

  it("prints as one readable line", function()
    local b = ui.button { id = "buy", title = "Buy", style = { normal = { backgroundColor = "red" } } }
    b.selected = true
    assert.are.equal('<button buy "Buy" selected bg #FF0000FF>', tostring(b))
  end)

  it("describes itself through getmetatable", function()
    local mt = getmetatable(ui.button())
    assert.are.equal("button", mt.__name)
    assert.truthy(#mt.methods > 10)
  end)
end)
