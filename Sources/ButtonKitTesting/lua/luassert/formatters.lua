-- luassert.formatters: how values appear in failure messages. Formatters
-- added with assert:add_formatter are tried first (newest first), then the
-- built-in forms: "(number) 1.0", "(string) 'x'", tables key by key with the
-- path to a difference marked.
local import = ...
local util = import "luassert.util"
local state = import "luassert.state"
local parameters, formatters = state.parameters, state.formatters
local is_matcher = util.is_matcher

local formatting = {}

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

-- Tables as luassert 1.9 prints them, byte for byte (busted's failure
-- messages show them): keys unquoted in brackets, two spaces a level, the
-- path to a difference marked with TableErrorHighlightCharacter in place
-- of indentation, `{ ... more }` past TableFormatLevel, `{ ... recursive }`
-- with TableFormatShowRecursion.
-- TableErrorHighlightColor, as luassert paints the mark with lua-term's
-- colours: a name or a chain of them (`bright.red`), "none" for none.
local ansi = {
  reset = 0, clear = 0, default = 0, bright = 1, dim = 2, underscore = 4, blink = 5, reverse = 7, hidden = 8,
  black = 30, red = 31, green = 32, yellow = 33, blue = 34, magenta = 35, cyan = 36, white = 37,
  onblack = 40, onred = 41, ongreen = 42, onyellow = 43, onblue = 44, onmagenta = 45, oncyan = 46, onwhite = 47,
}
local function paint(ch)
  local color = parameters.TableErrorHighlightColor
  if type(color) ~= "string" or color == "none" then return ch end
  for token in color:gmatch("[^%.]+") do
    local code = ansi[token]
    if code then ch = "\27[" .. code .. "m" .. ch .. "\27[0m" end
  end
  return ch
end

local function format_table(t, fmtargs)
  local maxdepth = parameters.TableFormatLevel
  local showrec = parameters.TableFormatShowRecursion
  local mark = parameters.TableErrorHighlightCharacter or ""
  local crumbs = fmtargs and fmtargs.crumbs or {}
  local cache = {}
  local function ft(tbl, l, with_crumbs)
    if showrec and cache[tbl] and cache[tbl] > 0 then return "{ ... recursive }" end
    if next(tbl) == nil then return "{ }" end
    if l > maxdepth and maxdepth >= 0 then return "{ ... more }" end
    local out = { "{" }
    cache[tbl] = (cache[tbl] or 0) + 1
    local crumb = crumbs[#crumbs - l + 1]
    for _, k in ipairs(sorted_keys(tbl)) do
      local v = tbl[k]
      local hit = with_crumbs and k == crumb
      if type(v) == "table" then
        v = ft(v, l + 1, hit)
      elseif type(v) == "string" then
        v = "'" .. v .. "'"
      end
      local ch = hit and mark or ""
      out[#out + 1] = "\n" .. string.rep(" ", l * 2 - #ch) .. (ch == "" and "" or paint(ch)) .. "[" .. tostr(k) .. "] = " .. tostr(v)
    end
    cache[tbl] = cache[tbl] - 1
    return table.concat(out) .. " }"
  end
  return "(" .. table_id(t) .. ") " .. ft(t, 1, true)
end

local format_value

-- A matcher as luassert prints it: `(matcher) is.near((number) 1, (number) 0.1)`.
local function format_matcher(m)
  if m.name == nil then return "(matcher) " .. tostring(m) end
  local parts = {}
  local args = m.arguments or { n = 0 }
  for i = 1, args.n or #args do parts[i] = format_value(args[i]) end
  return "(matcher) " .. (m.mod and "is." or "no.") .. tostring(m.name) .. "(" .. table.concat(parts, ", ") .. ")"
end

function format_value(v, fmtargs)
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
    if is_matcher(v) then return format_matcher(v) end
    if getmetatable(v) == util.arglist_mt then
      local parts = {}
      for i = 1, v.n or #v do parts[i] = format_value(v[i]) end
      return "(values list) (" .. table.concat(parts, ", ") .. ")"
    end
    return format_table(v, fmtargs)
  end
  if ty == "function" then
    local info = debug.getinfo(v, "S")
    return tostring(v) .. " @ line " .. tostring(info and info.linedefined) .. " in " .. tostring(info and info.source)
  end
  return "(" .. ty .. ") '" .. tostring(v) .. "'"
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

formatting.tostr = tostr
formatting.format_value = format_value
formatting.format_args = format_args
return formatting
