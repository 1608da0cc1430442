-- luassert.assertions: the built-in assertions (equal, same, near,
-- matches, unique, error, truthy/falsy, true/false, the type checks,
-- returned_arguments, holes), each with its messages, and quick forms of
-- the common ones for passing checks (see luassert.assert).
local import = ...
local say = import "say"
local util = import "luassert.util"
local namespaces = import "luassert.namespaces"
local core = import "luassert.assert"
local formatting = import "luassert.formatters"
local register = namespaces.register
local quick_forms = core.quick_forms
local format_value = formatting.format_value
local failure_mt = core.failure_mt

local function set_failure(state, msg) if msg ~= nil then state.failure_message = msg end end

local function need(args, n, name, level)
  if (args.n or 0) < n then
    error(say("assertion.internal.argtolittle", { name, n, tostring(args.n or 0) }), level + 1)
  end
end

-- Inserts into an argument list honouring its `n` (it may hold nils).
local function arg_insert(args, pos, v)
  local n = args.n or #args
  for i = n, pos, -1 do args[i + 1] = args[i] end
  args[pos] = v
  args.n = math.max(n, pos - 1) + 1
end

-- Swaps (expected, actual) so messages show "Passed in" (actual) first.
local function swap(args)
  args[1], args[2] = args[2], args[1]
end

local function equals(state, args, level)
  need(args, 2, "equals", level)
  local ok = args[1] == args[2]
  swap(args)
  set_failure(state, args[3])
  return ok
end

local function same(state, args, level)
  need(args, 2, "same", level)
  local ok, crumbs
  if type(args[1]) == "table" and type(args[2]) == "table" then
    ok, crumbs = util.deepcompare(args[1], args[2], true)
    args.fmtargs = { { crumbs = crumbs }, { crumbs = crumbs } }
  else
    ok = util.deepcompare(args[1], args[2], true)
  end
  swap(args)
  set_failure(state, args[3])
  return ok
end

local function truthy(state, args, level)
  need(args, 1, "truthy", level)
  set_failure(state, args[2])
  return args[1] ~= nil and args[1] ~= false
end

local function falsy(state, args, level)
  need(args, 1, "falsy", level)
  set_failure(state, args[2])
  return args[1] == nil or args[1] == false
end

local function is_value(expected)
  local check = function(state, args)
    if args.n < 1 then args.n = 1 end
    arg_insert(args, 2, expected)
    set_failure(state, args[3])
    return args[1] == expected
  end
  quick_forms[check] = function(_, a) return a == expected end
  return check
end

local function is_type(ty)
  local check = function(state, args)
    if args.n < 1 then args.n = 1 end
    arg_insert(args, 2, "type " .. ty)
    args.nofmt = { [2] = true }
    set_failure(state, args[3])
    -- As luassert: no argument at all counts as nil.
    return type(args[1]) == ty
  end
  quick_forms[check] = function(_, a) return type(a) == ty end
  return check
end

local function near(state, args, level)
  need(args, 3, "near", level)
  local expected, actual, tol = tonumber(args[1]), tonumber(args[2]), tonumber(args[3])
  local what = "number or object convertible to a number"
  if not expected then error(say("assertion.internal.badargtype", { 1, "near", what, format_value(args[1]) }), level + 1) end
  if not actual then error(say("assertion.internal.badargtype", { 2, "near", what, format_value(args[2]) }), level + 1) end
  if not tol then error(say("assertion.internal.badargtype", { 3, "near", what, format_value(args[3]) }), level + 1) end
  swap(args)
  args[3] = tol
  args.nofmt = { [3] = true }
  set_failure(state, args[4])
  return actual >= expected - tol and actual <= expected + tol
end

-- Pulls an optional failure message out of trailing (init, plain) arguments.
local function take_message(args, from)
  for i = from, args.n do
    local v = args[i]
    if v ~= nil and type(v) ~= "boolean" and not tonumber(v) then
      table.remove(args, i)
      args.n = args.n - 1
      return v
    end
  end
end

local function matches(state, args, level)
  need(args, 2, "matches", level)
  local pattern = args[1]
  local actual = args[2]
  if util.hastostring(actual) or type(actual) == "number" then actual = tostring(actual) else actual = nil end
  local msg = take_message(args, 3)
  local init, plain = args[3], args[4]
  if type(pattern) ~= "string" then
    error(say("assertion.internal.badargtype", { 1, "matches", "string", type(args[1]) }), level + 1)
  end
  if not actual then
    error(say("assertion.internal.badargtype", { 2, "matches", "string or object convertible to a string", format_value(args[2]) }), level + 1)
  end
  swap(args)
  set_failure(state, msg)
  if plain then
    local ok = actual:find(pattern, init, plain) ~= nil
    return ok, ok and { pattern, n = 1 } or { n = 0 }
  end
  local caps = { actual:match(pattern, init) }
  caps.n = #caps
  return caps[1] ~= nil, caps
end

local function unique(state, args)
  local list, deep = args[1], nil
  if type(args[2]) == "boolean" or (args[2] == nil and args.n > 2) then
    deep = args[2]
    set_failure(state, args[3])
  else
    if type(args[3]) == "boolean" then deep = args[3] end
    set_failure(state, args[2])
  end
  for k, v in pairs(list) do
    for k2, v2 in pairs(list) do
      if k ~= k2 then
        if deep and util.deepcompare(v, v2, true) then return false end
        if v == v2 then return false end
      end
    end
  end
  return true
end

local function strip_position(err)
  if type(err) == "string" then return (err:gsub("^.-:%d+: ", "", 1)) end
  if getmetatable(err) == failure_mt and type(err.raw) == "string" then return err.raw end
  return err
end

local function has_error(state, args, level)
  local fn, expected, msg = args[1], args[2], args[3]
  if not util.callable(fn) then
    error(say("assertion.internal.badargtype", { 1, "error", "function or callable object", type(fn) }), level + 1)
  end
  -- What the assertion returns: its arguments, the error in place of the
  -- function (luassert's retargs: `local e = assert.has_error(f)`).
  local ret = util.shallowcopy(args)
  local ok, actual = pcall(fn)
  actual = strip_position(actual)
  ret[1] = actual
  args.n = 2
  args[1] = ok and "(no error)" or actual
  args[2] = expected == nil and "(error)" or expected
  args.nofmt = { [1] = ok, [2] = expected == nil }
  set_failure(state, msg)
  if ok or expected == nil then return not ok, ret end
  if type(expected) == "string" then
    if util.hastostring(actual) then actual = tostring(actual) ret[1] = actual end
    if type(actual) == "string" then return expected == actual, ret end
  elseif type(expected) == "number" and type(actual) == "string" then
    return tostring(expected) == tostring(tonumber(actual)), ret
  end
  return (util.deepcompare(actual, expected, true)), ret
end

local function error_matches(state, args, level)
  need(args, 2, "error_matches", level)
  local fn, pattern = args[1], args[2]
  if not util.callable(fn) then
    error(say("assertion.internal.badargtype", { 1, "error_matches", "function or callable object", type(fn) }), level + 1)
  end
  if pattern ~= nil and type(pattern) ~= "string" then
    error(say("assertion.internal.badargtype", { 2, "error", "string", type(pattern) }), level + 1)
  end
  local ret = util.shallowcopy(args)
  local msg = take_message(args, 3)
  local init, plain = args[3], args[4]
  local ok, actual = pcall(fn)
  actual = strip_position(actual)
  ret[1] = actual
  args.n = 2
  args[1] = ok and "(no error)" or actual
  args[2] = pattern
  args.nofmt = { [1] = ok }
  set_failure(state, msg)
  if ok then return false, ret end
  if actual == nil and pattern == nil then return true, { n = 0 } end
  if util.hastostring(actual) or type(actual) == "number" or type(actual) == "boolean" then
    actual = tostring(actual)
    ret[1] = actual
  end
  if type(actual) ~= "string" then return false, ret end
  if plain then
    local found = actual:find(pattern, init, plain) ~= nil
    return found, found and { pattern, n = 1 } or ret
  end
  local caps = { actual:match(pattern, init) }
  caps.n = #caps
  if caps[1] ~= nil then return true, caps end
  return false, ret
end

local function returned_arguments(state, args)
  args[1] = tostring(args[1])
  args[2] = tostring(args.n - 1)
  args.nofmt = { true, true }
  if args.n < 2 then args.n = 2 end
  return args[1] == args[2]
end
register("assertion", "same", same, "assertion.same.positive", "assertion.same.negative")
register("assertion", "equals", equals, "assertion.equals.positive", "assertion.equals.negative")
register("assertion", "equal", equals, "assertion.equals.positive", "assertion.equals.negative")
register("assertion", "near", near, "assertion.near.positive", "assertion.near.negative")
register("assertion", "matches", matches, "assertion.matches.positive", "assertion.matches.negative")
register("assertion", "match", matches, "assertion.matches.positive", "assertion.matches.negative")
register("assertion", "unique", unique, "assertion.unique.positive", "assertion.unique.negative")
register("assertion", "truthy", truthy, "assertion.truthy.positive", "assertion.truthy.negative")
register("assertion", "falsy", falsy, "assertion.falsy.positive", "assertion.falsy.negative")
for _, name in ipairs({ "error", "errors" }) do
  register("assertion", name, has_error, "assertion.error.positive", "assertion.error.negative")
end
for _, name in ipairs({ "error_matches", "error_match", "matches_error", "match_error" }) do
  register("assertion", name, error_matches, "assertion.error.positive", "assertion.error.negative")
end
register("assertion", "true", is_value(true), "assertion.same.positive", "assertion.same.negative")
register("assertion", "false", is_value(false), "assertion.same.positive", "assertion.same.negative")
for _, ty in ipairs({ "boolean", "number", "string", "table", "nil", "userdata", "function", "thread" }) do
  register("assertion", ty, is_type(ty), "assertion.same.positive", "assertion.same.negative")
end
-- quick(n, ...) -> true/false for the positive check, or nil: undecided.
quick_forms[equals] = function(n, a, b) if n >= 2 then return a == b end end
quick_forms[same] = function(n, a, b)
  if n < 2 then return nil end
  if type(a) ~= "table" and type(b) ~= "table" then return a == b end
  return (util.deepcompare(a, b, true))
end
quick_forms[truthy] = function(n, a) if n >= 1 then return a ~= nil and a ~= false end end
quick_forms[falsy] = function(n, a) if n >= 1 then return a == nil or a == false end end

register("assertion", "returned_arguments", returned_arguments,
  "assertion.returned_arguments.positive", "assertion.returned_arguments.negative")

-- assert.array(t).has.no.holes()
register("assertion", "holes", function(state, args, level)
  local t = rawget(state, "payload")
  if type(t) ~= "table" then error("'holes' must be chained after 'array(t)'", level + 1) end
  -- holes(length): the array is that long (a missing end is a hole).
  local max = args[1]
  if max == nil then
    max = 0
    for k in pairs(t) do
      if math.type(k) == "integer" and k > max then max = k end
    end
  elseif type(max) ~= "number" then
    error("expected array length to be of type 'number', got: " .. tostring(max), level + 1)
  end
  for i = 1, max do
    if t[i] == nil then
      args[1] = i
      args.n = 1
      return true, { i, n = 1 }
    end
  end
  args.n = 0
  return false
end, "assertion.holes.positive", "assertion.holes.negative")

return { unique = unique }
