-- Fallback of pl.pretty for output handlers: `write` turns a value into
-- readable Lua text (handlers use it for error objects that are not strings).
local pretty = {}

local function write(v, indent, seen)
  if type(v) == "string" then return string.format("%q", v) end
  if type(v) ~= "table" then return tostring(v) end
  if seen[v] then return "<cycle>" end
  seen[v] = true
  local keys = {}
  for k in pairs(v) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  local inner = indent .. "  "
  local parts = {}
  for _, k in ipairs(keys) do
    local key = type(k) == "string" and k:match("^[%a_][%w_]*$") and k or "[" .. write(k, inner, seen) .. "]"
    parts[#parts + 1] = inner .. key .. " = " .. write(v[k], inner, seen)
  end
  seen[v] = nil
  if #parts == 0 then return "{}" end
  return "{\n" .. table.concat(parts, ",\n") .. "\n" .. indent .. "}"
end

function pretty.write(v) return write(v, "", {}) end
return pretty
