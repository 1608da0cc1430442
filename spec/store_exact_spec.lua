-- Stores keep exactly what they are given, or refuse it; two store objects
-- for one file lose nothing (issue 13).
describe("stores keep values exactly", function()
  local path
  before_each(function()
    path = "spec/scratch/spec-store-exact-" .. tostring(math.random(1e9)) .. ".json"
  end)
  -- spec/scratch is in every clone (its contents are ignored). A store
  -- keeps its lock file only while it holds the lock: none is left.
  after_each(function()
    assert.is_nil(io.open((path:gsub("([^/]+)$", ".%1.lock"))))
    os.remove(path)
  end)

  local function write(text)
    local f = assert(io.open(path, "wb"))
    f:write(text)
    f:close()
  end

  local function read()
    local f = assert(io.open(path, "rb"))
    local text = f:read("a")
    f:close()
    return text
  end

  it("refuse strings that are not valid UTF-8, as values and as keys", function()
    local s = ui.store(path)
    for _, bad in ipairs({ "\xff", "a\xfeb", "\xc0\xaf", "\xed\xa0\x80", "\xed\xbf\xbf", "\xf4\x90\x80\x80", "\xe2\x82" }) do
      assert.error_matches(function() s:set("k", bad) end, "not valid UTF%-8")
      assert.error_matches(function() s:set("k", { nested = { bad } }) end, "not valid UTF%-8")
      assert.has_error(function() s:set(bad, 1) end)
    end
    assert.are.same({}, s:keys())
    assert.are.equal("{}\n", read())
  end)

  it("keep every valid string as it was, astral planes included", function()
    local s = ui.store(path)
    local values = { "", "plain", "é", "价格", "😀", "\u{10FFFF}", "\u{FFFD}", "a\0b", "\"\\\n\t" }
    for i, v in ipairs(values) do s:set("v" .. i, v) end
    local again = ui.store(path)
    for i, v in ipairs(values) do assert.are.equal(v, again:get("v" .. i)) end
  end)

  it("refuse a file with invalid UTF-8 or a lone surrogate and leave it alone", function()
    for _, text in ipairs({ '{"k": "\xff"}', '{"k": "\\ud800"}', '{"k": "\\udc00"}', '{"k": "\\ud83dx"}' }) do
      write(text)
      assert.error_matches(function() ui.store(path) end, "cannot be kept exactly")
      assert.are.equal(text, read())
    end
  end)

  it("refuse a second spelling of a key it holds rather than overwrite the first", function()
    -- Two keys to Lua (other bytes), one text to Swift.
    local composed, decomposed = "caf\u{E9}", "cafe\u{301}"
    local s = ui.store(path)
    s:set(composed, 1)
    assert.error_matches(function() s:set(decomposed, 2) end, "already has the key 'caf")
    assert.are.equal(1, s:get(composed))
    assert.is_nil(s:get(decomposed))  -- get answers for the exact bytes only
    -- Not a lossy copy either: "\xff" is not the key U+FFFD.
    s:set("\u{FFFD}", 3)
    assert.is_nil(s:get("\xff"))
    assert.error_matches(function() s:delete("\xff") end, "valid UTF%-8 string expected, got other bytes")
    assert.are.equal(3, s:get("\u{FFFD}"))
    s:delete("\u{FFFD}")
    assert.are.same({ composed }, s:keys())
  end)

  it("refuse a file that repeats a key, in any spelling, and leave it alone", function()
    for _, text in ipairs({ '{"a": 1, "a": 2}', '{"caf\u{E9}": 1, "cafe\u{301}": 2}' }) do
      write(text)
      assert.error_matches(function() ui.store(path) end, ":1:%d+: not valid JSON: key '")
      assert.are.equal(text, read())
    end
  end)

  it("round-trip 123456789012345678901234567890 exactly", function()
    write('{"big": 123456789012345678901234567890, "neg": -123456789012345678901234567890, "tiny": 1e-400}\n')
    local s = ui.store(path)
    assert.are.equal(1.2345678901234568e+29, s:get("big"))
    s:set("other", 1)
    local text = read()
    assert.matches('"big": 123456789012345678901234567890', text, 1, true)
    assert.matches('"neg": -123456789012345678901234567890', text, 1, true)
    assert.matches('"tiny": 1e-400', text, 1, true)
    assert.is_nil(text:find("e+29", 1, true))
  end)

  it("keep integers, floats and the sign of zero", function()
    local s = ui.store(path)
    local values = { math.maxinteger, math.mininteger, 0, 3.0, -0.0, 0.1, 2 ^ 63, -2 ^ 63, 1e308, 5e-324, 1 / 3 }
    for i, v in ipairs(values) do s:set("v" .. i, v) end
    local again = ui.store(path)
    for i, v in ipairs(values) do
      local got = again:get("v" .. i)
      assert.are.equal(v, got)
      assert.are.equal(math.type(v), math.type(got))
      if v == 0 then assert.are.equal(1 / v, 1 / got) end
    end
  end)

  it("refuse what JSON cannot hold instead of changing it", function()
    local s = ui.store(path)
    assert.error_matches(function() s:set("k", 0 / 0) end, "not a finite number")
    assert.error_matches(function() s:set("k", math.huge) end, "not a finite number")
    assert.error_matches(function() s:set("k", -math.huge) end, "not a finite number")
    -- JSON keys are strings: [5] and ["5"] would be one key.
    assert.error_matches(function() s:set("k", { [5] = 1, ["5"] = 2 }) end, "both the key 5 and the key '5'")
    assert.error_matches(function() s:set("k", { "a", "b", ["1"] = "c" }) end, "both the key 1 and the key '1'")
    assert.error_matches(function() s:set("k", { ["caf\u{E9}"] = 1, ["cafe\u{301}"] = 2 }) end, "other bytes")
    assert.are.same({}, s:keys())
    s:set("k", { [7] = 1, y = 2 })
    assert.are.same({ ["7"] = 1, y = 2 }, s:get("k"))
  end)

  it("lose nothing between two objects for one file", function()
    local s1, s2 = ui.store(path), ui.store(path)
    s1:set("a", 1)
    s2:set("b", 2)
    s1:set("c", 3)
    s2:delete("c")
    assert.are.same({ "a", "b" }, ui.store(path):keys())
    assert.are.equal(2, s1:get("b"))
    assert.are.equal(1, s2:get("a"))
  end)
end)
