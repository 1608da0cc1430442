-- The newcomer's trial of issue 18, point by point: each test failed on
-- the build before it (a checkout screen built in light and dark).

local function captions(svg)
  -- Every centred caption: its centre, baseline, size and text.
  local out = {}
  for attrs, text in svg:gmatch("<text([^>]*)>([^<]*)</text>") do
    if attrs:find('text%-anchor="middle"') and not attrs:find('class="title"') then
      local x, y, size = attrs:match(' x="([%d%.%-]+)"'), attrs:match(' y="([%d%.%-]+)"'), attrs:match('font%-size="([%d%.]+)"')
      if x and y and size then out[#out + 1] = { x = tonumber(x), y = tonumber(y), size = tonumber(size), text = text } end
    end
  end
  return out
end

describe("the trial of the audit", function()
  it("names members by their container and value or key, not button1 or sortButton1", function()
    local g = ui.radioGroup { id = "shipping", options = { { title = "Express", value = "express", frame = { 0, 0, 20, 20 } } } }
    local found = ui.audit(g, { checks = "hitTarget" })
    assert.are.equal("shipping['express']", found[1].control)
    assert.are.equal("shipping['express']: hit target 20x20 pt < 44x44 pt", found[1].message)
    local bar = ui.sortBar { id = "sort", { title = "价格", key = "price", frame = { 0, 0, 20, 20 } } }
    assert.are.equal("sort[price]", ui.audit(bar, { checks = "hitTarget" })[1].control)
  end)

  it("says a title longer than its button does not fit, and draws it truncated and clipped", function()
    local s = ui.screen {}
    local coupon = s:add(ui.button { id = "coupon", title = "Apply the coupon code you received", frame = { 20, 100, 120, 44 },
      adjustsFontForContentSizeCategory = true, style = { normal = { titleColor = "label", font = "body" } } })
    local found = ui.audit(coupon, { checks = "textClipped" })
    assert.are.equal(1, #found)
    assert.are.equal("textClipped", found[1].check)
    assert.are.equal("large", found[1].contentSize)
    assert.is_true(coupon.appearance.truncated)
    local shown = coupon.appearance.displayedText
    assert.matches("…", shown, 1, true)
    local svg = ui.svg(coupon)
    assert.truthy(svg:find(shown, 1, true), "the picture draws what UIKit would draw")
    assert.falsy(svg:find("Apply the coupon code you received", 1, true), "not the whole title across the neighbours")
    assert.matches('overflow="hidden"', svg, 1, true)
  end)

  it("models Dynamic Type: fixed-size titles are found, text styles grow and then clip", function()
    local fixed = ui.button { id = "pay", title = "Pay", frame = { 0, 0, 100, 44 }, style = { normal = { font = 15 } } }
    local found = ui.audit(fixed, { checks = "dynamicType" })
    assert.are.equal(1, #found)
    assert.matches("fixed size", found[1].message, 1, true)
    local scaled = ui.button { id = "pay2", title = "Pay", frame = { 0, 0, 100, 44 }, adjustsFontForContentSizeCategory = true,
      style = { normal = { font = { textStyle = "body" } } } }
    assert.are.same({}, ui.audit(scaled, { checks = "dynamicType" }))
    assert.are.equal(53, scaled:appearanceFor("normal", { contentSize = "ax5" }).font.size)
    local clipped = ui.audit(scaled, { checks = "textClipped" })
    assert.are.equal(1, #clipped)
    assert.are.equal("accessibilityExtraExtraExtraLarge", clipped[1].contentSize)
  end)
end)

describe("the trial of the pictures", function()
  it("draws a sort bar and a radio group on a dark screen over the screen's dark backdrop", function()
    local s = ui.screen { userInterfaceStyle = "dark" }
    local bar = s:add(ui.sortBar { id = "sort", { title = "Price", key = "price", style = { normal = { titleColor = "white" } } } })
    local g = s:add(ui.radioGroup { id = "time", options = { { title = "Any", value = "", style = { normal = { titleColor = "white" } } } } })
    for _, svg in ipairs { ui.svg(bar, { states = "all" }), ui.svg(g, { states = "all" }) } do
      assert.matches('data-style="dark"', svg, 1, true)
      assert.matches('class="backdrop"[^>]*fill="#000000"', svg)
    end
  end)

  it("fits captions to their cells so they never overlap", function()
    local narrow = ui.button { id = "x", title = "x", frame = { 0, 0, 30, 30 }, style = { selected = { backgroundColor = "red" } } }
    local found = captions(ui.svg(narrow, { states = "all" }))
    assert.is_true(#found >= 5)
    for i, a in ipairs(found) do
      for j, b in ipairs(found) do
        if i < j and math.abs(a.y - b.y) < 1 then
          -- A generous lower bound of each caption's width: 0.45 em a character.
          local wa, wb = utf8.len(a.text) * 0.45 * a.size, utf8.len(b.text) * 0.45 * b.size
          assert.is_true(math.abs(a.x - b.x) >= (wa + wb) / 2,
            ("captions %q and %q overlap"):format(a.text, b.text))
        end
      end
    end
  end)
end)
