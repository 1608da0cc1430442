-- Stores: JSON files written atomically.
describe("stores", function()
  local path
  before_each(function()
    path = "spec/scratch/spec-store-" .. tostring(math.random(1e9)) .. ".json"
  end)
  -- spec/scratch is in every clone (its contents are ignored). A store
  -- keeps its lock file only while it holds the lock: none is left.
  after_each(function()
    assert.is_nil(io.open((path:gsub("([^/]+)$", ".%1.lock"))))
    os.remove(path)
  end)

  it("keep values on disk", function()
    local s = ui.store(path)
    assert.are.equal(path, s.path)
    s:set("n", 1):set("f", 1.5):set("s", "x"):set("b", true):set("t", { 1, 2, { a = "b" } })
    local again = ui.store(path)
    assert.are.equal(1, again:get("n"))
    assert.are.equal(1.5, again:get("f"))
    assert.are.equal("x", again:get("s"))
    assert.is_true(again:get("b"))
    assert.are.same({ 1, 2, { a = "b" } }, again:get("t"))
    assert.are.same({ "b", "f", "n", "s", "t" }, again:keys())
  end)

  it("make the folders the path names, inside the tree", function()
    local dir = "spec/scratch/made-" .. tostring(math.random(1e9))
    local s = ui.store(dir .. "/data/prefs.json")
    s:set("theme", "dark")
    assert.are.equal("dark", ui.store(dir .. "/data/prefs.json"):get("theme"))
    os.remove(dir .. "/data/prefs.json"); os.remove(dir .. "/data"); os.remove(dir)
  end)

  it("delete keys", function()
    local s = ui.store(path)
    s:set("a", 1)
    s:delete("a")
    assert.is_nil(ui.store(path):get("a"))
    s:set("b", 1); s:set("b", nil)
    assert.is_nil(s:get("b"))
  end)

  it("refuse values JSON cannot hold", function()
    local s = ui.store(path)
    assert.error_matches(function() s:set("f", print) end, "cannot store a function")
    assert.error_matches(function() s:set("x", 0 / 0) end, "not a finite number")
    local t = {}; t.self = t
    assert.error_matches(function() s:set("c", t) end, "nested too deeply")
  end)

  it("refuse a corrupt file, naming file and position, and leave it alone", function()
    local f = assert(io.open(path, "w"))
    f:write('{\n  "a": 1,\n  "b": tru\n}')
    f:close()
    assert.error_matches(function() ui.store(path) end, path:gsub("%p", "%%%0") .. ":3:8: not valid JSON")
    local g = assert(io.open(path))
    assert.are.equal('{\n  "a": 1,\n  "b": tru\n}', g:read("a"))
    g:close()
  end)

  it("stay inside the working tree", function()
    assert.error_matches(function() ui.store("/etc/buttonkit-outside.json") end, "outside the working tree")
  end)

  it("says an empty name is no file name", function()
    assert.error_matches(function() ui.store("") end,
      [[bad argument #1 to 'store' (a file name expected, got an empty string (or ":memory:" for a store in memory))]], 1, true)
  end)
end)

describe("an in-memory store", function()
  it("keeps values like a file store, with no file", function()
    local s = ui.store(":memory:")
    assert.are.equal(":memory:", s.path)
    s:set("time", "15"):set("list", { 1, "x", true })
    assert.are.same({ 1, "x", true }, s:get("list"))
    assert.are.same({ "list", "time" }, s:keys())
    s:delete("time")
    assert.is_nil(s:get("time"))
    assert.is_nil(io.open(":memory:"))
    -- Each is a store of its own, and radio groups save to it.
    assert.are.same({}, ui.store(":memory:"):keys())
    local g = ui.radioGroup { id = "days", options = { { title = "5", value = "5" } } }
    g:select("5"); g:save(s)
    assert.are.equal("5", s:get("days"))
    assert.error_matches(function() s:set("f", function() end) end, "set")
  end)
end)
