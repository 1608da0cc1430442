-- Fallback of dkjson for output handlers: `encode` only.
local json = {}

local escapes = { ['"'] = '\\"', ["\\"] = "\\\\", ["\b"] = "\\b", ["\f"] = "\\f",
  ["\n"] = "\\n", ["\r"] = "\\r", ["\t"] = "\\t" }

local function encode(v, seen)
  local t = type(v)
  if t == "nil" then return "null" end
  if t == "boolean" then return tostring(v) end
  if t == "number" then
    if v ~= v or v == math.huge or v == -math.huge then return "null" end
    return math.type(v) == "integer" and tostring(v) or string.format("%.14g", v)
  end
  if t == "string" then
    return '"' .. v:gsub('[%c"\\]', function(c) return escapes[c] or string.format("\\u%04x", c:byte()) end) .. '"'
  end
  if t ~= "table" then error("type '" .. t .. "' is not supported by JSON.", 0) end
  if seen[v] then error("reference cycle", 0) end
  seen[v] = true
  local out = {}
  local n = #v
  if n > 0 or next(v) == nil then
    for i = 1, n do out[i] = encode(v[i], seen) end
    seen[v] = nil
    return "[" .. table.concat(out, ",") .. "]"
  end
  for k, x in pairs(v) do out[#out + 1] = encode(tostring(k), seen) .. ":" .. encode(x, seen) end
  seen[v] = nil
  return "{" .. table.concat(out, ",") .. "}"
end

function json.encode(v) return encode(v, {}) end
return json
