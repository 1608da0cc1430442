-- luassert.spy: spies record every call's arguments and results; the spy
-- modifiers and assertions (`assert.spy(s).was.called_with(1, 2)`) live
-- here too. Every spy is registered with luassert.state, so a spy placed
-- on a table with spy.on is reverted when the test ends.
local import = ...
local util = import "luassert.util"
local state = import "luassert.state"
local namespaces = import "luassert.namespaces"
local register = namespaces.register

local spy_mt = {}
spy_mt.__call = function(self, ...)
  local args = util.make_arglist(...)
  self.calls[#self.calls + 1] = util.copyargs(args)
  local function record(...)
    self.returnvals[#self.returnvals + 1] = util.copyargs(util.make_arglist(...))
    return ...
  end
  return record(self.callback(...))
end

local spy = {}

function spy.new(callback)
  callback = callback or function() end
  if not util.callable(callback) then
    error("Cannot spy on type '" .. type(callback) .. "', only on functions or callable elements", 2)
  end
  local s = setmetatable({ calls = {}, returnvals = {}, callback = callback }, spy_mt)
  -- Puts the original back; returns it (for a plain spy, the spied function).
  function s.revert(self)
    if not self.reverted then
      if self.target_table and self.target_key ~= nil then
        self.target_table[self.target_key] = self.original
      end
      self.reverted = true
    end
    if self.target_table then return self.original end
    return self.callback
  end
  function s.clear(self)
    self.calls, self.returnvals = {}, {}
    return self
  end
  function s.called(self, times, compare)
    if times or compare then
      compare = compare or function(count, expected) return count == expected end
      return compare(#self.calls, times), #self.calls
    end
    return #self.calls > 0, #self.calls
  end
  function s.called_with(self, args)
    local last = self.calls[#self.calls]
    local hit = util.matchargs(self.calls, args)
    if hit then return true, hit.vals end
    return false, last and last.vals
  end
  function s.returned_with(self, args)
    local last = self.returnvals[#self.returnvals]
    local hit = util.matchargs(self.returnvals, args)
    if hit then return true, hit.vals end
    return false, last and last.vals
  end
  state.add_spy(s)
  return s
end

function spy.is_spy(x) return type(x) == "table" and getmetatable(x) == spy_mt end
util.is_spy = spy.is_spy

function spy.on(target, key)
  local s = spy.new(target[key])
  s.original = target[key]
  target[key] = s
  s.target_table, s.target_key = target, key
  return s
end

setmetatable(spy, { __call = function(_, ...) return spy.new(...) end })

-- Spy assertions: assert.spy(s).was.called(2), .was_called_with(1, 2), ...
register("modifier", "spy", function(state, args)
  if args then
    state.payload = args[1]
    if args[2] ~= nil then state.failure_message = args[2] end
  end
end)
register("modifier", "stub", function(state, args)
  if args then
    state.payload = args[1]
    if args[2] ~= nil then state.failure_message = args[2] end
  end
end)

local function payload(state, name, level)
  local p = rawget(state, "payload")
  if not (type(p) == "table" and p.called) then
    error("'" .. name .. "' must be chained after 'spy(aspy)'", level + 1)
  end
  return p
end

local function called(state, args, level, compare)
  local s = payload(state, "called", level)
  local num = args[1]
  if num ~= nil and type(num) ~= "number" then
    error("number of times must be a number, got " .. type(num), level + 1)
  end
  local ok, count = s:called(num, compare)
  args[1] = num or (state.mod and "any" or 0)
  args[2] = count
  args.n = 2
  args.nofmt = { true, true }
  return ok
end

register("assertion", "called", function(state, args, level) return called(state, args, level + 1) end,
  "assertion.called.positive", "assertion.called.negative")
register("assertion", "called_at_least", function(state, args, level)
  return called(state, args, level + 1, function(c, e) return c >= e end)
end, "assertion.called_at_least.positive", "assertion.called_less_than.positive")
register("assertion", "called_at_most", function(state, args, level)
  return called(state, args, level + 1, function(c, e) return c <= e end)
end, "assertion.called_at_most.positive", "assertion.called_more_than.positive")
register("assertion", "called_more_than", function(state, args, level)
  return called(state, args, level + 1, function(c, e) return c > e end)
end, "assertion.called_more_than.positive", "assertion.called_at_most.positive")
register("assertion", "called_less_than", function(state, args, level)
  return called(state, args, level + 1, function(c, e) return c < e end)
end, "assertion.called_less_than.positive", "assertion.called_at_least.positive")
-- called_with / returned_with: find a matching call (or return) and show the
-- one found (or the last) against the expected list.
local function matching(method)
  return function(state, args, level)
    local s = payload(state, method, level + 1)
    local ok, found = s[method](s, args)
    local expected = setmetatable({ n = args.n }, util.arglist_mt)
    for i = 1, args.n do expected[i] = args[i] end
    for i = 1, args.n do args[i] = nil end
    args[1], args[2], args.n = found, expected, 2
    return ok
  end
end
register("assertion", "called_with", matching("called_with"),
  "assertion.called_with.positive", "assertion.called_with.negative")
register("assertion", "returned_with", matching("returned_with"),
  "assertion.returned_with.positive", "assertion.returned_with.negative")

return spy
