-- luassert.assert: the `assert` object and what a call through it does.
--
-- `assert.are.equal(a, b)` walks chain nodes: one per distinct word
-- sequence, made once and shared, so the words are split and resolved once
-- (until something is registered). A chain of plain modifiers (`is`, `not`)
-- and one assertion calls the assertion with a small fresh state; the
-- built-in assertions also have a quick form that answers a passing check
-- from the raw values, with no state, argument list or message at all.
-- Modifiers that take arguments (`message`, `spy`, `array`) use a mutable
-- state instead. A failed assertion raises a failure object (a table with a
-- message and __tostring), so the runner can tell it from an error.
local import = ...
local say = import "say"
local util = import "luassert.util"
local state = import "luassert.state"
local formatting = import "luassert.formatters"
local namespaces = import "luassert.namespaces"
local namespace, extract_keys, split = namespaces.namespace, namespaces.extract_keys, namespaces.split
local format_value, format_args = formatting.format_value, formatting.format_args
local unpack = table.unpack

local M = {}

-- Failures: what a failed assertion raises.
local failure_mt = {
  __tostring = function(e) return tostring(e.message) end,
  __type = "failure",
}
M.failure_mt = failure_mt

-- Raises a failure whose message starts with the caller's `file:line:`.
local function fail(message, level)
  level = (level or 1) + 1
  local _, positioned = pcall(error, message, level + 1)
  if type(positioned) ~= "string" then positioned = message end
  error(setmetatable({ message = positioned, raw = message }, failure_mt), level)
end
M.fail = fail

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

-- Runs `assertion` for state `s` on a call's arguments `args`: the failure
-- message when it fails, else nil and what the assertion hands on. The
-- caller raises, so the error's level and the traceback stay busted's.
local function check(assertion, s, args)
  local ok, retargs = assertion.callback(s, args, 3)
  if (not ok) == s.mod then
    local key = s.mod and assertion.positive_message or assertion.negative_message
    return build_message(key, rawget(s, "failure_message"), args) or "assertion failed!"
  end
  return nil, retargs
end

-- The two modifiers a resolved chain understands without running them.
function M.noop_modifier(s) return s end
function M.negate_modifier(s) s.mod = not s.mod return s end
local noop_modifier, negate_modifier = M.noop_modifier, M.negate_modifier

-- Quick forms of the built-in assertions, by callback: quick(n, ...) is
-- true or false for the positive check, or nil when it cannot tell. A
-- re-registered assertion has another callback, so it never gets one.
local quick_forms = {}
M.quick_forms = quick_forms

-- The general path: a mutable state that collects words, then runs.
local state_mt = {}

local function new_state()
  return setmetatable({ mod = true, tokens = {} }, state_mt)
end

state_mt.__index = function(self, key)
  local parts, tokens = split(key), self.tokens
  for i = 1, #parts do tokens[#tokens + 1] = parts[i] end
  return self
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
  local failure, retargs = check(assertion, self, util.make_arglist(...))
  if failure then fail(failure, 2) end
  if retargs then return unpack(retargs, 1, retargs.n or #retargs) end
  return ...
end

-- Chain nodes. Private keys so no word can collide with them.
local TOKENS, CHILDREN, RESOLVED = {}, {}, {}
local chain_mt = {}

local function chain_child(node, key)
  local children = rawget(node, CHILDREN)
  local c = children[key]
  if c then return c end
  if type(key) ~= "string" then return nil end
  local parts = split(key)
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

-- What a chain means: { simple = true, assertion, mod, quick } when its
-- words are plain modifiers and one assertion; simple = false otherwise.
local function resolve(node)
  local r = { version = namespaces.changes, simple = false }
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
  if r == nil or r.version ~= namespaces.changes then r = resolve(node) end
  -- A passing check answered from the raw values; failures and everything
  -- else take the full path, which builds the message.
  local quick = r.quick
  if quick then
    local ok = quick(select("#", ...), ...)
    if ok ~= nil and ok == r.mod then return ... end
  end
  if not r.simple then
    local s = new_state()
    for i, t in ipairs(rawget(node, TOKENS)) do s.tokens[i] = t end
    return state_mt.__call(s, ...)
  end
  local assertion = r.assertion
  local failure, retargs = check(assertion, { mod = r.mod, tokens = rawget(node, TOKENS) }, util.make_arglist(...))
  if failure then fail(failure, 2) end
  if retargs then return unpack(retargs, 1, retargs.n or #retargs) end
  return ...
end

local root_chain = setmetatable({ [TOKENS] = {}, [CHILDREN] = {} }, chain_mt)

-- The assert object: callable like Lua's assert, a chain root, and the
-- home of luassert's registry and state methods (called with a colon).
local assert_obj = {}
M.assert = assert_obj

function assert_obj.register(_, space, name, callback, positive, negative)
  namespaces.register(space, name, callback, positive, negative)
end
function assert_obj.unregister(_, space, name) namespaces.unregister(space, name) end
function assert_obj.add_formatter(_, fn) state.add_formatter(fn) end
function assert_obj.remove_formatter(_, fn) state.remove_formatter(fn) end
function assert_obj.format(_, args) return format_args(args) end
function assert_obj.set_parameter(_, name, value) state.set_parameter(name, value) end
function assert_obj.get_parameter(_, name) return state.get_parameter(name) end
function assert_obj.add_spy(_, s) state.add_spy(s) end
function assert_obj.snapshot(_) return state.snapshot() end

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

return M
