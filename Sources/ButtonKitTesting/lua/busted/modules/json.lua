-- The JSON encoder of rich mode: busted's values (elements, traces,
-- formatted entries) as the runner's `-o json` and output handlers read
-- them. Raw reads only: no metamethod of a spec's value runs here.
local json = {}

local json_escapes = { ['"'] = '\\"', ["\\"] = "\\\\", ["\b"] = "\\b", ["\f"] = "\\f",
  ["\n"] = "\\n", ["\r"] = "\\r", ["\t"] = "\\t" }
local function json_escape(c) return json_escapes[c] or string.format("\\u%04x", c:byte()) end
local function json_string(s)
  -- Bytes that are not UTF-8 are kept one character each (as Latin-1), so
  -- the document stays valid.
  if not utf8.len(s) then s = s:gsub("[\128-\255]", function(c) return utf8.char(c:byte()) end) end
  return '"' .. s:gsub('[%c"\\]', json_escape) .. '"'
end

-- Tables whose keys are all positive integers are arrays (holes as null,
-- unless more than half is holes), others objects, as dkjson decides;
-- functions, userdata and coroutines are left out (busted's handler drops
-- an element's functions; dkjson would refuse the rest), a table met again
-- inside itself is null.
local function encode(v, seen)
  local t = type(v)
  if t == "string" then return json_string(v) end
  if t == "number" then
    if v ~= v or v == math.huge or v == -math.huge then return "null" end
    return tostring(v)
  end
  if t == "boolean" then return v and "true" or "false" end
  if t ~= "table" or seen[v] then return "null" end
  seen[v] = true
  local max, n, array = 0, 0, true
  for k in next, v do
    if math.type(k) == "integer" and k > 0 then
      if k > max then max = k end
      n = n + 1
    else
      array = false
      break
    end
  end
  if array and max > 10 and max > n * 2 then array = false end
  local parts = {}
  if array then
    for i = 1, max do parts[i] = encode(rawget(v, i), seen) end
    seen[v] = nil
    return "[" .. table.concat(parts, ",") .. "]"
  end
  for k, x in next, v do
    local tx = type(x)
    if tx ~= "function" and tx ~= "userdata" and tx ~= "thread" then
      local key = type(k) == "string" and k or (type(k) == "number" and tostring(k)) or nil
      if key then parts[#parts + 1] = json_string(key) .. ":" .. encode(x, seen) end
    end
  end
  seen[v] = nil
  return "{" .. table.concat(parts, ",") .. "}"
end

-- `v` as JSON text.
function json.encode(v) return encode(v, {}) end

return json
