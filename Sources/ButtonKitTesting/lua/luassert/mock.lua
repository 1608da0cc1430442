-- luassert.mock: wraps every function of a table (recursively) in spies,
-- or stubs; revert puts the originals back.
local import = ...
local spy = import "luassert.spy"
local stub = import "luassert.stub"

-- Mocks: wrap every function of a table (recursively) in spies or stubs.
local mock = {}

function mock.new(object, dostub, func, self_ref, key)
  local visited = {}
  local function wrap(t, is_stub)
    if visited[t] then return t end
    visited[t] = true
    for k, v in pairs(t) do
      if type(v) == "function" or spy.is_spy(v) then
        if is_stub then stub.new(t, k) else spy.on(t, k) end
      elseif type(v) == "table" then
        wrap(v, is_stub)
      end
    end
    return t
  end
  local _ = func; _ = self_ref; _ = key
  if type(object) == "function" then
    return dostub and stub.new({ f = object }, "f") or spy.new(object)
  end
  return wrap(object, dostub)
end

function mock.revert(object)
  local visited = {}
  local function unwrap(t)
    if visited[t] then return end
    visited[t] = true
    for k, v in pairs(t) do
      if spy.is_spy(v) then
        v:revert()
      elseif type(v) == "table" then
        unwrap(v)
      end
    end
  end
  unwrap(object)
  return object
end

function mock.clear(object)
  local visited = {}
  local function clear(t)
    if visited[t] then return end
    visited[t] = true
    for _, v in pairs(t) do
      if spy.is_spy(v) then v:clear()
      elseif type(v) == "table" then clear(v) end
    end
  end
  clear(object)
  return object
end

setmetatable(mock, { __call = function(_, ...) return mock.new(...) end })

return mock
