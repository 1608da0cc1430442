-- The fuzzer's driver: one batch of random calls to the `ui` module, run
-- by scripts/fuzz as a separate `buttonkit run` (or `render`) process.
--
--   buttonkit run driver.lua SEED CALLS [trace]
--
-- Every call goes to a `ui` function, or to a method or field of a live
-- object of some kind (button, sortButton, radioGroup, sortBar, screen,
-- store, style builder), with arguments drawn from junk (nil, NaN, inf, huge
-- and negative numbers, NUL bytes, invalid UTF-8, long strings, cyclic and
-- booby-trapped tables, functions that raise or call back into `ui`,
-- coroutines, objects of another kind) mixed with plausible values, so
-- calls get past argument checks into the model. Method and field names
-- come from each kind's metatable, so nothing new escapes the fuzzer.
--
-- Each call runs under pcall: a Lua error is the expected answer to junk
-- and is counted. What must never happen is the process dying (a crash) or
-- outliving its limit (a hang); scripts/fuzz watches for both.
--
-- Prints "progress CALLS ERRORS" every 250 calls, then "done CALLS ERRORS"
-- and "missed NAME ..." (names of the API this batch never called). With
-- `trace`, prints each call before making it, to find the one that crashed.

-- It writes stores and pictures into its working tree: never into the
-- repository (a run from its root once left s1.json, sub, ... there).
do
  local f = io.open("Package.swift", "r")
  if f then
    f:close()
    error("the fuzz driver writes files where it runs: run it through scripts/fuzz, which gives each batch a folder of its own", 0)
  end
end

local seed, total = tonumber(arg[1]) or 1, tonumber(arg[2]) or 1000
local tracing = arg[3] == "trace"
math.randomseed(seed)
local R = math.random
io.stdout:setvbuf("line")

local calls, errors = 0, 0
local pool = {}          -- kind -> list of live objects
local seen = {}          -- "kind.name" -> true once called
local api = {}           -- every "kind.name" of the API
local depth = 0          -- re-entrant calls from handlers
local budget = 0         -- re-entrant calls left for this top-level call
local pick, junk, plausible

local function pick_from(t) return t[R(#t)] end

-- Names ------------------------------------------------------------------------

local states = { "normal", "highlighted", "selected", "disabled", "focused", "highlighted|selected",
  "selected,disabled", "highlighted+focused", "application", "reserved", "" }
local events = {}
for k in pairs(ui.event) do events[#events + 1] = k end
table.sort(events)
events[#events + 1] = "touchUpInside|valueChanged"
events[#events + 1] = "bogusEvent"
local colors = { "red", "orange", "gray", "clear", "#FF0000", "#F00", "#12345678", "00FF00", "#GGGGGG", "bogus", "#" }
local fonts = { "13", "bold 13", "heavy 1000", "light 0.5", "bold", "13 bold", "ultralight 17" }
local words = { "ascending", "descending", "none", "uikit", "cascade", "all", "asc", "desc", "threeWay",
  "twoWay", "price", "sales", "default", "up", "down" }
local paths = { "s1.json", "s2.json", "s3.json", "sub/s.json", "../out.json", "/etc/passwd", "a\0.json", "",
  ".", "s1.json/x", "dir/",
  -- A part that starts with a combining mark: one character with the slash
  -- before it to Swift, a separate part to the kernel.
  "../" .. utf8.char(0x0670) .. "out.json", "sub/../../" .. utf8.char(0x0670) .. "x.json",
  utf8.char(0x0670) .. "s.json",
  -- scripts/fuzz makes parent -> .. and sub/up -> ../.. (both its folder); names that are
  -- not UTF-8 once hid a renamed folder's links from the sandbox.
  "parent/p.json", "sub/up/u.json", "sub", "\xfe", "\xfe/up/x.json", "\xff/../sub/up/y.json" }

local kinds = { "button", "sortButton", "radioGroup", "sortBar", "screen", "store", "styleBuilder" }
local methods, fields = {}, {}

local function learn(kind, obj)
  if methods[kind] then return end
  local mt = getmetatable(obj)
  methods[kind], fields[kind] = mt.methods, mt.fields
  for _, m in ipairs(mt.methods) do api[kind .. ":" .. m] = true end
  for _, f in ipairs(mt.fields) do api[kind .. "." .. f] = true end
end

local properties = {}    -- style property names, from the style builder

-- Values -----------------------------------------------------------------------

local numbers = { 0, -0.0, 1, -1, 0.5, 2, 44, 100, 255, 256, 1e6, -1e6, 1e6 + 1, 1e4, 10001, 1000, 1001,
  1 / 0, -1 / 0, 0 / 0, math.maxinteger, math.mininteger, 2 ^ 53, 2 ^ 53 + 1, 2 ^ 63, -2 ^ 63, 1e19, -1e19,
  1e308, -1e308, 5e-324, 1e-7, 3, 7, 10000000, 10000001 }

local function number()
  local r = R(4)
  if r == 1 then return R(-1000, 1000) end
  if r == 2 then return (R() - 0.5) * 10 ^ R(-3, 12) end
  return pick_from(numbers)
end

local function bytes(n)
  local t = {}
  for i = 1, n do t[i] = string.char(R(0, 255)) end
  return table.concat(t)
end

local function string_()
  local r = R(12)
  if r == 1 then return "" end
  if r == 2 then return ("x"):rep(R(1, 2) == 1 and R(1000, 100000) or R(100000, 1000000)) end
  if r == 3 then return bytes(R(1, 16)) end
  if r == 4 then return "a\0b" end
  if r == 5 then return "\xff\xfe" .. "é" end
  if r == 6 then return pick_from(paths) end
  if r == 7 then return pick_from(colors) end
  if r == 8 then return pick_from(fonts) end
  if r == 9 then return pick_from(states) end
  if r == 10 then return pick_from(events) end
  if r == 11 and #properties > 0 then return pick_from(properties) end
  return pick_from(words)
end

-- A table whose every use raises (or misleads).
local function trap()
  local t = R(2) == 1 and { 1, 2, 3 } or {}
  return setmetatable(t, {
    __index = function() error("trap: __index") end,
    __newindex = function() error("trap: __newindex") end,
    __len = function() return R(2) == 1 and -1 or math.maxinteger end,
    __pairs = function() error("trap: __pairs") end,
    __tostring = function() error("trap: __tostring") end,
    __eq = function() error("trap: __eq") end,
    __lt = function() error("trap: __lt") end,
    __call = function() error("trap: __call") end,
    __name = R(2) == 1 and "button" or nil,
  })
end

local function style_table(level)
  local t = {}
  for _ = 1, R(0, 4) do
    local k = R(6) == 1 and string_() or (pick_from(properties) or "title")
    t[k] = level < 2 and R(3) == 1 and junk(level + 1) or plausible(k)
  end
  return t
end

local function styles(level)
  local t = {}
  for _ = 1, R(0, 3) do
    t[R(5) == 1 and junk(level + 1) or pick_from(states)] = R(5) == 1 and junk(level + 1) or style_table(level + 1)
  end
  return t
end

local function table_(level)
  local r = R(12)
  if r == 1 then return {} end
  if r == 2 then return { number(), number(), number(), number() } end            -- a frame
  if r == 3 then return { x = number(), y = number(), width = number(), height = number() } end
  if r == 4 then return { number(), number() } end                                  -- a point
  if r == 5 then local t = {} t.self = t t[1] = t return t end                        -- a cycle
  if r == 6 then return trap() end
  if r == 7 then return styles(level) end
  if r == 8 then return style_table(level) end
  if r == 9 then                                                                      -- deep
    local t = {}
    local c = t
    for _ = 1, R(10, 400) do c[1] = {} c = c[1] end
    return t
  end
  if r == 10 then                                                                     -- wide
    local t = {}
    for i = 1, R(100, 20000) do t[i] = i end
    return t
  end
  local t = {}
  for _ = 1, R(0, 5) do
    local k = R(3) == 1 and R(-2, 5) or string_()
    if k == k then t[k] = level < 3 and junk(level + 1) or number() end
  end
  return t
end

local function object(kind)
  local list = pool[kind or pick_from(kinds)]
  if list and #list > 0 then return list[R(#list)] end
  return nil
end

local function any_object()
  for _ = 1, 4 do
    local o = object()
    if o ~= nil then return o end
  end
  return nil
end

-- Functions handed to the API as handlers, builders, comparators.
local function callback(level)
  local r = R(9)
  if r == 1 then return function() end end
  if r == 2 then return function() error("handler boom") end end
  if r == 3 then return function() error(setmetatable({}, { __tostring = function() error("trap") end })) end end
  if r == 4 then return function(...) return ... end end
  if r == 5 then return function() return junk(2), junk(2) end end
  if r == 6 then return function() coroutine.yield(1) end end
  if r == 7 then                                     -- changes its sender (which may fire it again)
    return function(x)
      if type(x) == "userdata" and budget > 0 then
        budget = budget - 1
        pcall(function() x.selected = not x.selected end)
      end
    end
  end
  if r == 8 and R(2) == 1 then                        -- finalizes its sender by hand
    return function(x)
      local mt = type(x) == "userdata" and debug.getmetatable(x)
      if type(mt) == "table" and mt.__gc then pcall(mt.__gc, x) collectgarbage() end
    end
  end
  -- Re-entrant: the callback makes random calls of its own.
  return function()
    -- Bounded: handlers firing handlers would otherwise grow without end
    -- (the time limit stops that too, but the batch would be lost).
    if depth < 3 and budget > 0 then
      depth = depth + 1
      for _ = 1, R(1, 3) do
        budget = budget - 1
        pcall(pick(level + 1))
      end
      depth = depth - 1
    end
  end
end

function junk(level)
  level = level or 0
  local r = R(level > 2 and 6 or 14)
  if r == 1 then return nil end
  if r == 2 then return R(2) == 1 end
  if r <= 4 then return number() end
  if r <= 6 then return string_() end
  if r == 7 then return table_(level) end
  if r == 8 then return callback(level) end
  if r == 9 then return any_object() end
  if r == 10 then
    local co = coroutine.create(function() coroutine.yield() end)
    if R(2) == 1 then coroutine.resume(co) coroutine.resume(co) end          -- dead
    return co
  end
  if r == 11 then return io.stdout end                                        -- userdata of another kind
  if r == 12 then return ui end
  if r == 13 then return print end                                            -- a C function
  return plausible()
end

-- A value that could be right for `key` (a property or option name).
-- The largest values each range accepts, to drive the model and the
-- pictures to their edges.
local function edge(max) local r = R(4) return r == 1 and max or r == 2 and -max or r == 3 and max * R() or 0 end

function plausible(key)
  if key == "frame" then
    if R(3) == 1 then return { edge(1e6), edge(1e6), math.abs(edge(1e6)), math.abs(edge(1e6)) } end
    return { R(-50, 500), R(-50, 500), R(0, 400), R(0, 100) }
  end
  if key == "title" or key == "image" or key == "backgroundImage" or key == "id" or key == "key" then
    return R(4) == 1 and string_() or ("t" .. R(20))
  end
  if key == "titleColor" or key == "backgroundColor" or key == "borderColor" then return pick_from(colors) end
  if key == "font" then return R(2) == 1 and pick_from(fonts) or { size = R(3) == 1 and 1000 or R(1, 40), weight = "bold" } end
  if key == "borderWidth" or key == "cornerRadius" then return R(3) == 1 and math.abs(edge(1e4)) or R(0, 20) end
  if key == "touchMargin" then return math.abs(edge(1e6)) end
  if key == "width" or key == "height" then return R(3) == 1 and 1e5 or R(1, 800) end
  if key == "alpha" then return R() end
  if key == "attributedTitle" then return { { text = "a", color = "red" }, { text = string_(), font = 13 } } end
  if key == "style" then return styles(1) end
  if key == "enabled" or key == "selected" or key == "highlighted" or key == "hidden" or key == "focused" then
    return R(2) == 1
  end
  local r = R(8)
  if r == 1 then return pick_from(states) end
  if r == 2 then return pick_from(events) end
  if r == 3 then return R(0, 10) end
  if r == 4 then return R(2) == 1 end
  if r == 5 then return pick_from(words) end
  if r == 6 then return "t" .. R(20) end
  if r == 7 then return { R(0, 300), R(0, 100) } end
  return pick_from(colors)
end

local function args(level)
  local n = R(0, 4)
  local t = { n = n }
  for i = 1, n do t[i] = R(3) == 1 and plausible() or junk(level) end
  return t
end

-- Objects ----------------------------------------------------------------------

local function keep(kind, obj)
  if obj == nil then return end
  learn(kind, obj)
  local list = pool[kind]
  if not list then list = {} pool[kind] = list end
  if #list < 40 then list[#list + 1] = obj else list[R(#list)] = obj end
end

local function options(kind, level)
  local t = {}
  local names = fields[kind] or fields.button or {}
  for _ = 1, R(0, 5) do
    local k = R(8) == 1 and string_() or pick_from(names) or "title"
    t[k] = R(3) == 1 and junk(level + 1) or plausible(k)
  end
  if R(3) > 1 then t.id = R(3) == 1 and string_() or ("id" .. R(30)) end
  if R(2) == 1 then t.style = styles(level + 1) end
  return t
end

local constructors = {
  button = function(level) return ui.button(R(6) == 1 and junk(level) or options("button", level)) end,
  sortButton = function(level)
    local t = options("sortButton", level)
    t.key = R(6) == 1 and junk(level) or pick_from(words)
    return ui.sortButton(t)
  end,
  radioGroup = function(level)
    local t = { id = R(2) == 1 and ("g" .. R(10)) or nil, allowsEmpty = R(2) == 1 }
    for i = 1, R(0, 4) do
      t[i] = R(4) == 1 and junk(level) or { title = "o" .. i, value = R(3) == 1 and junk(level) or (R(2) == 1 and i or "v" .. i) }
    end
    if R(3) == 1 then t.value = junk(level) end
    if R(4) == 1 then t.options = junk(level) end
    return ui.radioGroup(t)
  end,
  sortBar = function(level)
    local t = { id = R(2) == 1 and ("bar" .. R(10)) or nil }
    for i = 1, R(0, 4) do t[i] = R(4) == 1 and junk(level) or { key = pick_from(words), title = "s" .. i } end
    return ui.sortBar(t)
  end,
  screen = function(level)
    if R(3) == 1 then return ui.screen() end
    return ui.screen(R(4) == 1 and junk(level) or { width = R(2) == 1 and number() or plausible("width"), height = R(2) == 1 and number() or plausible("height") })
  end,
  store = function(level) return ui.store(R(5) == 1 and junk(level) or pick_from(paths)) end,
}

local function builder_calls(s, level)
  keep("styleBuilder", s)
  for _ = 1, R(0, 6) do
    local m = pick_from(methods.styleBuilder)
    seen["styleBuilder:" .. m] = true
    local a = { plausible(m) }
    if R(3) == 1 then a[1] = junk(level) end
    pcall(s[m], R(8) == 1 and any_object() or s, a[1], junk(level))
  end
  if R(3) == 1 then seen["styleBuilder.style"] = true pcall(function() return s.style end) end
end

-- Calls --------------------------------------------------------------------------

local describe_value = function(v)
  local t = type(v)
  if t == "string" then return #v > 40 and ("string(" .. #v .. ")") or string.format("%q", v) end
  if t == "number" then return string.format("%.17g", v) end
  if t == "userdata" then local ok, s = pcall(tostring, v) return ok and s or "userdata" end
  return t
end

local function describe_args(a)
  local parts = {}
  for i = 1, a.n or #a do parts[i] = describe_value(a[i]) end
  return table.concat(parts, ", ")
end

local function note(text) if tracing then print("call " .. text) end end

-- Every function of `ui` that is neither a constructor nor ui.svg (those
-- have their own branches), read from `ui` itself so new ones are fuzzed
-- too; sorted, so a seed replays the same calls.
local helpers = {}
do
  local own = { button = true, sortButton = true, radioGroup = true, sortBar = true, screen = true, store = true, svg = true }
  for k, v in pairs(ui) do if type(v) == "function" and not own[k] then helpers[#helpers + 1] = k end end
  table.sort(helpers)
end

-- Returns one random call, as a function to run under pcall.
-- Inputs found hostile once (issue 27), at random among the calls: chains of
-- coroutines that close each other through <close> (Lua 5.4.4 overflowed the
-- C stack), Interface Builder files in UTF-16 and UTF-32 (with and without a
-- DOCTYPE declaring an entity), and long titles (cut at 10,000 characters;
-- wrapping was quadratic).
local function utf16(text, big)
  local out = { big and "\xFE\xFF" or "\xFF\xFE" }
  for i = 1, #text do
    local c = text:sub(i, i)
    out[#out + 1] = big and ("\0" .. c) or (c .. "\0")
  end
  return table.concat(out)
end

local function utf32(text)
  local out = { "\xFF\xFE\0\0" }
  for i = 1, #text do out[#out + 1] = text:sub(i, i) .. "\0\0\0" end
  return table.concat(out)
end

local function hostile()
  local r = R(3)
  if r == 1 then
    local n = pick_from({ 3, 100, 5000, 20000 })
    return function()
      note("a chain of " .. n .. " coroutines closing each other")
      local coro = false
      for _ = 1, n do
        local previous = coro
        local body = function()
          local cc <close> = setmetatable({}, { __close = function()
            if previous then assert(coroutine.close(previous)) end
          end })
          coroutine.yield()
        end
        coro = coroutine.create(body)
        coroutine.resume(coro)
      end
      return coroutine.close(coro)
    end
  elseif r == 2 then
    local encoding = pick_from({ "UTF-16", "UTF-16BE", "UTF-32" })
    local doctype = R(2) == 1
    local uses = R(0, 300)
    return function()
      note("ui.load of a " .. encoding .. " file" .. (doctype and " with an entity" or "") .. ", " .. uses .. " buttons")
      local parts = { '<?xml version="1.0" encoding="' .. encoding .. '"?>\n' }
      if doctype then parts[#parts + 1] = '<!DOCTYPE document [<!ENTITY big "' .. ("A"):rep(R(1, 100000)) .. '">]>\n' end
      parts[#parts + 1] = '<document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" targetRuntime="iOS.CocoaTouch"><objects><view id="v"><rect key="frame" x="0" y="0" width="375" height="100"/><subviews>'
      for i = 1, uses do
        parts[#parts + 1] = '<button id="b' .. i .. '" userLabel="' .. (doctype and "&big;" or "u") .. '"><rect key="frame" x="0" y="0" width="100" height="44"/><state key="normal" title="' .. ("t"):rep(R(0, 20000)) .. '"/></button>'
      end
      parts[#parts + 1] = "</subviews></view></objects></document>\n"
      local text = table.concat(parts)
      local bytes = encoding == "UTF-32" and utf32(text) or utf16(text, encoding == "UTF-16BE")
      local f = assert(io.open("hostile.xib", "wb"))
      f:write(bytes)
      f:close()
      return ui.load("hostile.xib")
    end
  else
    local n = pick_from({ 9999, 10000, 10001, 64000 * 3, 2 * 1024 * 1024 })
    local piece = pick_from({ "ab ", "x", "漢", "é ", "\u{FFFF}" })
    local configured = R(2) == 1
    return function()
      note("a title of " .. n .. " x '" .. piece .. "'" .. (configured and " (configured)" or ""))
      local title = piece:rep(n // #piece)
      local b = ui.button(configured and { frame = { 0, 0, 32000, 44 }, configuration = { style = "plain", title = title } }
        or { frame = { 0, 0, R(0, 2000), 44 }, title = title })
      keep("button", b)
      local a = b.appearance
      return ui.svg(b), a.displayedText, ui.audit(b)
    end
  end
end

function pick(level)
  level = level or 0
  local r = R(100)
  if r <= 14 then                                        -- a constructor
    local kind = pick_from({ "button", "button", "sortButton", "radioGroup", "sortBar", "screen", "store" })
    return function()
      note("ui." .. kind)
      seen["ui." .. kind] = true
      keep(kind, constructors[kind](level))
    end
  elseif r <= 22 and R(4) == 1 then                      -- the file functions the sandbox guards
    local f = pick_from({ "io.open", "io.lines", "loadfile", "dofile", "os.remove", "os.rename" })
    local p, q = R(6) == 1 and string_() or pick_from(paths), pick_from(paths)
    local mode = pick_from({ "r", "w", "a", "w+", "rb" })
    -- Writes aimed outside go to one harmless name that scripts/fuzz checks
    -- for afterwards (never to a system file, should the sandbox fail).
    local function harmless(x)
      if type(x) == "string" and x:sub(1, 1) == "/" then return "/tmp/buttonkit-fuzz-outside" end
      return x
    end
    if f ~= "io.lines" and f ~= "loadfile" and f ~= "dofile" and not (f == "io.open" and mode:sub(1, 1) == "r") then
      p, q = harmless(p), harmless(q)
    end
    return function()
      note(f .. "(" .. describe_value(p) .. ")")
      seen[f] = true
      if f == "io.open" then local h = io.open(p, mode) if h then h:write("x") h:close() end
      elseif f == "io.lines" then for _ in io.lines(p) do break end
      elseif f == "loadfile" then return loadfile(p)
      elseif f == "dofile" then return dofile(p)
      elseif f == "os.remove" then return os.remove(p)
      else return os.rename(p, q) end
    end
  elseif r <= 22 then                                    -- a value helper
    local name = pick_from(helpers)
    local a = args(level)
    return function()
      note("ui." .. name .. "(" .. describe_args(a) .. ")")
      seen["ui." .. name] = true
      return ui[name](table.unpack(a, 1, a.n))
    end
  elseif r == 23 and R(3) == 1 then                      -- hostile inputs (above)
    return hostile()
  elseif r <= 27 then                                    -- pictures
    local o = R(10) == 1 and junk(level) or (object("button") or object("screen") or any_object())
    local opt = R(3) == 1 and (R(2) == 1 and { states = "all" } or junk(level)) or nil
    return function()
      note("ui.svg(" .. describe_value(o) .. ")")
      seen["ui.svg"] = true
      return ui.svg(o, opt)
    end
  elseif r <= 32 then                                    -- a style builder, inside and outside its call
    local b = object("button") or object("sortButton")
    local st = R(4) == 1 and junk(level) or pick_from(states)
    local old = object("styleBuilder")
    return function()
      if old and R(2) == 1 then
        note("styleBuilder used after its setUpStyle returned")
        builder_calls(old, level)
        return
      end
      if not b then return end
      note("button:setUpStyle(" .. describe_value(st) .. ")")
      b:setUpStyle(st, function(s) builder_calls(s, level) end)
    end
  elseif r <= 80 then                                    -- a method
    local kind = pick_from(kinds)
    local o = object(kind)
    if not o or not methods[kind] then return function() end end
    local m = pick_from(methods[kind])
    local a = args(level)
    local self = o
    if R(12) == 1 then self = R(2) == 1 and any_object() or junk(level) end
    -- Arguments the method expects, often enough to get past the checks.
    if R(2) == 1 then
      if m == "on" then a = { n = 2, R(4) == 1 and junk(level) or pick_from(events), callback(level) }
      elseif m == "off" then a = { n = 1, R(2) == 1 and R(0, 30) or junk(level) }
      elseif m == "touchDown" or m == "touchMove" or m == "touchUp" or m == "tap" or m == "hitTest" then
        a = { n = 2, R(3) == 1 and edge(1e6) or R(-50, 500), R(3) == 1 and edge(1e6) or R(-50, 500) }
        if R(3) == 1 then a = { n = 1, { count = R(0, 3), at = { R(0, 100), R(0, 40) } } } end
        if R(3) == 1 then a = { n = 0 } end
      elseif m == "style" then a = { n = 2, pick_from(states), style_table(level) }
      elseif m == "sendActions" then a = { n = 1, pick_from(events) }
      elseif m == "add" then a = { n = 1, R(2) == 1 and any_object() or options("button", level) }
      elseif m == "select" then a = { n = 2, R(2) == 1 and pick_from(words) or R(1, 4), pick_from(words) }
      elseif m == "save" or m == "restore" then a = { n = 2, object("store") or junk(level), "k" .. R(3) }
      elseif m == "sort" then a = { n = 2, { { price = 3 }, { price = 1, sales = 2 }, {}, junk(level) }, junk(level) }
      elseif m == "set" then a = { n = 2, "k" .. R(5), junk(level) }
      elseif m == "get" or m == "delete" then a = { n = 1, "k" .. R(5) }
      end
    end
    return function()
      note(kind .. ":" .. m .. "(" .. describe_args(a) .. ")")
      seen[kind .. ":" .. m] = true
      local fn = o[m]
      return fn(self, table.unpack(a, 1, a.n))
    end
  elseif r <= 95 then                                    -- a field
    local kind = pick_from(kinds)
    local o = object(kind)
    if not o or not fields[kind] then return function() end end
    local f = R(15) == 1 and string_() or pick_from(fields[kind])
    local write = R(2) == 1
    local v = R(2) == 1 and plausible(f) or junk(level)
    return function()
      note(kind .. "." .. tostring(f) .. (write and (" = " .. describe_value(v)) or ""))
      seen[kind .. "." .. tostring(f)] = true
      if write then o[f] = v else return o[f] end
    end
  elseif r <= 97 then                                    -- a control destroyed by its own handler
    local kind = R(2) == 1 and "button" or "sortButton"
    local m = methods[kind] and pick_from(methods[kind]) or "tap"
    local ev = pick_from(events)
    local a = R(2) == 1 and { n = 0 } or args(level)
    local lone = R(2) == 1
    return function()
      local b = lone and (kind == "button" and ui.button() or ui.sortButton { key = "k" }) or object(kind)
      if not b then return end
      note(kind .. ":" .. m .. "(" .. describe_args(a) .. ") with a handler on " .. ev .. " finalizing it")
      b:on(ev, function(x)
        local mt = debug.getmetatable(x)
        if type(mt) == "table" and mt.__gc then pcall(mt.__gc, x) end
        collectgarbage()
      end)
      local fn = b[m]
      return fn(b, table.unpack(a, 1, a.n))
    end
  else                                                   -- the objects themselves
    local o = any_object()
    local raw = R(2) == 1
    local a = args(level)
    return function()
      if raw then
        -- The real metatable's functions, called by hand with any arguments
        -- (a finalizer called from a handler freed a button in use).
        local mt = o ~= nil and debug.getmetatable(o)
        if type(mt) ~= "table" then return end
        local names = {}
        for k, v in pairs(mt) do if type(v) == "function" then names[#names + 1] = k end end
        table.sort(names)
        local k = pick_from(names)
        if not k then return end
        note("metatable " .. k .. " of " .. describe_value(o) .. "(" .. describe_args(a) .. ")")
        if R(2) == 1 then return mt[k](o, table.unpack(a, 1, a.n)) end
        return mt[k](table.unpack(a, 1, a.n))
      end
      note("metamethods of " .. describe_value(o))
      local _ = tostring(o), o == any_object(), getmetatable(o)
      if R(2) == 1 then return #o end
      if R(2) == 1 then return o() end
      for _ in pairs(o) do end
    end
  end
end

-- The batch ----------------------------------------------------------------------

-- Learn every kind's names first (a style builder only exists inside setUpStyle).
keep("button", ui.button())
keep("sortButton", ui.sortButton { key = "price" })
keep("radioGroup", ui.radioGroup { { title = "a", value = 1 }, { title = "b", value = 2 } })
keep("sortBar", ui.sortBar { { key = "price" }, { key = "sales" } })
keep("screen", ui.screen())
keep("store", ui.store("s1.json"))
pool.button[1]:setUpStyle("normal", function(s)
  learn("styleBuilder", s)
  properties = methods.styleBuilder
end)
for name in pairs(ui) do if type(ui[name]) == "function" then api["ui." .. name] = true end end

while calls < total do
  budget = 40
  local ok, err = pcall(function() return pick(0)() end)
  calls = calls + 1
  if not ok then
    errors = errors + 1
    if type(err) ~= "string" and type(err) ~= "table" then
      print("odd error value: " .. type(err))
    end
  end
  if calls % 250 == 0 then
    print("progress " .. calls .. " " .. errors)
    if R(4) == 1 then collectgarbage() end
  end
  if R(500) == 1 then                                    -- forget some objects
    for _, kind in ipairs(kinds) do
      local list = pool[kind]
      if list and #list > 4 then for i = #list, 3, -1 do if R(2) == 1 then table.remove(list, i) end end end
    end
  end
end

local missed = {}
for name in pairs(api) do if not seen[name] then missed[#missed + 1] = name end end
table.sort(missed)
print("done " .. calls .. " " .. errors)
print("missed " .. table.concat(missed, " "))
