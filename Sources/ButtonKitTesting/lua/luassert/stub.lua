-- luassert.stub: spies that replace a table's function and return canned
-- values (`returns`, `invokes`, `on_call_with`).
local import = ...
local util = import "luassert.util"
local spy = import "luassert.spy"
local unpack = table.unpack

-- Stubs: spies that replace a function and return canned values.
local stub = {}

function stub.new(object, key, ...)
  if object == nil and key == nil then object, key = {}, "" end
  if type(object) ~= "table" or key == nil then
    error("stub.new(): can only stub a table key: call with a table and a key", 2)
  end
  if object[key] ~= nil and not util.callable(object[key]) then
    error("stub.new(): the element to stub must be callable or nil", 2)
  end
  local original = object[key]
  local values = util.make_arglist(...)
  -- One callable argument is what the stub does; otherwise it returns the values.
  local default
  if values.n == 1 and util.callable(values[1]) then
    default = values[1]
  else
    default = function() return unpack(values, 1, values.n) end
  end
  local oncalls = {}
  local function dispatch(...)
    local args = util.make_arglist(...)
    for _, entry in ipairs(oncalls) do
      if util.matchargs({ { vals = args } }, entry.args) then return entry.fn(...) end
    end
    return default(...)
  end
  local s = spy.new(dispatch)
  s.original = original
  s.target_table, s.target_key = object, key
  object[key] = s
  s.returns = function(...)
    local r = util.make_arglist(...)
    default = function() return unpack(r, 1, r.n) end
    return s
  end
  s.invokes = function(fn)
    default = fn
    return s
  end
  s.by_default = { returns = s.returns, invokes = s.invokes }
  s.on_call_with = function(...)
    -- A copy, so a table changed after on_call_with still selects by the
    -- value it had (as luassert compares).
    local entry = { args = util.copyargs(util.make_arglist(...)).vals }
    return {
      returns = function(...)
        local r = util.make_arglist(...)
        entry.fn = function() return unpack(r, 1, r.n) end
        oncalls[#oncalls + 1] = entry
        return s
      end,
      invokes = function(fn)
        entry.fn = fn
        oncalls[#oncalls + 1] = entry
        return s
      end,
    }
  end
  s.is_stub = true
  return s
end

function stub.is_stub(x) return spy.is_spy(x) and x.is_stub == true end

setmetatable(stub, { __call = function(_, ...) return stub.new(...) end })

return stub
