-- Sort buttons and sort bars (seed 001).
describe("sort buttons", function()
  it("have the sort fields and defaults", function()
    local p = ui.sortButton { title = "价格", key = "price" }
    assert.are.equal("sortButton", p.kind)
    assert.are.equal("price", p.key)
    assert.are.equal("none", p.direction)
    assert.is_false(p.ascending)
    assert.are.equal("ascending", p.initialDirection)
    assert.are.equal("toggle", p.cycle)
    assert.are.same({ none = "up_down", ascending = "red_arrow_up", descending = "red_arrow_down" }, p.icons)
    assert.are.equal("up_down", p.appearance.image)
    assert.are.equal("none", p.appearance.direction)
  end)

  it("need a key", function()
    assert.error_matches(function() ui.sortButton { title = "x" } end, "needs a string 'key'")
  end)

  it("start at initialDirection, then toggle (the seed's setSelected)", function()
    local p = ui.sortButton { key = "sales", initialDirection = "descending" }
    p.selected = true
    assert.are.equal("descending", p.direction)
    p.selected = true
    assert.are.equal("ascending", p.direction)
    assert.is_true(p.ascending)
    p.selected = false
    assert.are.equal("none", p.direction)
  end)

  it("a tap does exactly selected = true", function()
    local p = ui.sortButton { key = "price" }
    p:tap()
    assert.are.equal("ascending", p.direction)
    p:tap()
    assert.are.equal("descending", p.direction)
    assert.are.equal("red_arrow_down", p.appearance.image)
  end)

  it("tristate cycles back to none", function()
    local p = ui.sortButton { key = "k", cycle = "tristate" }
    local seen = {}
    for _ = 1, 4 do p:tap(); seen[#seen + 1] = p.direction end
    assert.are.same({ "ascending", "descending", "none", "ascending" }, seen)
  end)

  it("send valueChanged when the direction changes", function()
    local p = ui.sortButton { key = "k" }
    local n = 0
    p:on("valueChanged", function() n = n + 1 end)
    p:setDirection("ascending")
    p:setDirection("ascending")
    p.direction = "descending"
    assert.are.equal(2, n)
    assert.error_matches(function() p:setDirection("up") end, "unknown direction")
  end)

  it("take icons and custom images", function()
    local p = ui.sortButton { key = "k", icons = { none = "n", ascending = "a", descending = "d" } }
    assert.are.equal("n", p.appearance.image)
    p:style("selected", { image = "custom" })
    p.selected = true
    assert.are.equal("custom", p.appearance.image)
    assert.error_matches(function() p.icons = { sideways = "x" } end, "unknown direction")
  end)
end)

describe("sort bars", function()
  local price, bar
  before_each(function()
    price = ui.sortButton { title = "价格", key = "price" }
    bar = ui.sortBar {
      id = "sort",
      { title = "综合", key = "default" },
      { title = "销量", key = "sales", initialDirection = "descending" },
      price,
    }
  end)

  it("hold their buttons in order", function()
    assert.are.equal("sortBar", bar.kind)
    assert.are.equal("sort", bar.id)
    assert.are.equal(3, #bar.buttons)
    assert.are.equal(price, bar.buttons[3])
    assert.are.equal(price, bar:button("price"))
    assert.is_nil(bar:button("nope"))
    assert.is_nil(bar.selected)
    assert.is_nil(bar.key)
    assert.are.equal("none", bar.direction)
  end)

  it("deselect the others when one is selected", function()
    price:tap()
    bar.buttons[2]:tap()
    assert.are.equal("none", price.direction)
    assert.is_false(price.selected)
    assert.are.equal(bar.buttons[2], bar.selected)
    assert.are.equal("sales", bar.key)
    assert.are.equal("descending", bar.direction)
  end)

  it("fire valueChanged once per change of key or direction", function()
    local seen = {}
    bar:on("valueChanged", function(b) seen[#seen + 1] = b.key .. " " .. b.direction end)
    price:tap()
    bar.buttons[2]:tap()
    bar.buttons[2]:tap()
    bar:select("sales", "ascending")
    assert.are.same({ "price ascending", "sales descending", "sales ascending" }, seen)
    assert.error_matches(function() bar:on("touchDown", function() end) end, "only 'valueChanged'")
  end)

  it("select by key, with or without a direction", function()
    bar:select("price")
    assert.are.equal("ascending", bar.direction)
    bar:select("price")
    assert.are.equal("ascending", bar.direction)
    bar:select("price", "descending")
    assert.are.equal("descending", bar.direction)
    assert.error_matches(function() bar:select("nope") end, "no button with key 'nope'")
    bar:clear()
    assert.is_nil(bar.selected)
  end)

  it("sort records stably, nil keys last in both directions", function()
    local records = {
      { name = "a", price = 3 }, { name = "b" }, { name = "c", price = 1 },
      { name = "d", price = 3 }, { name = "e", price = 2 }, { name = "f" },
    }
    local function names(list)
      local out = {}
      for i, r in ipairs(list) do out[i] = r.name end
      return table.concat(out)
    end
    assert.are.equal("abcdef", names(bar:sort(records)))  -- nothing selected
    bar:select("price")
    assert.are.equal("ceadbf", names(bar:sort(records)))
    bar:select("price", "descending")
    assert.are.equal("adecbf", names(bar:sort(records)))
    assert.are.equal("a", records[1].name)  -- a new list; the input is untouched
  end)

  it("refuse to sort mixed key types, naming the record", function()
    bar:select("price")
    assert.error_matches(function() bar:sort({ { price = 1 }, { price = "x" } }) end, "record #2")
    assert.error_matches(function() bar:sort({ { price = {} } }) end, "record #1")
  end)

  it("give a comparator for table.sort", function()
    bar:select("price", "descending")
    local less = bar:comparator()
    local t = { { price = 1 }, { price = 3 }, {}, { price = 2 } }
    table.sort(t, less)
    assert.are.same({ 3, 2, 1 }, { t[1].price, t[2].price, t[3].price })
    assert.is_nil(t[4].price)
  end)

  it("add more items and refuse duplicate keys", function()
    local b = bar:add({ title = "新品", key = "new" })
    assert.are.equal("new", b.key)
    assert.error_matches(function() bar:add({ key = "price" }) end, "sort key")
    local other = ui.sortBar { id = "other" }
    assert.error_matches(function() other:add(price) end, "already belongs to 'sort'")
  end)
end)
