-- The contract every kind keeps, in one wording: reading or writing a name
-- the kind does not have, assigning to a method, assigning to a read-only
-- field. The names come from each kind's own description (what
-- getmetatable(obj) returns), so a field added to a kind is covered here
-- without touching this file.

-- Stores live in spec/scratch (in every clone, its contents ignored) and
-- are removed, with their lock files, when the file's tests are done.
local made = {}
local function store_path()
  local name = "contract-" .. tostring(os.time()) .. "-" .. tostring(math.random(1e9)) .. ".json"
  made[#made + 1] = name
  return "spec/scratch/" .. name
end
teardown(function()
  for _, name in ipairs(made) do
    os.remove("spec/scratch/" .. name)
  end
end)

local kinds = {
  button = function() return ui.button {} end,
  sortButton = function() return ui.sortButton { key = "name" } end,
  sortBar = function() return ui.sortBar {} end,
  radioGroup = function() return ui.radioGroup {} end,
  screen = function() return ui.screen {} end,
  store = function() return ui.store(store_path()) end,
}

local function message(f)
  local ok, e = pcall(f)
  assert.is_false(ok)
  return tostring(e)
end

for kind, make in pairs(kinds) do
  describe(kind, function()
    local obj, description
    before_each(function()
      obj = make()
      description = getmetatable(obj)
    end)

    it("describes itself with its name, fields and methods", function()
      assert.are.equal(kind, description.__name)
      assert.is_table(description.fields)
      assert.is_table(description.methods)
      assert.is_true(#description.fields + #description.methods > 0)
    end)

    it("says 'unknown field' when reading a name it does not have", function()
      assert.matches("unknown field 'nosuch' of " .. kind, message(function() return obj.nosuch end), 1, true)
    end)

    it("says 'unknown field' when writing a name it does not have", function()
      assert.matches("unknown field 'nosuch' of " .. kind, message(function() obj.nosuch = 1 end), 1, true)
    end)

    it("suggests the closest name", function()
      local name = description.fields[1] or description.methods[1]
      local typo = name .. "z"
      assert.matches("did you mean '" .. name .. "'", message(function() return obj[typo] end), 1, true)
    end)

    it("refuses assigning to any of its methods, in one wording", function()
      for _, m in ipairs(description.methods) do
        assert.is_function(obj[m])
        assert.matches("cannot assign to method '" .. m .. "' of " .. kind, message(function() obj[m] = 1 end), 1, true)
      end
    end)

    it("says 'is read-only' for every field it does not let scripts set", function()
      local readonly = 0
      for _, f in ipairs(description.fields) do
        local ok, e = pcall(function() obj[f] = obj[f] end)
        if not ok and tostring(e):find("read-only", 1, true) then
          readonly = readonly + 1
          assert.matches("field '" .. f .. "' of " .. kind .. " is read-only", tostring(e), 1, true)
        end
      end
      -- Every kind has at least its kind (or path, for a store) read-only.
      assert.is_true(readonly >= 1)
    end)
  end)
end

describe("style builder", function()
  it("keeps the same wording inside setUpStyle", function()
    local b = ui.button {}
    local e
    b:setUpStyle("normal", function(s) e = message(function() return s.nosuch end) end)
    assert.matches("unknown field 'nosuch' of style builder", e, 1, true)
  end)
end)
