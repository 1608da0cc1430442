-- luassert.matchers: `match._`, `match.is_string()`, `match.is_not.equal(3)`
-- and the composites (all_of, any_of, none_of). A matcher is a callable
-- value; deep comparison and spy argument checks call it.
local import = ...
local say = import "say"
local util = import "luassert.util"
local namespaces = import "luassert.namespaces"
local formatting = import "luassert.formatters"
local assertions = import "luassert.assertions"
local register = namespaces.register
local namespace, extract_keys, split = namespaces.namespace, namespaces.extract_keys, namespaces.split
local format_value = formatting.format_value
local is_matcher = util.is_matcher

local match = {}

-- The metatable util.is_matcher recognises (shared, so filled in here).
local matcher_mt = util.matcher_mt
matcher_mt.__call = function(self, value)
  local ok = self.callback(value)
  if self.mod then return ok end
  return not ok
end
matcher_mt.__tostring = function(self) return self.description end

local match_state_mt = {}
match_state_mt.__index = function(self, key)
  local parts, tokens = split(key), self.tokens
  for i = 1, #parts do tokens[#tokens + 1] = parts[i] end
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

local function mreg(name, fn) register("matcher", name, fn) end
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
-- Arguments are checked when the matcher is made, as luassert does.
local function badarg(n, name, expected, got, level)
  -- level is the matcher's own (2: its caller is match's __call); one more
  -- for this function, so the error names the spec's line.
  error(say("assertion.internal.badargtype", { n, name, expected, got }), level + 2)
end
mreg("ref", function(_, a, level)
  local ty = type(a[1])
  if not (ty == "table" or ty == "function" or ty == "thread" or ty == "userdata") then badarg(1, "ref", "object", ty, level) end
  return function(v) return v == a[1] end
end)
mreg("near", function(_, a, level)
  local expected, tolerance = tonumber(a[1]), tonumber(a[2])
  local numbertype = "number or object convertible to a number"
  if not expected then badarg(1, "near", numbertype, format_value(a[1]), level) end
  if not tolerance then badarg(2, "near", numbertype, format_value(a[2]), level) end
  return function(v)
    local actual = tonumber(v)
    return actual ~= nil and actual >= expected - tolerance and actual <= expected + tolerance
  end
end)
local function pattern_matcher(name)
  return function(_, a, level)
    if type(a[1]) ~= "string" then badarg(1, name, "string", type(a[1]), level) end
    if a[2] ~= nil and not tonumber(a[2]) then badarg(2, name, "number", type(a[2]), level) end
    return function(v)
      local mt = type(v) == "table" and getmetatable(v)
      if type(v) == "number" or (type(mt) == "table" and mt.__tostring) then v = tostring(v) end
      return type(v) == "string" and v:find(a[1], a[2], a[3]) ~= nil
    end
  end
end
mreg("matches", pattern_matcher("matches"))
mreg("match", pattern_matcher("match"))
mreg("unique", function(_, a) return function(v)
  return type(v) == "table" and assertions.unique({}, { v, a[1], n = 2 }) end end)
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

return match
