-- say: a tiny message registry with namespaces (languages), compatible with
-- the `say` module that luassert and busted use: say:set(key, text),
-- say(key, vars), say:set_namespace(name).

local registry = { en = {} }
local current = "en"
local fallback = "en"

local say = {}

function say:set_namespace(namespace)
  current = namespace
  registry[current] = registry[current] or {}
end

function say:set_fallback(namespace)
  fallback = namespace
  registry[fallback] = registry[fallback] or {}
end

function say:set(key, value)
  registry[current][key] = value
end

function say:get(key)
  local v = registry[current][key]
  if v == nil then v = registry[fallback][key] end
  return v
end

-- Formats a message: `vars` fill the `%s` slots in order.
local function format(key, vars)
  local text = say:get(key)
  if text == nil then return nil end
  vars = vars or {}
  local n = vars.n or #vars
  local strs = {}
  for i = 1, n do
    local v = vars[i]
    strs[i] = type(v) == "string" and v or tostring(v)
  end
  local ok, out = pcall(string.format, text, table.unpack(strs, 1, n))
  return ok and out or text
end

return setmetatable(say, {
  __call = function(_, key, vars) return format(key, vars) end,
})
