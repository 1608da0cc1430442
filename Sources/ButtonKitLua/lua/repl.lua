-- The REPL's Lua side: printing results and completing names.
-- Loaded once per REPL state; returns a table of functions for the host.

local keywords = {
  "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if",
  "in", "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
}

local M = {}
M.color = false      -- set by the host: ANSI colours allowed
M.truecolor = false  -- 24-bit colours: swatches for control colours
M.max_depth = 4
M.max_items = 40

local function is_object(v)
  if type(v) ~= "userdata" then return false end
  local mt = getmetatable(v)
  return type(mt) == "table" and type(mt.__name) == "string" and type(mt.methods) == "table"
end

local function swatch(hex)
  if not (M.truecolor and M.color) or type(hex) ~= "string" then return "" end
  local r, g, b = hex:match("^#(%x%x)(%x%x)(%x%x)")
  if not r then return "" end
  return string.format(" \27[48;2;%d;%d;%dm  \27[0m", tonumber(r, 16), tonumber(g, 16), tonumber(b, 16))
end

local function object_line(v)
  local s = tostring(v)
  local ok, app = pcall(function() return v.appearance end)
  if ok and type(app) == "table" then s = s .. swatch(app.backgroundColor) end
  return s
end

local function is_identifier(k)
  return type(k) == "string" and k:match("^[%a_][%w_]*$") ~= nil
end

local function key_order(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then
    if ta == "number" then return true end
    if tb == "number" then return false end
    return ta < tb
  end
  if ta == "number" or ta == "string" then return a < b end
  return tostring(a) < tostring(b)
end

-- Pretty-prints a value: nested tables with sorted keys, depth and item
-- limits, cycles marked, strings quoted inside tables.
function M.pretty(v, depth, seen, inside)
  depth = depth or 0
  seen = seen or {}
  local t = type(v)
  if t == "string" then return inside and string.format("%q", v) or v end
  if is_object(v) then return object_line(v) end
  if t ~= "table" then return tostring(v) end
  local mt = getmetatable(v)
  if mt and type(mt) == "table" and rawget(mt, "__tostring") then return tostring(v) end
  if seen[v] then return "<cycle " .. tostring(v):gsub("^table: ", "") .. ">" end
  if depth >= M.max_depth then return "{...}" end
  seen[v] = true
  local keys = {}
  for k in pairs(v) do keys[#keys + 1] = k end
  table.sort(keys, key_order)
  local n = #v
  local parts = {}
  local count = 0
  for _, k in ipairs(keys) do
    count = count + 1
    if count > M.max_items then
      parts[#parts + 1] = "... (" .. (#keys - M.max_items) .. " more)"
      break
    end
    local val = M.pretty(v[k], depth + 1, seen, true)
    if math.type(k) == "integer" and k >= 1 and k <= n then
      parts[#parts + 1] = val
    elseif is_identifier(k) then
      parts[#parts + 1] = k .. " = " .. val
    else
      parts[#parts + 1] = "[" .. M.pretty(k, depth + 1, seen, true) .. "] = " .. val
    end
  end
  seen[v] = nil
  if #parts == 0 then return "{}" end
  local flat = "{ " .. table.concat(parts, ", ") .. " }"
  if #flat <= 72 and not flat:find("\n") then return flat end
  local pad = string.rep("  ", depth + 1)
  return "{\n" .. pad .. table.concat(parts, ",\n" .. pad) .. "\n" .. string.rep("  ", depth) .. "}"
end

-- Results separated by tabs, like lua.c.
function M.print_results(...)
  local n = select("#", ...)
  if n == 0 then return nil end
  local out = {}
  for i = 1, n do out[i] = M.pretty((select(i, ...))) end
  return table.concat(out, "\t")
end

-- Names an object offers: its methods after ':', fields and methods after '.'.
local function object_names(v, sep)
  local mt = getmetatable(v)
  local names = {}
  for _, m in ipairs(mt.methods) do names[#names + 1] = m end
  if sep == "." then for _, f in ipairs(mt.fields) do names[#names + 1] = f end end
  return names
end

local function lookup(path)
  local v = _G
  for part in path:gmatch("[^%.:]+") do
    if type(v) ~= "table" and not is_object(v) then return nil end
    local ok, nv = pcall(function() return v[part] end)
    if not ok then return nil end
    v = nv
  end
  return v
end

-- Names the model accepts inside strings, set by the host from the model's
-- own parsing tables (ControlState, ControlEvent, Color, StyleProperty), so
-- completion offers exactly what the bindings will accept.
M.names = { states = {}, events = {}, colors = {}, properties = {} }

-- Where `text` ends inside an unfinished quoted string: the opening quote's
-- position, or nil (outside strings, or in a comment or long string, where
-- names are not what is being typed).
local function open_quote(text)
  local i, n = 1, #text
  while i <= n do
    local c = text:sub(i, i)
    if c == '"' or c == "'" then
      local j = i + 1
      while j <= n do
        local d = text:sub(j, j)
        if d == "\\" then j = j + 2
        elseif d == c then break
        else j = j + 1 end
      end
      if j > n then return i end
      i = j + 1
    elseif c == "-" and text:sub(i + 1, i + 1) == "-" then
      return nil
    elseif c == "[" and text:find("^%[=*%[", i) then
      local eq = text:match("^%[(=*)%[", i)
      local close = text:find("]" .. eq .. "]", i, true)
      if not close then return nil end
      i = close + #eq + 2
    else
      i = i + 1
    end
  end
  return nil
end

-- Which names fit the string being typed, from the code before its quote:
-- the method or function it is an argument of (and which argument), or the
-- key it is assigned to. Unknown contexts get every kind of name.
local state_methods = { style = 1, unstyle = 1, styleFor = 1, appearanceFor = 1, setUpStyle = 1, stateName = 1 }
local event_methods = { on = 1, off = 1, sendActions = 1 }
local function string_kinds(before)
  before = before:gsub("%s+$", "")
  local key = before:match("([%w_]+)%s*=$")
  if key then
    if key:find("[Cc]olor$") then return { "colors" } end
    if key == "state" then return { "states" } end
    -- Today's UIKit: the option's own short list.
    local own = { userInterfaceStyle = { "interfaceStyles" }, configuration = { "configurationStyles" },
      style = { "configurationStyles", "interfaceStyles" }, cornerStyle = { "cornerStyles" },
      buttonSize = { "buttonSizes" }, imagePlacement = { "imagePlacements" }, type = { "buttonTypes" } }
    if own[key] then return own[key] end
    if key == "event" or key == "events" then return { "events" } end
    return { "states", "events", "colors", "properties" }
  end
  if before:sub(-1) == "[" then return { "states", "properties" } end
  -- The call this string is an argument of: walk back to its open paren.
  local depth, args, i = 0, 1, #before
  while i >= 1 do
    local c = before:sub(i, i)
    if c == ")" or c == "}" or c == "]" then depth = depth + 1
    elseif c == "(" or c == "{" or c == "[" then
      if depth == 0 then break end
      depth = depth - 1
    elseif c == "," and depth == 0 then args = args + 1
    end
    i = i - 1
  end
  if i < 1 or before:sub(i, i) ~= "(" then return { "states", "events", "colors", "properties" } end
  local callee = before:sub(1, i - 1):match("([%w_%.:]+)%s*$") or ""
  local name = callee:match("[%w_]+$") or ""
  if name == "color" and callee:find("^ui[%.:]") then return { "colors" } end
  if name:find("[Cc]olor$") then return { "colors" } end
  if name == "unstyle" and args == 2 then return { "properties" } end
  if state_methods[name] and args == 1 then return { "states" } end
  if event_methods[name] and args == 1 then return { "events" } end
  if name == "state" and args == 2 then return { "states" } end      -- assert.state(b, "...")
  return { "states", "events", "colors", "properties" }
end

-- Option keys per constructor, set by the host from the lists the bindings
-- check options against (button, sortButton, radioOption, radioGroup,
-- sortBar, screen).
M.options = {}

-- The innermost table constructor `text` ends inside: the position of its
-- unmatched '{', or nil.
local function open_brace(text, last)
  local depth, i = 0, last
  while i >= 1 do
    local c = text:sub(i, i)
    if c == "}" or c == ")" or c == "]" then depth = depth + 1
    elseif c == "{" or c == "(" or c == "[" then
      if depth == 0 then return c == "{" and i or nil end
      depth = depth - 1
    end
    i = i - 1
  end
  return nil
end

-- The constructor whose option keys fit a key being typed at the end of
-- `before` (what precedes the partial word): `ui.button { tit`,
-- `ui.sortBar { { ke` (a sort button), `ui.radioGroup { options = { { va`
-- (a radio option). Nil outside a key position.
local function key_context(before)
  if not before:match("[{,]%s*$") then return nil end
  local i = open_brace(before, #before)
  if not i then return nil end
  local callee = before:sub(1, i - 1):match("ui%.([%w_]+)%s*%(?%s*$")
  if callee then return callee end
  -- An item of a list: the list's own constructor says what it holds.
  if not before:sub(1, i - 1):match("[{,]%s*$") then return nil end
  local j = open_brace(before, i - 1)
  if not j then return nil end
  local outer = before:sub(1, j - 1)
  if outer:match("ui%.sortBar%s*%(?%s*$") then return "sortButton" end
  if outer:match("options%s*=%s*$") then
    local k = open_brace(outer, #outer)
    if k and before:sub(1, k - 1):match("ui%.radioGroup%s*%(?%s*$") then return "radioOption" end
  end
  return nil
end

-- Completes the end of `text` (the line up to the cursor). Returns the
-- candidates as replacements for `word`, the word the line editor will
-- replace (it splits words at its own break characters); by default the
-- word this function completes.
function M.complete(text, word)
  local candidates, prefix, partial, own = {}, "", nil, nil
  local q = open_quote(text)
  if q then
    -- Inside a string: a state, event, colour or property name, after the
    -- quote or after a separator of combined names ("selected|hig").
    partial = text:match("[%w_]*$")
    own = partial
    for _, kind in ipairs(string_kinds(text:sub(1, q - 1))) do
      for _, n in ipairs(M.names[kind] or {}) do candidates[#candidates + 1] = n end
    end
  else
    own = text:match("[%w_%.:]*$") or ""
    local base, sep
    base, sep, partial = own:match("^(.-)([%.:])([%w_]*)$")
    if sep then
      local v = lookup(base)
      prefix = base .. sep
      if is_object(v) then
        candidates = object_names(v, sep)
      elseif type(v) == "table" then
        for k, val in pairs(v) do
          if type(k) == "string" and (sep == "." or type(val) == "function") then candidates[#candidates + 1] = k end
        end
        local mt = getmetatable(v)
        if type(mt) == "table" and type(mt.__index) == "table" then
          for k in pairs(mt.__index) do if type(k) == "string" then candidates[#candidates + 1] = k end end
        end
      end
    else
      partial = own
      local ctor = key_context(text:sub(1, #text - #own))
      if ctor and M.options[ctor] then
        -- A key of the table being built: the constructor's options.
        for _, k in ipairs(M.options[ctor]) do candidates[#candidates + 1] = k end
      else
        for k in pairs(_G) do if type(k) == "string" then candidates[#candidates + 1] = k end end
        for _, k in ipairs(keywords) do candidates[#candidates + 1] = k end
      end
    end
  end
  -- Names are matched as typed first; in strings, where the model ignores
  -- case, "Hig" still finds "highlighted".
  local out, seen = {}, {}
  local function add(c)
    if not seen[c] then seen[c] = true; out[#out + 1] = prefix .. c end
  end
  for _, c in ipairs(candidates) do
    if c:sub(1, #partial) == partial then add(c) end
  end
  if q and #out == 0 then
    for _, c in ipairs(candidates) do
      if c:sub(1, #partial):lower() == partial:lower() then add(c) end
    end
  end
  table.sort(out)
  word = word or own
  if word ~= own then
    -- The editor's word is longer (it kept what we split off) or shorter
    -- (it split where we did not): keep or cut the difference.
    for i, c in ipairs(out) do
      if #word >= #own then out[i] = word:sub(1, #word - #own) .. c else out[i] = c:sub(#own - #word + 1) end
    end
  end
  return out
end

-- The kind of the object `path` names ("button" for `b` after
-- b = ui.button {}), for :help b:tap; nil when it names no object.
function M.kind_of(path)
  local v = lookup(path)
  if is_object(v) then return getmetatable(v).__name end
  return nil
end

-- A control's trace, one event a line; nil and why when `v` has none
-- (said as a message, not raised: it is the user's slip, not a failure).
function M.trace(v)
  if not is_object(v) then return nil, "not a control: " .. tostring(v) end
  local ok, trace = pcall(function() return v.trace end)
  if not ok or type(trace) ~= "table" then return nil, tostring(v) .. " has no trace" end
  if #trace == 0 then return "(empty trace)" end
  local lines = {}
  for i, e in ipairs(trace) do lines[i] = string.format("%4d  %s", i, e) end
  return table.concat(lines, "\n")
end

return M
