-- Object identity and lifetime across the bridge.
describe("identity and lifetime", function()
  it("gives back the same Lua value for the same object", function()
    local g = ui.radioGroup { id = "g", options = { { title = "a", value = "a" } } }
    local b = g.buttons[1]
    assert.are.equal(b, g:button("a"))
    g:select("a")
    assert.are.equal(b, g.selected)
    assert.is_true(g.selected == b)
  end)

  it("collects buttons whose handlers capture themselves", function()
    local weak = setmetatable({}, { __mode = "v" })
    do
      local b = ui.button()
      b:on("touchDown", function() return b end)
      weak[1] = b
    end
    collectgarbage(); collectgarbage()
    assert.is_nil(weak[1])
  end)

  it("keeps members alive through their group, handlers included", function()
    local fired = 0
    local g = ui.radioGroup { id = "g2", options = { { title = "a", value = 1 }, { title = "b", value = 2 } } }
    g.buttons[2]:on("touchUpInside", function() fired = fired + 1 end)
    collectgarbage(); collectgarbage()
    g.buttons[2]:tap()
    assert.are.equal(1, fired)
    assert.are.equal(2, g.value)
  end)

  it("runs handlers on the calling coroutine", function()
    local b = ui.button()
    local inside
    b:on("touchDown", function() inside = coroutine.running() end)
    local co = coroutine.create(function() b:tap() end)
    assert.is_true(coroutine.resume(co))
    assert.are.equal(co, inside)
  end)
end)

describe("a box released by hand", function()
  it("never stands for a new object that got its address", function()
    -- A released object's memory is reused by the next ones; each new
    -- button must come back as a live value of its own.
    for i = 1, 200 do
      local old = ui.button { id = "old" .. i }
      debug.getmetatable(old).__gc(old)
      local new = ui.button { id = "new" .. i }
      assert.are.equal("new" .. i, new.id)
      assert.is_true(new:tap())
    end
  end)
end)
