-- luassert.util: value helpers every other part uses (callables, argument
-- lists, copies, deep comparison, argument matching).
local util = {}

-- Matchers share this metatable (luassert.matchers fills it in), so deep
-- comparison can recognise them without depending on that module.
util.matcher_mt = {}
local matcher_mt = util.matcher_mt

function util.callable(x)
  if type(x) == "function" then return true end
  local mt = getmetatable(x)
  return type(mt) == "table" and mt.__call ~= nil
end

function util.hastostring(x)
  if type(x) == "string" then return true end
  local mt = getmetatable(x)
  return type(mt) == "table" and mt.__tostring ~= nil
end

-- Argument lists (`n` plus the values, nils included) carry this metatable.
local arglist_mt = {}
util.arglist_mt = arglist_mt

function util.make_arglist(...)
  return setmetatable({ n = select("#", ...), ... }, arglist_mt)
end

function util.is_arglist(x) return getmetatable(x) == arglist_mt end

function util.pack(...) return { n = select("#", ...), ... } end

function util.unpack(t, i, j) return table.unpack(t, i or 1, j or t.n or #t) end

-- A spy keeps a deep copy of each call's arguments (so later changes to a
-- table do not rewrite history) and the originals (for match.is_ref).
-- Matchers and spies stay themselves (a spy called with itself is called
-- with that spy), as luassert keeps them.
function util.copyargs(args)
  local copy = setmetatable({ n = args.n }, arglist_mt)
  for i = 1, args.n or #args do
    local v = args[i]
    copy[i] = (util.is_matcher(v) or util.is_spy(v)) and v or util.deepcopy(v)
  end
  return { vals = copy, refs = args }
end

-- Set by luassert.spy (which needs util first): whether x is a spy.
function util.is_spy(_) return false end

function util.shallowcopy(t)
  if type(t) ~= "table" then return t end
  local copy = {}
  for k, v in next, t do copy[k] = v end
  return setmetatable(copy, getmetatable(t))
end

-- debug's, when the environment has them (a sandboxed spec's debug
-- library has no setmetatable): a protected metatable is copied as it is.
local raw_getmetatable = (debug and debug.getmetatable) or getmetatable
local raw_setmetatable = (debug and debug.setmetatable) or setmetatable

function util.deepcopy(t, cache)
  if type(t) ~= "table" then return t end
  cache = cache or {}
  if cache[t] then return cache[t] end
  local copy = {}
  cache[t] = copy
  -- Keys as they are and spies by reference, as luassert copies.
  for k, v in next, t do copy[k] = util.is_spy(v) and v or util.deepcopy(v, cache) end
  return raw_setmetatable(copy, raw_getmetatable(t))
end

local function is_matcher(x) return getmetatable(x) == matcher_mt end
util.is_matcher = is_matcher

-- Deep comparison; returns equal, and the path (crumbs) to the first difference.
function util.deepcompare(t1, t2, ignore_mt, cycles)
  if is_matcher(t2) then return t2(t1) end
  if is_matcher(t1) then return t1(t2) end
  local ty1, ty2 = type(t1), type(t2)
  if ty1 ~= ty2 then return false end
  if ty1 ~= "table" then return t1 == t2 end
  if t1 == t2 then return true end
  local mt1 = getmetatable(t1)
  if not ignore_mt and mt1 and mt1.__eq then return t1 == t2 end
  cycles = cycles or {}
  cycles[t1] = cycles[t1] or {}
  if cycles[t1][t2] then return true end
  cycles[t1][t2] = true
  for k1, v1 in next, t1 do
    local v2 = t2[k1]
    if v2 == nil then return false, { k1 } end
    local same, crumbs = util.deepcompare(v1, v2, ignore_mt, cycles)
    if not same then
      crumbs = crumbs or {}
      crumbs[#crumbs + 1] = k1
      return false, crumbs
    end
  end
  for k2 in next, t2 do
    if t1[k2] == nil then return false, { k2 } end
  end
  return true
end

-- Finds the first call whose arguments match `args` (values or matchers).
function util.matchargs(calls, args)
  for i = #calls, 1, -1 do
    local call = calls[i].vals
    local refs = calls[i].refs or call
    local n = math.max(call.n or #call, args.n or #args)
    -- As many arguments as expected: `called_with(_, _, _, _)` does not
    -- match a call with three (luassert compares the counts too).
    local ok = call.n == nil or args.n == nil or call.n == args.n
    for j = 1, ok and n or 0 do
      local expected, actual = args[j], call[j]
      local same
      if is_matcher(expected) then
        same = expected(expected.name == "ref" and refs[j] or actual)
      else
        same = util.deepcompare(actual, expected, false)
      end
      if not same then ok = false break end
    end
    if ok then return calls[i] end
  end
  return nil
end

return util
