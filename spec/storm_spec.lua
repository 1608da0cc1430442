-- A storm of random calls with junk arguments: every one either works or
-- raises a Lua error; none may crash the process.
describe("junk argument storm", function()
  it("survives thousands of random calls", function()
    math.randomseed(tonumber(os.getenv("STORM_SEED") or "12345"))
    local cyclic = {}; cyclic.self = cyclic
    local junk = {
      nil, true, false, 0, -1, 1.5, 1 / 0, -1 / 0, 0 / 0, math.maxinteger, math.mininteger,
      "", "x", "normal", "selected|highlighted", "touchDown", "#FFF", "red", "ascending", string.rep("z", 1000),
      {}, { 1, 2, 3 }, { x = 1, y = 2 }, { x = "a" }, { title = "t", value = "v" }, cyclic,
      { normal = { title = 1 } }, { count = -5 }, { at = { 1 } }, { { text = 5 } },
      tostring, function() error("junk handler") end, function() return ui end,
      coroutine.create(function() end), io.stdout,
    }
    local njunk = 35
    local function pick()
      return junk[math.random(njunk)]
    end
    local store_path = "spec/scratch/spec-storm.json"
    local objects = {
      ui.button { id = "storm-b" }, ui.sortButton { key = "k" },
      ui.radioGroup { id = "storm-g", options = { { title = "a", value = "a" } } },
      ui.sortBar { id = "storm-s", { key = "p" } }, ui.screen(), ui.store(store_path),
    }
    -- Objects are junk too.
    for _, o in ipairs(objects) do junk[#junk + 1] = o end
    njunk = #junk
    local calls, errors = 0, 0
    local functions = {}
    for k, v in pairs(ui) do if type(v) == "function" and k ~= "store" then functions[#functions + 1] = v end end
    for _ = 1, 4000 do
      local r = math.random(3)
      local ok
      if r == 1 then
        local o = objects[math.random(#objects)]
        local names = getmetatable(o).methods
        local m = names[math.random(#names)]
        ok = pcall(o[m], math.random(4) == 1 and pick() or o, pick(), pick(), pick())
      elseif r == 2 then
        local o = objects[math.random(#objects)]
        local fields = getmetatable(o).fields
        local f = fields[math.random(#fields)]
        if math.random(2) == 1 then
          ok = pcall(function() return o[f] end)
        else
          ok = pcall(function() o[f] = pick() end)
        end
      else
        ok = pcall(functions[math.random(#functions)], pick(), pick(), pick(), pick())
      end
      calls = calls + 1
      if not ok then errors = errors + 1 end
    end
    assert.are.equal(4000, calls)
    assert.is_true(errors > 100)          -- junk really was refused
    assert.is_true(errors < calls)        -- and some calls really worked
    collectgarbage()
    -- The objects are still usable afterwards.
    local b = ui.button { id = "after" }
    assert.is_true(b:tap())
    os.remove(store_path)
  end)
end)

describe("metatable tricks", function()
  it("cannot make one type's accessors read another type's object", function()
    local sort, plain, screen = ui.sortButton { key = "k" }, ui.button(), ui.screen()
    local mt = debug.getmetatable(plain)
    local saved_index, saved_newindex = mt.__index, mt.__newindex
    mt.__index = debug.getmetatable(sort).__index
    assert.error_matches(function() return plain.key end, "another type's accessor")
    mt.__newindex = debug.getmetatable(screen).__newindex
    assert.error_matches(function() plain.width = 3 end, "another type's accessor")
    mt.__index, mt.__newindex = saved_index, saved_newindex
    assert.is_true(plain:tap())
  end)

  it("survives a manually called finalizer", function()
    -- Only the collector finalizes: by hand (say from a handler during a
    -- tap) it would free the button under the host code using it.
    local b = ui.button { id = "kept" }
    debug.getmetatable(b).__gc(b)
    assert.are.equal("kept", b.id)
    assert.is_true(b:tap())
    b:on("touchDown", function(x) debug.getmetatable(x).__gc(x) collectgarbage() end)
    assert.is_true(b:tap())
  end)
end)
