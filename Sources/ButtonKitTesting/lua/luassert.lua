-- luassert-compatible assertions for ButtonKit's test runner.
--
-- The vocabulary Lua testers know: assert.are.same, assert.is_not.equal,
-- assert.has_error, spies, stubs, mocks, matchers, assert:register, say
-- messages and formatters. Failures are raised as failure objects (tables
-- with a message and __tostring) so the runner can tell a failed assertion
-- from an error.

-- The embedded `say` (a suite may ship and test its own `say` module).
local say = package.loaded["buttonkit.say"] or require "say"
package.loaded["buttonkit.say"] = say
local unpack = table.unpack

local luassert = {}

--------------------------------------------------------------------------
-- Messages (English).
say:set_namespace("en")
local messages = {
  ["assertion.same.positive"] = "Expected objects to be the same.\nPassed in:\n%s\nExpected:\n%s",
  ["assertion.same.negative"] = "Expected objects to not be the same.\nPassed in:\n%s\nDid not expect:\n%s",
  ["assertion.equals.positive"] = "Expected objects to be equal.\nPassed in:\n%s\nExpected:\n%s",
  ["assertion.equals.negative"] = "Expected objects to not be equal.\nPassed in:\n%s\nDid not expect:\n%s",
  ["assertion.near.positive"] = "Expected values to be near.\nPassed in:\n%s\nExpected:\n%s +/- %s",
  ["assertion.near.negative"] = "Expected values to not be near.\nPassed in:\n%s\nDid not expect:\n%s +/- %s",
  ["assertion.matches.positive"] = "Expected strings to match.\nPassed in:\n%s\nExpected:\n%s",
  ["assertion.matches.negative"] = "Expected strings not to match.\nPassed in:\n%s\nDid not expect:\n%s",
  ["assertion.unique.positive"] = "Expected object to be unique:\n%s",
  ["assertion.unique.negative"] = "Expected object to not be unique:\n%s",
  ["assertion.error.positive"] = "Expected a different error.\nCaught:\n%s\nExpected:\n%s",
  ["assertion.error.negative"] = "Expected no error, but caught:\n%s",
  ["assertion.truthy.positive"] = "Expected to be truthy, but value was:\n%s",
  ["assertion.truthy.negative"] = "Expected to not be truthy, but value was:\n%s",
  ["assertion.falsy.positive"] = "Expected to be falsy, but value was:\n%s",
  ["assertion.falsy.negative"] = "Expected to not be falsy, but value was:\n%s",
  ["assertion.called.positive"] = "Expected to be called %s time(s), but was called %s time(s)",
  ["assertion.called.negative"] = "Expected not to be called exactly %s time(s), but it was.",
  ["assertion.called_at_least.positive"] = "Expected to be called at least %s time(s), but was called %s time(s)",
  ["assertion.called_at_most.positive"] = "Expected to be called at most %s time(s), but was called %s time(s)",
  ["assertion.called_more_than.positive"] = "Expected to be called more than %s time(s), but was called %s time(s)",
  ["assertion.called_less_than.positive"] = "Expected to be called less than %s time(s), but was called %s time(s)",
  ["assertion.called_with.positive"] = "Function was never called with matching arguments.\nCalled with (last call if any):\n%s\nExpected:\n%s",
  ["assertion.called_with.negative"] = "Function was called with matching arguments at least once.\nCalled with (last matching call):\n%s\nDid not expect:\n%s",
  ["assertion.returned_with.positive"] = "Function never returned matching arguments.\nReturned (last call if any):\n%s\nExpected:\n%s",
  ["assertion.returned_with.negative"] = "Function returned matching arguments at least once.\nReturned (last matching call):\n%s\nDid not expect:\n%s",
  ["assertion.returned_arguments.positive"] = "Expected %s results(s) to be returned, but got %s",
  ["assertion.returned_arguments.negative"] = "Expected not %s results(s) to be returned, but got %s",
  ["assertion.holes.positive"] = "Expected array to have holes, but none was found.",
  ["assertion.holes.negative"] = "Expected array to not have holes, hole found at position: %s",
  ["assertion.internal.argtolittle"] = "the '%s' function requires a minimum of %s arguments, got: %s",
  ["assertion.internal.badargtype"] = "bad argument #%s to '%s' (%s expected, got %s)",
}
for k, v in pairs(messages) do say:set(k, v) end

--------------------------------------------------------------------------
-- Failures: what a failed assertion raises.
local failure_mt = {
  __tostring = function(e) return tostring(e.message) end,
  __type = "failure",
}
luassert.failure_mt = failure_mt

-- Raises a failure whose message starts with the caller's `file:line:`.
local function fail(message, level)
  level = (level or 1) + 1
  local _, positioned = pcall(error, message, level + 1)
  if type(positioned) ~= "string" then positioned = message end
  error(setmetatable({ message = positioned, raw = message }, failure_mt), level)
end
luassert.fail = fail

--------------------------------------------------------------------------
-- Utilities.
local util = {}
luassert.util = util

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

local arglist_mt = {}
luassert.arglist_mt = arglist_mt

function util.make_arglist(...)
  return setmetatable({ n = select("#", ...), ... }, arglist_mt)
end

function util.is_arglist(x) return getmetatable(x) == arglist_mt end

function util.pack(...) return { n = select("#", ...), ... } end

function util.unpack(t, i, j) return table.unpack(t, i or 1, j or t.n or #t) end

-- A spy keeps a deep copy of each call's arguments (so later changes to a
-- table do not rewrite history) and the originals (for match.is_ref).
function util.copyargs(args)
  local copy = setmetatable({ n = args.n }, arglist_mt)
  for i = 1, args.n or #args do copy[i] = util.deepcopy(args[i]) end
  return { vals = copy, refs = args }
end

function util.shallowcopy(t)
  if type(t) ~= "table" then return t end
  local copy = {}
  for k, v in pairs(t) do copy[k] = v end
  return setmetatable(copy, getmetatable(t))
end

function util.deepcopy(t, cache)
  if type(t) ~= "table" then return t end
  cache = cache or {}
  if cache[t] then return cache[t] end
  local copy = {}
  cache[t] = copy
  for k, v in pairs(t) do copy[util.deepcopy(k, cache)] = util.deepcopy(v, cache) end
  return setmetatable(copy, getmetatable(t))
end

local matcher_mt -- defined with the matchers below

local function is_matcher(x) return getmetatable(x) == matcher_mt end
luassert.is_matcher = is_matcher

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
  for k1, v1 in pairs(t1) do
    local v2 = t2[k1]
    if v2 == nil then return false, { k1 } end
    local same, crumbs = util.deepcompare(v1, v2, ignore_mt, cycles)
    if not same then
      crumbs = crumbs or {}
      crumbs[#crumbs + 1] = k1
      return false, crumbs
    end
  end
  for k2 in pairs(t2) do
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
    local ok = true
    for j = 1, n do
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

--------------------------------------------------------------------------
-- State: parameters, formatters, spies; snapshots undo a test's changes.
local parameters = {
  TableFormatLevel = 3,
  TableFormatShowRecursion = false,
  TableErrorHighlightCharacter = "*",
  TableErrorHighlightColor = "none",
}
local formatters = {}
local spies = {}

-- Numbers print precisely: floats that look integral keep a ".0".
local function tostr(v)
  if type(v) ~= "number" then return tostring(v) end
  if v ~= v then return "NaN" elseif v == 1/0 then return "Inf" elseif v == -1/0 then return "-Inf" end
  local s = string.format("%.20g", v)
  if math.type(v) == "float" and not s:find("[%.,eEn]") then s = s .. ".0" end
  return s
end

local type_order = { number = 1, boolean = 2, string = 3, table = 4, ["function"] = 5, userdata = 6, thread = 7 }

local function sorted_keys(t)
  local keys, len = {}, #t
  for k in pairs(t) do keys[#keys + 1] = k end
  local function rank(k)
    if math.type(k) == "integer" and k >= 1 and k <= len then return 0 end
    return type_order[type(k)] or 8
  end
  table.sort(keys, function(a, b)
    local ra, rb = rank(a), rank(b)
    if ra ~= rb then return ra < rb end
    local ta = type(a)
    if ta == "number" or ta == "string" then return a < b end
    if ta == "boolean" then return a and not b end
    return tostring(a) < tostring(b)
  end)
  return keys
end

local function table_id(t)
  local mt = getmetatable(t)
  if mt == nil then return tostring(t) end
  if type(mt) == "table" and rawget(mt, "__tostring") == nil then return tostring(t) end
  -- protected or with __tostring: show the raw id when we can
  if pcall(setmetatable, t, mt) then
    setmetatable(t, nil)
    local s = tostring(t)
    setmetatable(t, mt)
    return s
  end
  return "table"
end

local function format_table(t, fmtargs)
  local maxdepth = parameters.TableFormatLevel
  local mark = parameters.TableErrorHighlightCharacter or ""
  local crumbs = fmtargs and fmtargs.crumbs or {}
  local seen = {}
  local function ft(tbl, depth, crumb_depth)
    if seen[tbl] then return "<recursion>" end
    if maxdepth >= 0 and depth > maxdepth then return "{ ... more }" end
    seen[tbl] = true
    local keys = sorted_keys(tbl)
    if #keys == 0 then seen[tbl] = nil return "{ }" end
    local parts = {}
    local indent = string.rep(" ", depth * 2)
    local next_crumb = crumb_depth and crumbs[crumb_depth]
    for _, k in ipairs(keys) do
      local v = tbl[k]
      local ks = type(k) == "string" and ("[" .. string.format("%q", k) .. "]") or ("[" .. tostr(k) .. "]")
      local vs
      local hit = crumb_depth ~= nil and next_crumb == k
      if type(v) == "table" then
        vs = ft(v, depth + 1, hit and crumb_depth - 1 or nil)
      elseif type(v) == "string" then
        vs = "'" .. v .. "'"
      else
        vs = tostr(v)
      end
      parts[#parts + 1] = indent .. (hit and mark or " ") .. ks .. " = " .. vs
    end
    seen[tbl] = nil
    return "{\n" .. table.concat(parts, "\n") .. " }"
  end
  return "(" .. table_id(t) .. ") " .. ft(t, 1, #crumbs > 0 and #crumbs or nil)
end

local function format_value(v, fmtargs)
  for i = #formatters, 1, -1 do
    local out = formatters[i](v, fmtargs)
    if out ~= nil then return out end
  end
  local ty = type(v)
  if ty == "string" then return "(string) '" .. v .. "'" end
  if ty == "number" then return "(number) " .. tostr(v) end
  if ty == "boolean" then return "(boolean) " .. tostring(v) end
  if ty == "nil" then return "(nil)" end
  if ty == "table" then
    if is_matcher(v) then return "(matcher) " .. tostring(v) end
    if getmetatable(v) == luassert.arglist_mt then
      local parts = {}
      for i = 1, v.n or #v do parts[i] = format_value(v[i]) end
      return "(values list) (" .. table.concat(parts, ", ") .. ")"
    end
    return format_table(v, fmtargs)
  end
  return "(" .. ty .. ") " .. tostring(v)
end
luassert.format_value = format_value

--------------------------------------------------------------------------
-- Namespaces and the assertion state machine.
local namespace = { assertion = {}, modifier = {}, matcher = {} }
luassert.namespace = namespace

local keys_cache_reset -- set once the key cache exists

local namespace_version = 0  -- bumped by every (un)registration; resolved chains check it

local function register(_, space, name, callback, positive, negative)
  namespace_version = namespace_version + 1
  if keys_cache_reset then keys_cache_reset() end
  namespace[space] = namespace[space] or {}
  namespace[space][name:lower()] = {
    callback = callback, name = name:lower(),
    positive_message = positive, negative_message = negative,
  }
end

local function format_args(args)
  local nofmt = args.nofmt or {}
  local fmtargs = args.fmtargs or {}
  local out = { n = args.n }
  for i = 1, args.n or #args do
    if nofmt[i] then out[i] = args[i] else out[i] = format_value(args[i], fmtargs[i]) end
  end
  return out
end

local function build_message(key, failure_message, args)
  if failure_message ~= nil and not util.hastostring(failure_message) then
    failure_message = format_value(failure_message)
  elseif failure_message ~= nil then
    failure_message = tostring(failure_message)
  end
  local message = key and say(key, format_args(args))
  if message and failure_message then return failure_message .. "\n" .. message end
  return message or failure_message
end

-- Splits `is_not_nil` or `True` into lower-case tokens (memoized: the same
-- few keys are used over and over).
local split_cache = setmetatable({}, { __mode = "k" })
local function add_tokens(state, key)
  local parts = split_cache[key]
  if not parts then
    parts = {}
    for token in key:lower():gmatch("[^_]+") do parts[#parts + 1] = token end
    if type(key) == "string" then split_cache[key] = parts end
  end
  local tokens = state.tokens
  for i = 1, #parts do tokens[#tokens + 1] = parts[i] end
end

local state_mt = {}

local function new_state()
  return setmetatable({ mod = true, tokens = {} }, state_mt)
end

state_mt.__index = function(self, key)
  add_tokens(self, key)
  return self
end

-- Joins tokens greedily into the longest known names: `error`, `matches`
-- becomes `error_matches`; `called`, `at`, `least` becomes `called_at_least`.
local keys_cache = {}  -- space -> trie of tokens -> keys
local function extract_keys_uncached(space, tokens)
  local keys = {}
  local i = 1
  while i <= #tokens do
    local found, last = nil, i
    local name = nil
    for j = i, #tokens do
      name = name and (name .. "_" .. tokens[j]) or tokens[j]
      if namespace[space][name] or namespace.modifier[name] then found, last = name, j end
    end
    keys[#keys + 1] = found or tokens[i]
    i = (found and last or i) + 1
  end
  return keys
end

-- Registration changes the namespaces, so it clears this cache.
keys_cache_reset = function() for k in pairs(keys_cache) do keys_cache[k] = nil end end
local function extract_keys(space, tokens)
  local node = keys_cache[space]
  if not node then node = {} keys_cache[space] = node end
  for i = 1, #tokens do
    local t = tokens[i]
    local nxt = node[t]
    if not nxt then nxt = {} node[t] = nxt end
    node = nxt
  end
  local keys = node[keys_cache]
  if not keys then
    keys = extract_keys_uncached(space, tokens)
    node[keys_cache] = keys
  end
  return keys
end

state_mt.__call = function(self, ...)
  local tokens = extract_keys("assertion", self.tokens)
  for _, t in ipairs(tokens) do
    if not namespace.assertion[t] and not namespace.modifier[t] then
      error("luassert: unknown modifier/assertion: '" .. table.concat(self.tokens, "_") .. "'", 2)
    end
  end
  local assertion
  for _, t in ipairs(tokens) do
    if namespace.assertion[t] then assertion = namespace.assertion[t] end
  end
  if not assertion then
    -- A modifier that takes arguments (message, spy, array): apply and continue.
    local args = util.make_arglist(...)
    local applied = false
    for _, t in ipairs(tokens) do
      local m = namespace.modifier[t]
      if m then m.callback(self, args, 2) applied = true end
    end
    if not applied then
      error("luassert: unknown assertion or modifier '" .. table.concat(tokens, ".") .. "'", 2)
    end
    self.tokens = {}
    return self
  end
  for _, t in ipairs(tokens) do
    local m = namespace.modifier[t]
    if m then m.callback(self) end
  end
  local args = util.make_arglist(...)
  local ok, retargs = assertion.callback(self, args, 2)
  if (not ok) == self.mod then
    local key = self.mod and assertion.positive_message or assertion.negative_message
    local msg = build_message(key, rawget(self, "failure_message"), args)
    fail(msg or "assertion failed!", 2)
  end
  if retargs then return unpack(retargs, 1, retargs.n or #retargs) end
  return ...
end

local function noop_modifier(state) return state end
local function negate_modifier(state) state.mod = not state.mod return state end

-- Chains: `assert.are.equal` walks shared, immutable chain nodes (one per
-- distinct word sequence, made once) instead of building a state per use.
-- A node resolves its words once (until an assertion is registered); the
-- common case — words that are plain modifiers and one assertion — calls
-- the assertion with a small fresh state. A modifier that takes arguments
-- (`message`, `spy`, `array`) falls back to a mutable state.
local TOKENS, CHILDREN, RESOLVED = {}, {}, {}
-- Quick forms of the built-in assertions, by callback (a re-registered
-- assertion has another callback, so it never gets a quick form by mistake).
local quick_forms = {}
local chain_mt = {}

local function chain_child(node, key)
  local children = rawget(node, CHILDREN)
  local c = children[key]
  if c then return c end
  if type(key) ~= "string" then return nil end
  local parts = split_cache[key]
  if not parts then
    parts = {}
    for token in tostring(key):lower():gmatch("[^_]+") do parts[#parts + 1] = token end
    if type(key) == "string" then split_cache[key] = parts end
  end
  local tokens = {}
  for i, t in ipairs(rawget(node, TOKENS)) do tokens[i] = t end
  for i = 1, #parts do tokens[#tokens + 1] = parts[i] end
  c = setmetatable({ [TOKENS] = tokens, [CHILDREN] = {} }, chain_mt)
  children[key] = c
  -- Also a plain field, so the next `node.key` is a table hit, not a
  -- metamethod call.
  rawset(node, key, c)
  return c
end

chain_mt.__index = chain_child

-- What a chain means: { assertion, mod } when its words are plain modifiers
-- and one assertion; false otherwise (the general path handles it).
local function resolve(node)
  local r = rawget(node, RESOLVED)
  if r ~= nil and r.version == namespace_version then return r end
  r = { version = namespace_version, simple = false }
  local keys = extract_keys("assertion", rawget(node, TOKENS))
  local mod, assertion = true, nil
  for _, t in ipairs(keys) do
    local m = namespace.modifier[t]
    if namespace.assertion[t] then
      assertion = namespace.assertion[t]
    elseif m and (m.callback == noop_modifier) then
      -- nothing
    elseif m and (m.callback == negate_modifier) then
      mod = not mod
    else
      assertion = nil
      r.simple = false
      rawset(node, RESOLVED, r)
      return r
    end
  end
  if assertion then r.simple, r.assertion, r.mod, r.quick = true, assertion, mod, quick_forms[assertion.callback] end
  rawset(node, RESOLVED, r)
  return r
end

chain_mt.__call = function(node, ...)
  local r = rawget(node, RESOLVED)
  if r == nil or r.version ~= namespace_version then r = resolve(node) end
  -- A passing check needs no state, argument list or message: the built-in
  -- assertions have a quick form that answers from the raw values (nil when
  -- it cannot tell, e.g. too few arguments). Anything else, and every
  -- failure, takes the full path below, which builds the message.
  local quick = r.quick
  if quick then
    local ok = quick(select("#", ...), ...)
    if ok ~= nil and ok == r.mod then return ... end
  end
  if not r.simple then
    -- The general path: a mutable state holding this chain's words.
    local state = new_state()
    for i, t in ipairs(rawget(node, TOKENS)) do state.tokens[i] = t end
    return state_mt.__call(state, ...)
  end
  local assertion = r.assertion
  local state = { mod = r.mod, tokens = rawget(node, TOKENS) }
  local args = util.make_arglist(...)
  local ok, retargs = assertion.callback(state, args, 2)
  if (not ok) == state.mod then
    local key = state.mod and assertion.positive_message or assertion.negative_message
    local msg = build_message(key, rawget(state, "failure_message"), args)
    fail(msg or "assertion failed!", 2)
  end
  if retargs then return unpack(retargs, 1, retargs.n or #retargs) end
  return ...
end

local root_chain = setmetatable({ [TOKENS] = {}, [CHILDREN] = {} }, chain_mt)

local generation = 0
local saved_state = {}

local mark_spies = {}  -- generation -> number of spies when it was marked

local function remember()
  local snap = saved_state[generation]
  if not snap and mark_spies[generation] then
    snap = { nspies = mark_spies[generation], generation = generation }
    saved_state[generation] = snap
  end
  if snap and not snap.params then
    snap.params = {}
    for k, v in pairs(parameters) do snap.params[k] = v end
    snap.formatters = { table.unpack(formatters) }
  end
end

local assert_obj = {}
luassert.assert = assert_obj

function assert_obj.register(self, ...) return register(self, ...) end
function assert_obj.unregister(_, space, name)
  if namespace[space] then namespace[space][name:lower()] = nil end
end
function assert_obj.add_formatter(_, fn) remember() formatters[#formatters + 1] = fn end
function assert_obj.remove_formatter(_, fn)
  remember()
  for i = #formatters, 1, -1 do if formatters[i] == fn then table.remove(formatters, i) end end
end
function assert_obj.format(_, args) return format_args(args) end
function assert_obj.set_parameter(_, name, value) remember() parameters[name] = value end
function assert_obj.get_parameter(_, name) return parameters[name] end
function assert_obj.add_spy(_, s) spies[#spies + 1] = s end

-- A snapshot remembers parameters, formatters and spies; revert() undoes
-- whatever a test changed (spies and stubs it installed are reverted).
-- Cheap when nothing changed: copies are made only on the first change.
local function revert_snapshot(snap)
  if snap.params then
    for k in pairs(parameters) do parameters[k] = nil end
    for k, v in pairs(snap.params) do parameters[k] = v end
    for i = #formatters, 1, -1 do formatters[i] = nil end
    for i, f in ipairs(snap.formatters) do formatters[i] = f end
  end
  for i = #spies, snap.nspies + 1, -1 do
    local s = spies[i]
    if s.revert then s:revert() end
    spies[i] = nil
  end
  saved_state[snap.generation] = nil
  generation = snap.generation - 1
end

-- The framework's per-test snapshot without a table: a mark is the number
-- of spies and the generation; revert_to undoes what came after it.
function luassert.mark()
  generation = generation + 1
  local n = #spies
  mark_spies[generation] = n
  return n, generation
end

function luassert.revert_to(nspies, gen)
  mark_spies[gen] = nil
  local snap = saved_state[gen]
  if snap then revert_snapshot(snap) return end
  for i = #spies, nspies + 1, -1 do
    local s = spies[i]
    if s.revert then s:revert() end
    spies[i] = nil
  end
  generation = gen - 1
end

-- Called as snapshot:revert(), luassert's form.
function assert_obj.snapshot(_)
  generation = generation + 1
  local snap = { nspies = #spies, generation = generation, revert = revert_snapshot }
  saved_state[generation] = snap
  return snap
end

local level_mt = {}
function assert_obj.level(_, n) return setmetatable({ level = n }, level_mt) end
function assert_obj.get_level(_, l)
  if getmetatable(l) == level_mt then return l.level end
  return nil
end

setmetatable(assert_obj, {
  __call = function(self, ok, message, level, ...)
    if not ok then
      local lvl = (self:get_level(level) or 1) + 1
      if message == nil then message = "assertion failed!" end
      if type(message) == "string" or util.hastostring(message) then
        fail(tostring(message), lvl)
      end
      error(message, lvl)
    end
    return ok, message, level, ...
  end,
  __index = root_chain,
})

--------------------------------------------------------------------------
-- Modifiers.
for _, w in ipairs({ "is", "are", "was", "has", "does", "a", "an", "the" }) do
  register(nil, "modifier", w, noop_modifier)
end
register(nil, "modifier", "not", negate_modifier)
register(nil, "modifier", "no", negate_modifier)
register(nil, "modifier", "message", function(state, args)
  if args then state.failure_message = args[1] end
end)

--------------------------------------------------------------------------
-- Assertions.
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
  local ok, actual = pcall(fn)
  actual = strip_position(actual)
  local ret = { actual, n = 1 }
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
  local msg = take_message(args, 3)
  local init, plain = args[3], args[4]
  local ok, actual = pcall(fn)
  actual = strip_position(actual)
  local ret = { actual, n = 1 }
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

register(nil, "assertion", "same", same, "assertion.same.positive", "assertion.same.negative")
register(nil, "assertion", "equals", equals, "assertion.equals.positive", "assertion.equals.negative")
register(nil, "assertion", "equal", equals, "assertion.equals.positive", "assertion.equals.negative")
register(nil, "assertion", "near", near, "assertion.near.positive", "assertion.near.negative")
register(nil, "assertion", "matches", matches, "assertion.matches.positive", "assertion.matches.negative")
register(nil, "assertion", "match", matches, "assertion.matches.positive", "assertion.matches.negative")
register(nil, "assertion", "unique", unique, "assertion.unique.positive", "assertion.unique.negative")
register(nil, "assertion", "truthy", truthy, "assertion.truthy.positive", "assertion.truthy.negative")
register(nil, "assertion", "falsy", falsy, "assertion.falsy.positive", "assertion.falsy.negative")
for _, name in ipairs({ "error", "errors" }) do
  register(nil, "assertion", name, has_error, "assertion.error.positive", "assertion.error.negative")
end
for _, name in ipairs({ "error_matches", "error_match", "matches_error", "match_error" }) do
  register(nil, "assertion", name, error_matches, "assertion.error.positive", "assertion.error.negative")
end
register(nil, "assertion", "true", is_value(true), "assertion.same.positive", "assertion.same.negative")
register(nil, "assertion", "false", is_value(false), "assertion.same.positive", "assertion.same.negative")
for _, ty in ipairs({ "boolean", "number", "string", "table", "nil", "userdata", "function", "thread" }) do
  register(nil, "assertion", ty, is_type(ty), "assertion.same.positive", "assertion.same.negative")
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

register(nil, "assertion", "returned_arguments", returned_arguments,
  "assertion.returned_arguments.positive", "assertion.returned_arguments.negative")

-- assert.array(t).has.no.holes()
register(nil, "modifier", "array", function(state, args)
  if args then state.payload = args[1] end
end)
register(nil, "assertion", "holes", function(state, args, level)
  local t = rawget(state, "payload")
  if type(t) ~= "table" then error("'holes' must be chained after 'array(t)'", level + 1) end
  local max = 0
  for k in pairs(t) do
    if math.type(k) == "integer" and k > max then max = k end
  end
  for i = 1, max do
    if t[i] == nil then
      args[1] = i
      args.n = 1
      args.nofmt = { true }
      return true
    end
  end
  return false
end, "assertion.holes.positive", "assertion.holes.negative")

--------------------------------------------------------------------------
-- Matchers: match._, match.is_string(), match.is_not.equal(3), composites.
local match = {}
luassert.match = match

matcher_mt = {
  __call = function(self, value)
    local ok = self.callback(value)
    if self.mod then return ok end
    return not ok
  end,
  __tostring = function(self) return self.description end,
}

local match_state_mt = {}
match_state_mt.__index = function(self, key)
  add_tokens(self, key)
  return self
end
match_state_mt.__call = function(self, ...)
  local name
  for _, t in ipairs(extract_keys("matcher", self.tokens)) do
    if namespace.matcher[t] then name = t end
  end
  if not name then error("luassert: unknown matcher '" .. table.concat(self.tokens, ".") .. "'", 2) end
  local mod = true
  for _, t in ipairs(self.tokens) do
    if t == "not" or t == "no" then mod = not mod end
  end
  local args = util.make_arglist(...)
  local m = namespace.matcher[name]
  local need = ({ equals = 1, equal = 1, same = 1, ref = 1, matches = 1, match = 1, near = 2,
                  unique = 0, all_of = 1, any_of = 1, none_of = 1 })[name]
  if need and args.n < need then
    error(say("assertion.internal.argtolittle", { name, need, tostring(args.n) }), 2)
  end
  if name == "all_of" or name == "any_of" or name == "none_of" then
    for i = 1, args.n do
      if not is_matcher(args[i]) then
        error("bad argument #" .. i .. " to '" .. name .. "' (matcher expected, got " .. type(args[i]) .. ")", 2)
      end
    end
  end
  local parts = {}
  for i = 1, args.n do parts[i] = format_value(args[i]) end
  return setmetatable({
    name = name, mod = mod, arguments = args,
    callback = m.callback(self, args, 2),
    description = (mod and "" or "not ") .. name .. "(" .. table.concat(parts, ", ") .. ")",
  }, matcher_mt)
end

setmetatable(match, {
  __index = function(_, key)
    return setmetatable({ tokens = {} }, match_state_mt)[key]
  end,
})
match._ = setmetatable({ mod = true, callback = function() return true end, description = "_ *anything*" }, matcher_mt)
function match.is_matcher(x) return is_matcher(x) end

local function mreg(name, fn) register(nil, "matcher", name, fn) end
mreg("_", function() return function() return true end end)
mreg("truthy", function() return function(v) return v ~= nil and v ~= false end end)
mreg("falsy", function() return function(v) return v == nil or v == false end end)
mreg("true", function() return function(v) return v == true end end)
mreg("false", function() return function(v) return v == false end end)
for _, ty in ipairs({ "boolean", "number", "string", "table", "nil", "userdata", "function", "thread" }) do
  mreg(ty, function() return function(v) return type(v) == ty end end)
end
mreg("equals", function(_, a) return function(v) return v == a[1] end end)
mreg("equal", function(_, a) return function(v) return v == a[1] end end)
mreg("same", function(_, a) return function(v) return (util.deepcompare(v, a[1], true)) end end)
mreg("ref", function(_, a) return function(v) return v == a[1] end end)
mreg("near", function(_, a) return function(v)
  return type(v) == "number" and v >= a[1] - a[2] and v <= a[1] + a[2]
end end)
mreg("matches", function(_, a) return function(v)
  if type(v) ~= "string" then return false end
  return v:find(a[1], a[2], a[3]) ~= nil
end end)
mreg("match", function(_, a) return function(v)
  return type(v) == "string" and v:find(a[1], a[2], a[3]) ~= nil
end end)
mreg("unique", function(_, a) return function(v)
  return type(v) == "table" and unique({}, { v, a[1], n = 2 }) end end)
mreg("all_of", function(_, a) return function(v)
  for i = 1, a.n do if not a[i](v) then return false end end
  return true
end end)
mreg("any_of", function(_, a) return function(v)
  for i = 1, a.n do if a[i](v) then return true end end
  return false
end end)
mreg("none_of", function(_, a) return function(v)
  for i = 1, a.n do if a[i](v) then return false end end
  return true
end end)

--------------------------------------------------------------------------
-- Spies, stubs, mocks.
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
luassert.spy = spy

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
  assert_obj:add_spy(s)
  return s
end

function spy.is_spy(x) return type(x) == "table" and getmetatable(x) == spy_mt end

function spy.on(target, key)
  local s = spy.new(target[key])
  s.original = target[key]
  target[key] = s
  s.target_table, s.target_key = target, key
  return s
end

setmetatable(spy, { __call = function(_, ...) return spy.new(...) end })

-- Spy assertions: assert.spy(s).was.called(2), .was_called_with(1, 2), ...
register(nil, "modifier", "spy", function(state, args)
  if args then
    state.payload = args[1]
    if args[2] ~= nil then state.failure_message = args[2] end
  end
end)
register(nil, "modifier", "stub", function(state, args)
  if args then
    state.payload = args[1]
    if args[2] ~= nil then state.failure_message = args[2] end
  end
end)

local function payload(state, name, level)
  local p = rawget(state, "payload")
  if not (p and p.called) then
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

register(nil, "assertion", "called", function(state, args, level) return called(state, args, level + 1) end,
  "assertion.called.positive", "assertion.called.negative")
register(nil, "assertion", "called_at_least", function(state, args, level)
  return called(state, args, level + 1, function(c, e) return c >= e end)
end, "assertion.called_at_least.positive", "assertion.called_less_than.positive")
register(nil, "assertion", "called_at_most", function(state, args, level)
  return called(state, args, level + 1, function(c, e) return c <= e end)
end, "assertion.called_at_most.positive", "assertion.called_more_than.positive")
register(nil, "assertion", "called_more_than", function(state, args, level)
  return called(state, args, level + 1, function(c, e) return c > e end)
end, "assertion.called_more_than.positive", "assertion.called_at_most.positive")
register(nil, "assertion", "called_less_than", function(state, args, level)
  return called(state, args, level + 1, function(c, e) return c < e end)
end, "assertion.called_less_than.positive", "assertion.called_at_least.positive")
-- called_with / returned_with: find a matching call (or return) and show the
-- one found (or the last) against the expected list.
local function matching(method)
  return function(state, args, level)
    local s = payload(state, method, level + 1)
    local ok, found = s[method](s, args)
    local expected = setmetatable({ n = args.n }, luassert.arglist_mt)
    for i = 1, args.n do expected[i] = args[i] end
    for i = 1, args.n do args[i] = nil end
    args[1], args[2], args.n = found, expected, 2
    return ok
  end
end
register(nil, "assertion", "called_with", matching("called_with"),
  "assertion.called_with.positive", "assertion.called_with.negative")
register(nil, "assertion", "returned_with", matching("returned_with"),
  "assertion.returned_with.positive", "assertion.returned_with.negative")

-- Stubs: spies that replace a function and return canned values.
local stub = {}
luassert.stub = stub

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
    local entry = { args = util.make_arglist(...) }
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

-- Mocks: wrap every function of a table (recursively) in spies or stubs.
local mock = {}
luassert.mock = mock

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
  for _, v in pairs(object) do
    if spy.is_spy(v) then v:clear() end
  end
  return object
end

setmetatable(mock, { __call = function(_, ...) return mock.new(...) end })

return luassert
