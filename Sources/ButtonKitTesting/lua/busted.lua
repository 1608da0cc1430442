-- The busted-compatible test framework of `buttonkit test`.
--
-- A spec file runs in a fresh Lua state. Blocks run the way busted runs
-- them: a describe's body runs when its parent reaches it, then its
-- setup, children, and teardown. Results go to the host one test at a time.

-- The runner's functions (never published) and the assertion library,
-- handed over by the bootstrap (testing.lua).
local host, luassert = ...

local failure_mt = luassert.failure_mt
local host_call, host_clock, host_report, host_activity = host.call, host.clock, host.report, host.activity
local host_gettime, host_block = host.gettime, host.block
local luassert_mark, luassert_revert_to = luassert.mark, luassert.revert_to
local getinfo = debug.getinfo

local busted = { version = "2.1.1 (buttonkit)" }

-- As busted's: `message` is what pending() was given; the position comes
-- when the message is rewritten (rewrite below), as for any error.
local pending_mt = { __tostring = function(p) return tostring(p.message) end, __type = "pending" }

-- Current position in the tree while bodies run.
local current           -- the block whose body is running
local running_test      -- the test whose body is running (finally/pending live here)
-- A hook or a test's finally is running: busted rejects every registering
-- function there (describe, it, pending, the hooks, randomize), as it
-- rejects them in a test's body (pending excepted).
local running_hook = false
local opts              -- options from the host
local stop_all = false  -- fail-fast tripped
-- Elements carry what busted's do (where each was registered, its clock
-- readings) and results carry busted's formatted entry, for `-o json` and
-- output handlers in the runner, and for subscribers of busted's events in
-- the spec's own state. Off otherwise: a plain run pays nothing for it.
local rich = false
local observed = false  -- someone subscribed to busted's events here

local function errortype(e)
  local mt = getmetatable(e)
  if mt == failure_mt then return "failure" end
  if mt == pending_mt then return "pending" end
  return "error"
end

-- The name a node shows: its ancestors' names (below the file) and its own.
local function joined_name(parent, name)
  if not parent or parent.kind == "file" or parent.full_name == "" then return name end
  return parent.full_name .. " " .. name
end

-- busted's attributes per descriptor (shared: nothing here changes them).
local no_attributes = setmetatable({}, { __newindex = function() end })
local attributes_of = {
  file = { envmode = "insulate" }, insulate = { envmode = "insulate" }, expose = { envmode = "expose" },
  hook = { envmode = "unwrap" }, pending = { default_fn = function() end },
}

-- busted's suite element: the parent of every file.
local suite = { descriptor = "suite", attributes = no_attributes, kind = "suite" }

local function parent_of(node)
  if node.kind == "file" then return suite end
  return node.parent
end

local next_id = 0
local function new_block(kind, name, fn, parent, line, alias)
  next_id = next_id + 1
  return {
    kind = kind, name = name, fn = fn, parent = parent, line = line, children = {},
    before_each = {}, after_each = {}, lazy_setup = {}, lazy_teardown = {},
    strict_setup = {}, strict_teardown = {},
    full_name = kind == "file" and "" or joined_name(parent, name),
    descriptor = kind, id = next_id, attributes = attributes_of[alias or kind] or no_attributes,
  }
end

-- Frames of the framework itself (its bytecode has no source names; read
-- from source it is "[buttonkit ...]") and of C functions are skipped, as
-- busted skips its own, luassert's and C frames.
local function framework(info)
  local src = info.source
  return info.what == "C" or src == "=?" or src:sub(1, 11) == "=[buttonkit"
end

-- A function's global name as Lua's traceback finds it (pushglobalfuncname:
-- a module in package.loaded, or a field of one, the first in next()'s
-- order; "_G." dropped), kept per function: the search walks every loaded
-- module, and a describe's body registers all its tests from one function.
local global_names = setmetatable({}, { __mode = "k" })
-- package.loaded as require sees it, taken before any spec runs and read
-- raw: a spec may give it a metatable (a __pairs that loops) or replace
-- package, and what the framework does between tests runs with no
-- deadline of a test's.
local loaded_modules = package.loaded
local function global_name(fn)
  local known = global_names[fn]
  if known ~= nil then return known or nil end
  local found = false
  for mod, t in next, loaded_modules do
    if type(mod) == "string" then
      if rawequal(t, fn) then found = mod break end
      if type(t) == "table" then
        for k, v in next, t do
          if type(k) == "string" and rawequal(v, fn) then found = mod .. "." .. k break end
        end
        if found then break end
      end
    end
  end
  if found and found:sub(1, 3) == "_G." then found = found:sub(4) end
  global_names[fn] = found
  return found or nil
end

-- A traceback line as luaL_traceback writes it.
local function frame_line(info)
  local where = "\n\t" .. info.short_src .. ":" .. (info.currentline > 0 and (info.currentline .. ":") or "") .. " in "
  local g = info.func and global_name(info.func)
  if g then where = where .. "function '" .. g .. "'"
  elseif info.namewhat ~= "" then where = where .. info.namewhat .. " '" .. tostring(info.name) .. "'"
  elseif info.what == "main" then where = where .. "main chunk"
  else where = where .. "function <" .. info.short_src .. ":" .. info.linedefined .. ">" end
  if info.istailcall then where = where .. "\n\t(...tail calls...)" end
  return where
end

-- Where a block, test or hook was registered, as busted keeps it in
-- `element.trace`: the caller's getinfo "Sl" (level 1 is the function
-- calling trace_at), its traceback up to the first C function (written
-- here frame by frame as debug.traceback would, which names every frame of
-- the whole stack first and cost 100 µs a test), and the name as `message`.
-- Only in rich mode.
local function trace_at(level, message)
  level = level + 1
  local info = getinfo(level, "Sl")
  while info and framework(info) do
    level = level + 1
    info = getinfo(level, "Sl")
  end
  if not info then return nil end
  local lines = { "\nstack traceback:" }
  for l = level, level + 20 do
    local f = getinfo(l, "Slnft")
    if not f then break end
    if f.what == "C" then
      lines[#lines + 1] = "\n"
      break
    end
    lines[#lines + 1] = frame_line(f)
  end
  info.traceback = table.concat(lines)
  info.message = message
  return info
end

local host_line = host.line
local spec_source -- "@path" of the spec file, for trimming tracebacks and
                  -- telling tests a required helper defines
local function caller_line(level)
  -- line(n) counts from its caller: level + 1 skips caller_line itself.
  return host_line(level + 1)
end

-- Environments ------------------------------------------------------------

-- busted's environments (busted/environment.lua and context.lua): a spec
-- file's chunk runs with an _ENV of its own, so every function written in
-- the file reads and writes globals through it, while modules it requires
-- keep _G. A global written in a describe body lives in that describe, one
-- written in a test in that test, one written in a hook in the block that
-- declared the hook (busted's 'unwrap'), one written in an expose block in
-- the suite (the files after it see it). A read walks from the running
-- element up to the suite, then _G; as in busted, a false value falls
-- through (`x = false` reads as _G.x). The framework's names (describe,
-- it, assert, spy, ...) live in the suite's environment, not in _G, so a
-- module that assigns a global `assert` cannot break the spec's, and
-- `pairs(_G)` sees what it sees under busted.
local suite_env = {}
local env_ctx  -- the element whose code runs now: a block, a test or a hook

local function env_read(node, key)
  while node do
    local e = node.env
    local v = e and e[key]
    if v then return v end
    node = node.parent
  end
  local v = suite_env[key]
  if v then return v end
  return _G[key]
end

local function env_write(node, key, value)
  local target = node
  if node then
    if node.owner then target = node.owner
    elseif node.expose then target = node.parent and node.parent.parent end
  end
  if target == nil then suite_env[key] = value return end
  local e = target.env
  if not e then e = {} target.env = e end
  e[key] = value
end

-- What the host makes a spec file's _ENV (the chunk's first upvalue).
busted.spec_env = setmetatable({}, {
  __index = function(_, key) return env_read(env_ctx, key) end,
  __newindex = function(_, key, value) env_write(env_ctx, key, value) end,
  __metatable = false,
})

-- Runs safe-like fn(a, b) (five results) with `node` as the element whose
-- globals code reads and writes.
local function in_env(node, fn, a, b)
  local saved = env_ctx
  env_ctx = node
  local r1, r2, r3, r4, r5 = fn(a, b)
  env_ctx = saved
  return r1, r2, r3, r4, r5
end

-- Registration ------------------------------------------------------------

local function reject(name)
  error("'" .. name .. "' not supported inside current context block", 3)
end

local function register_block(kind, envmode)
  return function(name, fn)
    if running_test or running_hook then reject(kind) end
    if type(name) == "function" and fn == nil then fn, name = name, kind end
    local line = caller_line(2)
    local trace = rich and trace_at(2, name) or nil
    local function add(f)
      if type(f) ~= "function" then
        error("bad argument #2 to '" .. kind .. "' (function expected, got " .. type(f) .. ")", 3)
      end
      local b = new_block("describe", tostring(name), f, current, line, envmode)
      b.insulate = envmode == "insulate"
      b.expose = envmode == "expose"
      b.trace = trace
      if opts.lines then b.last = debug.getinfo(f, "S").lastlinedefined end
      current.children[#current.children + 1] = b
    end
    if fn == nil then return add end
    add(fn)
  end
end

local register_named

local function register_test(kind, is_pending)
  return function(name, fn)
    if running_hook or (running_test and not is_pending) then reject(kind) end
    if running_test and is_pending then
      -- pending("reason") inside a test: mark it pending and stop it. As
      -- busted, it is reported where pending was called, with that
      -- position on the message; `raw` is what pending was given.
      local _, positioned = pcall(error, tostring(name), 3)
      error(setmetatable({ message = positioned, raw = name }, pending_mt), 2)
    end
    if type(name) == "function" and fn == nil then fn, name = name, kind end
    if fn ~= nil and type(fn) ~= "function" and not (getmetatable(fn) or {}).__call then
      error("bad argument #2 to '" .. kind .. "' (function expected, got " .. type(fn) .. ")", 2)
    end
    -- Where the test is defined: a helper the spec requires may define it
    -- (busted then names that file).
    local line, defined_in = host_line(2, spec_source)  -- 2: the caller of it()
    -- As busted: `it("name")` without a body registers nothing (only
    -- `pending("name")` makes a pending test) and returns the function that
    -- registers it, so `it 'name' (function() ... end)` works.
    if fn == nil and not is_pending then
      return function(f)
        if type(f) ~= "function" and not (getmetatable(f) or {}).__call then
          error("bad argument #1 to '" .. kind .. " " .. tostring(name) .. "' (function expected, got " .. type(f) .. ")", 2)
        end
        register_named(kind, is_pending, name, f, line, defined_in, 3)  -- not a tail call: levels count
      end
    end
    register_named(kind, is_pending, name, fn, line, defined_in, 3)  -- not a tail call: levels count
  end
end

-- Registers test `name` with body `fn`, defined at `line`; `level` is the
-- stack level, as seen from here, of the code that called it() (or the
-- function a curried it() returned).
register_named = function(kind, is_pending, name, fn, line, defined_in, level)
  name = tostring(name)
  next_id = next_id + 1
  local t = { kind = "it", name = name, fn = fn, parent = current, line = line, full_name = joined_name(current, name),
    file = opts.file, defined_in = defined_in, id = next_id,
    descriptor = is_pending and "pending" or "it", attributes = is_pending and attributes_of.pending or no_attributes }
  if rich then t.trace = trace_at(level, name) end
  -- busted lists a test registered in a file's main chunk (not inside a
  -- describe) by its name alone.
  if opts.list and getinfo(level, "S").what == "main" then t.in_main = true end
  if is_pending then t.pending = true end
  if opts.lines and type(fn) == "function" then t.last = debug.getinfo(fn, "S").lastlinedefined end
  current.children[#current.children + 1] = t
end

-- `alias`: the name busted gives a hook registered under another name
-- (`setup` is strict_setup's, or lazy_setup's under --lazy); others have
-- none and are named by their descriptor.
local function register_hook(list, alias)
  return function(fn)
    if running_test or running_hook then reject(alias or list) end
    if type(fn) ~= "function" then
      error("bad argument #1 to '" .. (alias or list) .. "' (function expected, got " .. type(fn) .. ")", 2)
    end
    local hooks = current[list]
    next_id = next_id + 1
    hooks[#hooks + 1] = { fn = fn, line = caller_line(2), owner = current, kind = list, name = alias,
      trace = rich and trace_at(2, alias) or nil, id = next_id, descriptor = list, attributes = attributes_of.hook,
      parent = current }
    -- busted keeps hooks among a block's children, where a shuffle moves
    -- them too: their places are kept so a shuffle sees the same list.
    local slots = current.hook_slots or {}
    slots[#slots + 1] = #current.children
    current.hook_slots = slots
  end
end

busted.describe = register_block("describe")
busted.context = register_block("context")
busted.insulate = register_block("insulate", "insulate")
busted.expose = register_block("expose", "expose")
busted.it = register_test("it")
busted.spec = register_test("spec")
busted.test = register_test("test")
busted.pending = register_test("pending", true)
busted.before_each = register_hook("before_each")
busted.after_each = register_hook("after_each")
busted.lazy_setup = register_hook("lazy_setup")
busted.lazy_teardown = register_hook("lazy_teardown")
busted.strict_setup = register_hook("strict_setup")
busted.strict_teardown = register_hook("strict_teardown")
local strict_aliases = { register_hook("strict_setup", "setup"), register_hook("strict_teardown", "teardown") }
local lazy_aliases = { register_hook("lazy_setup", "setup"), register_hook("lazy_teardown", "teardown") }
busted.setup, busted.teardown = strict_aliases[1], strict_aliases[2]

function busted.finally(fn)
  if not running_test or running_hook then reject("finally") end
  running_test.finally = fn
end

function busted.randomize(...)
  if running_test or running_hook then reject("randomize") end
  local n = select("#", ...)
  local on = n == 0 or (...)
  current.randomize = on and true or false
  -- `randomize()` and `randomize(true)` keep the run's seed, as busted's.
  local first, second = ...
  if on then current.seed = tonumber(first) or tonumber(second) end
end

function busted.fail(message, level)
  luassert.fail(message, (level or 1) + 1)
end

-- require("busted").assert and friends, as busted exports them.
busted.assert = luassert.assert
busted.spy = luassert.spy
busted.stub = luassert.stub
busted.mock = luassert.mock
busted.match = luassert.match

busted.gettime = host_gettime or os.time
busted.monotime = function() return host_clock() end
busted.sleep = host.sleep

-- busted's event bus -----------------------------------------------------
--
-- What busted publishes through its mediator (mediator_lua's semantics): a
-- channel per name path ({ "test", "end" }), its subscribers sorted by
-- priority, each called with the event's arguments when its predicate (if
-- any) agrees; a subscriber that does not return (value, true) stops the
-- event, else it goes on to the parent channel's ({ "test" }, then the
-- root's). A spec or a --helper subscribes in its own Lua state: it sees
-- the events of the files that state runs (one, unless an expose carried
-- it into the next), between a `suite start` before the first and a
-- `suite end` and `exit` after the last.

local function new_channel(namespace, parent)
  return { namespace = namespace, parent = parent, callbacks = {}, channels = {} }
end
local root_channel = new_channel("root")

local function channel_of(names)
  local c = root_channel
  for i = 1, #names do
    local n = names[i]
    local sub = c.channels[n]
    if not sub then sub = new_channel(n, c) c.channels[n] = sub end
    c = sub
  end
  return c
end

local next_subscriber = 0

function busted.subscribe(names, fn, options)
  if type(names) ~= "table" then error("bad argument #1 to 'subscribe' (table of channel names expected, got " .. type(names) .. ")", 2) end
  local c = channel_of(names)
  options = options or {}
  next_subscriber = next_subscriber + 1
  local sub = { id = next_subscriber, fn = fn, options = options, channel = c }
  function sub.update(self, o)
    if o then self.fn = o.fn or self.fn; self.options = o.options or self.options end
  end
  local at = #c.callbacks + 1
  if type(options.priority) == "number" and options.priority >= 0 and options.priority < at then at = options.priority end
  table.insert(c.callbacks, at, sub)
  observed, rich = true, true
  return sub
end

local function find_subscriber(c, id)
  for i = 1, #c.callbacks do
    if c.callbacks[i].id == id or c.callbacks[i] == id then return c, i end
  end
  for _, sub in pairs(c.channels) do
    local found, i = find_subscriber(sub, id)
    if found then return found, i end
  end
end

function busted.unsubscribe(id, names)
  local c, i = find_subscriber(channel_of(names or {}), id)
  if c then return table.remove(c.callbacks, i) end
end

local function publish_in(c, result, ...)
  local callbacks = c.callbacks
  for i = 1, #callbacks do
    local cb = callbacks[i]
    if cb and (not cb.options.predicate or cb.options.predicate(...)) then
      local value, continue = cb.fn(...)
      if value then result[#result + 1] = value end
      if not continue then return result end
    end
  end
  if c.parent then return publish_in(c.parent, result, ...) end
  return result
end

function busted.publish(names, ...)
  return publish_in(channel_of(names), {}, ...)
end

busted.parent = function(element) return element and parent_of(element) end
busted.children = function(element)
  if not element then return {} end
  local out = {}
  for _, c in ipairs(element.children or {}) do out[#out + 1] = c end
  return out
end
busted.bindfenv = function() end

-- Names, tags, selection ------------------------------------------------

local function full_name(node)
  return node.full_name or joined_name(node.parent, node.name)
end

-- busted's own test of a tag: `name:find("#" .. tag)`, so a tag is a Lua
-- pattern (`--tags=5.1%+` selects `plus #5.1+`, `--tags=slow` selects
-- `#slowest`, and `needs-net` matches nothing because `-` is a pattern
-- character). A malformed pattern matches nothing.
local function has_tag(name, tag)
  local ok, found = pcall(string.find, name, "#" .. tag)
  return ok and found ~= nil
end

-- busted checks --tags against the test's full name, and --exclude-tags
-- against each block's own name as it is registered (a describe whose name
-- has the tag is never entered).
local function excluded_by_tag(test, tag)
  local node = test
  while node and node.kind ~= "file" do
    if has_tag(node.name or "", tag) then return true end
    node = node.parent
  end
  return false
end

local function any_match(name, patterns)
  for _, p in ipairs(patterns) do
    local ok, found = pcall(string.find, name, p)
    if ok and found then return true end
  end
  return false
end

-- 32-bit FNV-1a: the same partition on every machine.
local function fnv1a(s)
  local h = 2166136261
  for i = 1, #s do
    h = h ~ s:byte(i)
    h = (h * 16777619) & 0xffffffff
  end
  return h
end

local seen_names = {}

local skip_counts  -- tests a previous worker already reported (it died)

-- `spec/x_spec.lua:58`: the test whose `it(...)` through its end holds line
-- 58; or, when the line is in a describe but in none of its tests, every
-- test of that describe (marked by mark_lines as the blocks run).
local function within(line, node)
  return line >= (node.line or 0) and line <= (node.last or node.line or 0)
end

local function mark_lines(block)
  for _, n in ipairs(opts.lines) do
    local inner = false
    for _, child in ipairs(block.children) do
      if within(n, child) then
        inner = true
        if child.kind == "it" then child.line_hit = true end
      end
    end
    if not inner and block.kind ~= "file" and within(n, block) then block.line_all = true end
  end
end

local function line_selected(test)
  if test.line_hit then return true end
  local b = test.parent
  while b do
    if b.line_all then return true end
    b = b.parent
  end
  return false
end

local function selected(test, name)
  if opts.lines and not line_selected(test) then return false end
  if skip_counts and not opts.list then
    local n = skip_counts[name]
    if n and n > 0 then
      skip_counts[name] = n - 1
      return false
    end
  end
  if #opts.tags == 0 and #opts.exclude_tags == 0 and #opts.filter == 0
    and #opts.filter_out == 0 and opts.shard_count <= 1 then
    return true
  end
  if #opts.tags > 0 then
    local hit = false
    for _, t in ipairs(opts.tags) do if has_tag(name, t) then hit = true break end end
    if not hit then return false end
  end
  for _, t in ipairs(opts.exclude_tags) do
    if excluded_by_tag(test, t) then return false end
  end
  if #opts.filter > 0 and not any_match(name, opts.filter) then return false end
  if #opts.filter_out > 0 and any_match(name, opts.filter_out) then return false end
  if opts.shard_count > 1 then
    local k = name
    seen_names[k] = (seen_names[k] or 0) + 1
    local key = opts.file .. "\0" .. name .. "\0" .. seen_names[k]
    if fnv1a(key) % opts.shard_count ~= opts.shard_index - 1 then return false end
  end
  return true
end

-- Running ---------------------------------------------------------------

-- busted's shuffle, to the letter: Lua's own generator seeded with the
-- seed for every block shuffled, so `--shuffle --seed N` runs tests in
-- busted's order (and code that draws math.random after it sees what it
-- sees under busted).
local randomseed, random = math.randomseed, math.random
local function shuffle(list, seed)
  if seed then randomseed(seed) end
  local n = #list
  while n >= 2 do
    local k = random(n)
    list[n], list[k] = list[k], list[n]
    n = n - 1
  end
end


-- Keeps the frames a user wants to see: the spec and its helpers, not the
-- framework, not C functions.
local function trim_traceback(tb, through_c)
  local out = {}
  for line in tostring(tb):gmatch("[^\n]+") do
    if line:match("^%s") then
      if line:find("%[C%]") then
        -- As busted: the trace ends at the first C function below the
        -- user's frames (require, pcall, table.sort, the runner's own call).
        -- A handler's trace goes on through the bridge's call (through_c),
        -- down to the line that tapped.
        if #out > 0 and not through_c then break end
      -- The framework's bytecode carries no source names: its frames read "?".
      elseif not line:find("%[buttonkit") and not line:match("^%s+%?[:%s]") then
        out[#out + 1] = line
      end
    end
  end
  return table.concat(out, "\n")
end

-- A table raised as an error reads like any other value (as busted shows
-- it with pl.pretty): keys sorted, nested tables indented, cycles named.
local function pretty(v, indent, seen)
  if type(v) == "string" then return string.format("%q", v) end
  if type(v) ~= "table" then return tostring(v) end
  if seen[v] then return "<cycle>" end
  local mt = getmetatable(v)
  if type(mt) == "table" and mt.__tostring then return tostring(v) end
  seen[v] = true
  local keys = {}
  for k in pairs(v) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b)
    if type(a) == type(b) and (type(a) == "number" or type(a) == "string") then return a < b end
    return type(a) < type(b)
  end)
  local inner, parts = indent .. "  ", {}
  for _, k in ipairs(keys) do
    local key = type(k) == "string" and k:match("^[%a_][%w_]*$") and k or ("[" .. pretty(k, inner, seen) .. "]")
    parts[#parts + 1] = inner .. key .. " = " .. pretty(v[k], inner, seen)
  end
  seen[v] = nil
  if #parts == 0 then return "{}" end
  return "{\n" .. table.concat(parts, ",\n") .. "\n" .. indent .. "}"
end

-- busted's rewriteMessage: a value with a text of its own reads as that
-- text (strings, failures, pending), any other as pl.pretty writes it, nil
-- as "Nil error"; then, unless it already starts with `file:line: `, the
-- place it was raised is put in front (`where`: the first frame that is
-- neither C nor the framework, as the host's message handler saw it).
local function message_of(e)
  if type(e) == "string" then return e end
  local mt = getmetatable(e)
  if (type(mt) == "table" and mt.__tostring) then return tostring(e) end
  if e == nil then return "Nil error" end
  if type(e) == "table" then return pretty(e, "", {}) end
  return tostring(e)
end

-- What an error object says, read under a deadline: its __tostring,
-- __pairs, __index (pretty reads fields) are the spec's code, run after the
-- test's own call returned. The test's timeout bounds them, or
-- RENDER_LIMIT seconds when the run has none; one that fails or overruns
-- reads as what happened instead (a looping __tostring ends the test, not
-- the run).
local RENDER_LIMIT = 5
local function readable(e)
  if type(e) == "string" or type(e) == "number" or e == nil or type(e) == "boolean" then return message_of(e) end
  local limit = opts.timeout > 0 and opts.timeout or RENDER_LIMIT
  local ok, msg, why = host_call(host_clock() + limit, limit, message_of, e)
  if ok and type(msg) == "string" then return msg end
  if ok then return "(the error object's __tostring returned a " .. type(msg) .. ", not a string)" end
  if why == "timeout" then
    return "(the error object could not be read: its __tostring or fields did not return within " .. string.format("%g", limit) .. " s)"
  end
  if why == "memory" then return "(the error object could not be read: memory limit exceeded)" end
  return "(the error object could not be read: " .. (type(msg) == "string" and msg or "it raised a " .. type(msg)) .. ")"
end

local function positioned(msg, where)
  if where and type(msg) == "string" and not msg:find("^[^\n]-:%d+: ") then
    return where.short_src .. ":" .. tostring(where.currentline) .. ": " .. msg
  end
  return msg
end

-- An error raised in an event handler arrives with the handler's traceback
-- in its message (the touch that fired it completed first). That traceback
-- is the precise one, so it becomes the test's: one traceback, user frames.
local function split_handler_traceback(msg, tb)
  if type(msg) ~= "string" then return msg, tb end
  local at = msg:find("\nstack traceback:\n", 1, true)
  if not at then return msg, tb end
  -- Only Lua's own traceback (every line after the marker a tab-led frame)
  -- is split off; a message that merely quotes one (a server's reply, a
  -- child's stderr) is the user's text and stays whole.
  local rest = msg:sub(at + #"\nstack traceback:\n")
  for line in rest:gmatch("[^\n]+") do
    if line:sub(1, 1) ~= "\t" then return msg, tb end
  end
  return msg:sub(1, at - 1), trim_traceback(rest, true)
end

-- Runs fn until `deadline` (clock() seconds; nil: no limit) through the
-- host's limited call; returns status ("success", "failure", "error",
-- "pending"), message and traceback. A limit that fired cannot be caught
-- inside fn: it re-fires until this call returns.
-- After a test reaches the memory ceiling, what it allocated is collected
-- at once; when the file itself still holds most of the ceiling (a global or
-- an upvalue kept it), later tests would fail on their first allocation and
-- be blamed wrongly, so they are not run and say why (memory_held).
local memory_held
local collect = collectgarbage

local function safe(fn, deadline)
  local ok, e, why, tb, where, appended = host_call(deadline or 0, opts.timeout, fn)
  if ok then return "success" end
  tb = tb and trim_traceback(tb) or nil
  if why == "memory" then
    e = nil
    collect("collect")
    local held = collect("count") / 1024
    if opts.max_memory > 0 and held > opts.max_memory * 0.9 then
      memory_held = string.format("not run: the spec file still holds %.0f MB of its %d MB after %s reached the limit"
        .. " (what it allocated is kept by a global or an upvalue)", held, opts.max_memory,
        running_test and ("'" .. running_test.full_name .. "'") or "a block")
    end
    return "error", "memory limit exceeded (" .. opts.max_memory .. " MB per spec file)", tb
  end
  if why ~= "error" then return "error", readable(e), tb end
  -- Only a string error can carry a handler's traceback: an assertion's
  -- failure is a table whose message is the user's text, kept whole even
  -- when it quotes a traceback (captured stderr of a child process).
  local msg, trace
  -- Only the traceback the host added (a handler's error raised again past
  -- b:tap()) is split off; a message that carries its own, as busted keeps
  -- it (`error(debug.traceback("boom", 1), 0)`), stays whole.
  if appended then msg, trace = split_handler_traceback(e, tb)
  else msg, trace = readable(e), tb end
  return errortype(e), positioned(msg, where), trace, e, where
end

-- A deadline `opts.timeout` from now (nil when there is no limit).
local function fresh_deadline()
  local t = opts.timeout
  if t > 0 then return host_clock() + t end
  return nil
end

-- A test of this file failed, errored, or went pending while its body ran:
-- it may not have reached every assertion it makes, snapshots included. (A
-- pending placeholder, with no body, holds no snapshot.)
local file_incomplete = false

-- Rich mode: busted's values as JSON ---------------------------------------
--
-- A result's record carries busted's formatted entry (what its base output
-- handler keeps: `name`, `message`, `trace`, `element`, `isError`,
-- `randomseed`), and describes send their start and end, so `-o json` and
-- output handlers in the runner see what busted's see.

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
-- inside itself is null. Raw reads only: no metamethod of a spec's value
-- runs here.
local function json(v, seen)
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
    for i = 1, max do parts[i] = json(rawget(v, i), seen) end
    seen[v] = nil
    return "[" .. table.concat(parts, ",") .. "]"
  end
  for k, x in next, v do
    local tx = type(x)
    if tx ~= "function" and tx ~= "userdata" and tx ~= "thread" then
      local key = type(k) == "string" and k or (type(k) == "number" and tostring(k)) or nil
      if key then parts[#parts + 1] = json_string(key) .. ":" .. json(x, seen) end
    end
  end
  seen[v] = nil
  return "{" .. table.concat(parts, ",") .. "}"
end

-- busted's clocks on an element: set when its start and end are published.
local function start_element(node)
  node.starttick, node.starttime = host_clock(), busted.gettime()
end
local function end_element(node)
  node.endtime, node.endtick = busted.gettime(), host_clock()
  node.duration = node.starttick and (node.endtick - node.starttick)
end

-- The element as busted's base handler copies it (no functions, no env);
-- `ended`: the copy is made after the element's end (a success, a pending
-- test), not at a failure.
local function element_of(node, ended)
  if node.kind == "hook" then
    local h = node.hook
    return { descriptor = h.kind, name = h.name, attributes = attributes_of.hook, trace = h.trace }
  end
  local e = { descriptor = node.descriptor, name = node.name, attributes = node.attributes, trace = node.trace,
    starttick = node.starttick, starttime = node.starttime }
  if ended then e.endtick, e.endtime, e.duration = node.endtick, node.endtime, node.duration end
  return e
end

-- The error's trace as busted's getTrace builds it: where it was raised
-- (`where`, from the host's message handler), the traceback to the first
-- C function, and the error value itself as `message` (a failure or a
-- pending as the object busted makes: its message only).
local function error_trace(where, tb, raw)
  if not where then return nil end
  local mt = getmetatable(raw)
  if mt == failure_mt then raw = { message = raw.message }
  elseif mt == pending_mt then raw = { message = raw.raw } end
  return { source = where.source, short_src = where.short_src, what = where.what, currentline = where.currentline,
    linedefined = where.linedefined, lastlinedefined = where.lastlinedefined,
    traceback = "\nstack traceback:\n" .. ((tb and tb ~= "") and (tb .. "\n") or ""), message = raw }
end

local function node_id(node)
  if not node then return nil end
  if node.kind == "hook" then return node.hook.id end
  return node.id
end

local function payload(node, status, message, errtrace)
  local ended = status == "success" or status == "pending"
  local el = element_of(node, node.kind == "it" and ended)
  el.trace = el.trace or errtrace
  local parent = node.kind == "hook" and node.hook.owner or parent_of(node)
  local fname = node.full_name
  if fname == nil or fname == "" then fname = node.name end
  local entry = {
    name = fname, message = message,
    trace = errtrace or el.trace, element = el,
    isError = (status == "error") or nil,
    randomseed = parent and parent.randomseed,
  }
  return json({ id = node_id(node), parent = node_id(parent), entry = entry }, {})
end

local function send_block(event, block)
  if host_block and block.kind ~= "file" then
    host_block(json({ event = event, id = block.id, parent = node_id(block.parent), element = element_of(block, event == "end") }, {}))
  end
end

-- Events in the spec's own state ----------------------------------------

local suite_started = false
local test_start, test_end = { "test", "start" }, { "test", "end" }
local describe_start, describe_end = { "describe", "start" }, { "describe", "end" }
local file_start, file_end = { "file", "start" }, { "file", "end" }

local report

-- Publishes through busted's safe call: a subscriber that fails is an
-- error of the element it was told about, as under busted (it then counts
-- as an error of its own, named after the element). `quiet`: the caller
-- reports it (a test whose start failed is that error).
local function emit(element, names, quiet, ...)
  local args = table.pack(...)
  local function publish() publish_in(channel_of(names), {}, table.unpack(args, 1, args.n)) end
  local st, msg, tb, raw, where = safe(publish, fresh_deadline())
  if st == "success" then return true end
  if quiet then return false, msg, tb, error_trace(where, tb, raw) end
  local name = element.full_name
  if name == nil or name == "" then name = element.name or table.concat(names, " ") end
  report({ kind = "block", name = name, full_name = name, line = element.line or 0, parent = element.parent },
    "error", msg, tb, nil, nil, nil, error_trace(where, tb, raw))
  return false
end

-- Reporting ---------------------------------------------------------------

report = function(node, status, message, traceback, started, output, details, errtrace)
  if status ~= "success" and status ~= "pending" then file_incomplete = true end
  local name = full_name(node)
  local data = rich and payload(node, status, message, errtrace) or nil
  -- Pending tests' names: their snapshots are kept for when they run again.
  if status == "pending" then busted.pending_names[#busted.pending_names + 1] = name end
  -- As busted: an error outside a test is published for its element, with
  -- no test events (a test's own come from run_test).
  if observed and status == "error" and node.kind ~= "it" and node.kind ~= "block" then
    local el = node.kind == "hook" and node.hook or node
    emit(el, { "error", el.descriptor or el.kind }, false, el, node.kind == "hook" and node.hook.owner or parent_of(node),
      message, errtrace)
  end
  -- A file's top level that raised is reported where it raised, when the
  -- message names the file (`spec/x_spec.lua:1: module 'x' not found`).
  if node.kind == "file" and (node.line or 0) == 0 and type(message) == "string" then
    if message:sub(1, #node.name + 1) == node.name .. ":" then
      local at = tonumber(message:match("^(%d+):", #node.name + 2))
      if at then node = { kind = "file", name = node.name, line = at, last = node.last } end
    else
      -- Raised in a module the spec loads: busted names that file and line.
      local path, at = message:match("^([^\n:]+%.lua):(%d+): ")
      if path then node = { kind = "file", name = node.name, line = tonumber(at), last = node.last, defined_in = path } end
    end
  end
  -- An error outside a test says where it came from (busted counts it
  -- without a test event): a describe or file, or a hook.
  if status == "error" and node.kind ~= "it" then
    status = node.kind == "hook" and "error@hook" or "error@block"
  end
  if name == "" then name = node.name end
  -- Positional arguments: no table to build per test.
  host_report(status, name, node.line or 0, started and (host_clock() - started) or 0,
    message, traceback, output, details, node.defined_in, data)
  if opts.fail_fast and (status == "failure" or status == "error") then stop_all = true end
end

local chain_keys = { before_each = "chain_before_each", after_each = "chain_after_each" }

local function hook_chain(block, list, from_leaf_up)
  local key = chain_keys[list]
  local chain = block[key]
  if chain then return chain end
  local blocks = {}
  local b = block
  while b do table.insert(blocks, 1, b) b = b.parent end
  chain = {}
  local first, last, step = 1, #blocks, 1
  if from_leaf_up then first, last, step = #blocks, 1, -1 end
  for i = first, last, step do
    for _, h in ipairs(blocks[i][list]) do chain[#chain + 1] = h end
  end
  block[key] = chain
  return chain
end

-- The node a failed hook is reported as: `<block's full name> <hook>`,
-- the hook named as busted names it (`setup` when registered as setup,
-- `strict_setup` when as strict_setup).
local function hook_node(h)
  local name = joined_name(h.owner, h.name or h.kind)
  return { kind = "hook", name = name, full_name = name, line = h.line, parent = h.owner, hook = h }
end

-- Runs a hook chain. As busted, a hook that fails is an error of its own,
-- named after the block that declared it (`outer before_each`) at the
-- hook's line: before_each stops at the first failure (and its test does
-- not run, nor count), after_each hooks all run. True when all passed.
local function run_hook(h, deadline)
  local was = running_hook
  running_hook = true
  local st, msg, tb, raw, where = in_env(h, safe, h.fn, deadline)
  running_hook = was
  if st == "success" then return true end
  report(hook_node(h), "error", msg, tb, nil, nil, nil, error_trace(where, tb, raw))
  return false
end

local function run_hooks(list, from_leaf_up, block, deadline)
  local chain = hook_chain(block, list, from_leaf_up)
  local ok = true
  for i = 1, #chain do
    if not run_hook(chain[i], deadline) then
      ok = false
      if not from_leaf_up then return false end
    end
  end
  return ok
end

-- lazy_setup runs once per block, before the first test that runs in it.
local function ensure_lazy(block)
  if not block then return true end
  if not ensure_lazy(block.parent) then return false end
  if block.lazy_done ~= nil then return block.lazy_done end
  block.lazy_done = true
  for _, h in ipairs(block.lazy_setup) do
    if not run_hook(h, fresh_deadline()) then block.lazy_done = false end
  end
  return block.lazy_done
end

-- Output of print/io.write during a test is captured (and echoed when asked).
local real_print, real_write = print, io.write
local captured
local capture_print, capture_write

-- Where an echo goes: standard output, or standard error beside a document.
local function echo(...)
  if opts.echo_stderr then
    io.stderr:write(...)
    return io.stdout
  end
  return real_write(...)
end

-- Only the framework's own print/io.write are swapped: a spec that stubbed or
-- replaced one in setup, lazy_setup or a describe body keeps it for the
-- whole test (busted never touches them), so `assert.stub(print)` sees the
-- test's calls and `print:revert()` in teardown finds its stub in place.
local function start_capture()
  captured = nil  -- made on the first print
  if rawequal(print, real_print) then print = capture_print end
  if rawequal(io.write, real_write) then io.write = capture_write end
end

do
  capture_print = function(...)
    local n = select("#", ...)
    local parts = {}
    for i = 1, n do parts[i] = tostring((select(i, ...))) end
    local line = table.concat(parts, "\t") .. "\n"
    captured = captured or {}
    captured[#captured + 1] = line
    if opts.echo then echo(line) end
  end
  capture_write = function(...)
    captured = captured or {}
    for i = 1, select("#", ...) do
      local v = select(i, ...)
      captured[#captured + 1] = tostring(v)
    end
    if opts.echo then return echo(...) end
    return io.stdout
  end
end

local function stop_capture()
  if rawequal(print, capture_print) then print = real_print end
  if rawequal(io.write, capture_write) then io.write = real_write end
  local out = captured and table.concat(captured) or nil
  captured = nil
  return out
end

local select_all, listing, timeout, report_starts  -- from the options, per file

local function run_test(test)
  if stop_all then return end
  local name = test.full_name
  if not (select_all or selected(test, name)) then return end
  if listing then
    host.report("listed", name, test.in_main and 0 or test.line or 0, 0)
    return
  end
  local parent = test.parent
  if test.pending then
    -- busted's pending executor: a start and an end, nothing run.
    if rich then start_element(test) end
    if observed then emit(test, test_start, false, test, parent) end
    if rich then end_element(test) end
    report(test, "pending", nil, nil, host_clock())
    if observed then emit(test, test_end, false, test, parent, "pending") end
    return
  end
  if memory_held then
    report(test, "error", memory_held, nil, host_clock())
    return
  end
  if parent.lazy_done ~= true and not ensure_lazy(parent) then return end
  busted.failure_details = nil
  local started = host_clock()
  local mark_spies, mark_generation = luassert_mark()
  busted.current_test = test
  start_capture()
  host_activity(name, test.line or 0)
  -- The test's time covers before_each and its body; cleanup (finally,
  -- after_each) gets a time of its own, so it runs even after a timeout.
  local deadline = timeout > 0 and started + timeout or nil
  local status, msg, tb, raw, where, errtrace
  local ran = run_hooks("before_each", false, parent, deadline)
  if ran then
    if rich then start_element(test) end
    if report_starts then
      host.started(name, test.line or 0, test.defined_in,
        rich and json({ id = test.id, parent = node_id(parent), element = element_of(test) }, {}) or nil)
    end
    local started_ok = true
    if observed then
      -- As busted: a subscriber that fails on the start makes the test an
      -- error, and its body does not run.
      started_ok, msg, tb, errtrace = emit(test, test_start, true, test, parent)
      if not started_ok then status = "error" end
    end
    if started_ok then
      running_test = test
      status, msg, tb, raw, where = in_env(test, safe, test.fn, deadline)
      running_test = nil
      errtrace = where and error_trace(where, tb, raw)
      if test.finally then
        running_hook = true
        local fst, fmsg, ftb, fraw, fwhere = in_env(test, safe, test.finally, fresh_deadline())
        running_hook = false
        if status == "success" and fst ~= "success" then
          status, msg, tb, errtrace = fst, fmsg, ftb, fwhere and error_trace(fwhere, ftb, fraw)
        end
      end
    end
  end
  local output = stop_capture()
  -- As busted: the test's end is reported, then after_each runs (a failing
  -- one is an error of its own, after the test).
  if ran then
    if status == "success" then msg, tb, errtrace = nil, nil, nil end
    if status == "pending" then file_incomplete = true end
    local details = status == "failure" and busted.failure_details or nil
    busted.failure_details = nil
    if rich then end_element(test) end
    report(test, status, msg, tb, started, output, details, errtrace)
    if observed then
      if status ~= "success" then emit(test, { status, "it" }, false, test, parent, msg, errtrace) end
      emit(test, test_end, false, test, parent, status)
    end
  end
  if #hook_chain(parent, "after_each", true) > 0 then run_hooks("after_each", true, parent, fresh_deadline()) end
  luassert_revert_to(mark_spies, mark_generation)
  busted.current_test = nil
end

local run_block

-- busted's insulation: the globals (raw, with _G's metatable) and
-- package.loaded as they were, to put back when the block ends.
local function snapshot_globals()
  local g, loaded = {}, {}
  for k, v in next, _G do g[k] = v end
  for k, v in next, loaded_modules do loaded[k] = v end
  return { g = g, loaded = loaded, gmt = getmetatable(_G) }
end

local function restore_globals(state)
  pcall(setmetatable, _G, state.gmt)
  -- Clearing fields while next() walks the table is allowed; adding is not.
  for k in next, _G do rawset(_G, k, state.g[k]) end
  for k, v in next, state.g do
    if rawget(_G, k) == nil then rawset(_G, k, v) end
  end
  for k in next, loaded_modules do rawset(loaded_modules, k, state.loaded[k]) end
end

-- Set when an expose block directly in the file ended: the files after it
-- see what it carried (the worker runs them in this state).
local exposed

-- An expose ended: what its block set in the globals, and package.loaded
-- as it is now, become part of what the insulated block around it (the
-- file, or an insulate) puts back when it ends. (busted keeps the globals
-- its expose blocks set, and package.loaded whole.)
local function carry(block, before)
  local outer = block.parent
  local g = {}
  for k, v in next, outer.saved.g do g[k] = v end
  for k, v in next, _G do
    if before[k] ~= v then g[k] = v end
  end
  for k in next, before do
    if rawget(_G, k) == nil then g[k] = nil end
  end
  local loaded = {}
  for k, v in next, loaded_modules do loaded[k] = v end
  outer.saved = { g = g, loaded = loaded, gmt = outer.saved.gmt }
  if outer.kind == "file" then exposed = true end
end

run_block = function(block)
  if stop_all then return end
  local is_file = block.kind == "file"
  -- An insulated block puts the globals back when it ends; the file is one
  -- too, as in busted (in a fresh state that matters only when an expose
  -- carries the state on into the next file).
  if block.insulate or is_file then block.saved = snapshot_globals() end
  local before
  if block.expose and block.parent and block.parent.saved then
    before = {}
    for k, v in next, _G do before[k] = v end
  end
  local parent = parent_of(block)
  if rich then
    start_element(block)
    send_block("start", block)
  end
  if observed then
    if is_file then emit(block, file_start, false, block) else emit(block, describe_start, false, block, parent) end
  end
  local saved = current
  current = block
  local st, msg, tb, raw, where = in_env(block, safe, block.fn, fresh_deadline())
  current = saved
  if st ~= "success" then
    report(block, "error", msg, tb, nil, nil, nil, where and error_trace(where, tb, raw))
  else
    if opts.lines then mark_lines(block) end
    -- As busted: sorting wins over shuffling; a block's randomize() asks
    -- for its own shuffle.
    if opts.sort then
      table.sort(block.children, function(a, b) return tostring(a.name) < tostring(b.name) end)
    elseif opts.shuffle or block.randomize then
      -- busted shuffles the children with the hooks among them (see
      -- register_hook); the tests' order is what is left without the hooks.
      local all, h, slots = {}, 1, block.hook_slots or {}
      for i = 0, #block.children do
        if i > 0 then all[#all + 1] = block.children[i] end
        while slots[h] == i do all[#all + 1] = false h = h + 1 end
      end
      block.randomseed = block.seed or opts.seed
      shuffle(all, block.randomseed)
      local kept = {}
      for _, c in ipairs(all) do if c then kept[#kept + 1] = c end end
      block.children = kept
    end
    local setup_ok = true
    if not opts.list then
      for _, h in ipairs(block.strict_setup) do
        if not run_hook(h, fresh_deadline()) then
          setup_ok = false
          break
        end
      end
    end
    if setup_ok then
      for _, child in ipairs(block.children) do
        if stop_all then break end
        if child.kind == "it" then run_test(child) else run_block(child) end
      end
    end
    if not opts.list then
      if block.lazy_done ~= nil then
        for _, h in ipairs(block.lazy_teardown) do run_hook(h, fresh_deadline()) end
      end
      for _, h in ipairs(block.strict_teardown) do run_hook(h, fresh_deadline()) end
    end
  end
  if rich then
    end_element(block)
    send_block("end", block)
  end
  if observed then
    if is_file then emit(block, file_end, false, block) else emit(block, describe_end, false, block, parent) end
  end
  if before then carry(block, before) end
  if block.saved then restore_globals(block.saved) end
end

-- The globals a spec sees, as busted exports them.
local exported = {
  "describe", "context", "insulate", "expose", "it", "spec", "test", "pending",
  "before_each", "after_each", "lazy_setup", "lazy_teardown", "strict_setup", "strict_teardown",
  "setup", "teardown", "finally", "randomize",
}

function busted.install_globals()
  for _, k in ipairs(exported) do suite_env[k] = busted[k] end
  suite_env.assert = luassert.assert
  suite_env.spy = luassert.spy
  suite_env.stub = luassert.stub
  suite_env.mock = luassert.mock
  suite_env.match = luassert.match
end

-- Runs one spec file, already loaded by the host (a spec named on the command
-- line is read like `run` reads its script, even outside the working tree);
-- `err` is the load error when `chunk` is nil. `options` come from the
-- command line. Returns true when an expose in the file carries what the
-- state holds into the files after it (the worker then runs them here).
function busted.run(path, chunk, err, options)
  opts = options
  busted.options = options
  rich = rich or options.rich
  if options.lines and #options.lines == 0 then options.lines = nil end
  options.select_all = #options.tags == 0 and #options.exclude_tags == 0 and #options.filter == 0
    and #options.filter_out == 0 and options.shard_count <= 1 and #options.skip == 0 and not options.lines
  select_all, listing, timeout, report_starts = options.select_all, options.list, options.timeout, options.report_starts
  skip_counts = nil
  if #options.skip > 0 then
    skip_counts = {}
    for _, n in ipairs(options.skip) do skip_counts[n] = (skip_counts[n] or 0) + 1 end
  end
  stop_all, memory_held, exposed = false, nil, false
  -- --lazy: setup and teardown mean lazy_setup and lazy_teardown.
  local aliases = options.lazy and lazy_aliases or strict_aliases
  busted.setup, busted.teardown = aliases[1], aliases[2]
  busted.install_globals()
  -- How luassert marks a difference in a table: red where busted's output
  -- would be in colour (its handler, or luassert's own default, decides).
  if not options.shared then luassert.state.parameters.TableErrorHighlightColor = options.highlight or "none" end
  spec_source = "@" .. path
  file_incomplete = false
  busted.pending_names = {}
  -- Under busted the files were shuffled with the seed just before a file's
  -- top level runs: code there that draws math.random sees the generator
  -- as busted leaves it for the first file (and the same for every file).
  if (options.shuffled_files or 0) > 1 and not options.shared then
    randomseed(options.seed)
    for n = options.shuffled_files, 2, -1 do random(n) end
  end
  if observed and not suite_started then
    suite_started = true
    emit(suite, { "suite", "start" }, false, suite, options.run or 1, options.runs or 1,
      options.shuffle and options.seed or nil)
  end
  local root = new_block("file", path, chunk, nil, 0)
  if not chunk then
    report({ kind = "file", name = path, line = 0, id = root.id, descriptor = "file", attributes = root.attributes },
      "error", err)
    return false
  end
  current = root
  run_block(root)
  current = nil
  -- What ran the whole file (no test left out, every test passed, so every
  -- assertion was reached) may tidy up after it: the snapshot assertions
  -- report entries nothing checked.
  local whole = select_all and not listing and not stop_all and not file_incomplete
  -- Each hook under a deadline of its own, as a test's body: a spec can add
  -- one (require('busted').file_end_hooks), and one that fails or loops is
  -- reported against the file instead of hanging or ending the run.
  local hooks = busted.file_end_hooks
  for i = 1, type(hooks) == "table" and rawlen(hooks) or 0 do
    local f = rawget(hooks, i)
    local st, msg, tb = safe(function() f(path, whole) end, fresh_deadline())
    if st ~= "success" then
      report({ kind = "file", name = path, line = 0, id = root.id, descriptor = "file", attributes = root.attributes },
        "error", "a file_end_hooks function failed: " .. tostring(msg), tb)
    end
  end
  return exposed and not stop_all
end

-- After the last file this state runs: busted's `suite end` and `exit`.
function busted.finish()
  if observed and suite_started then
    emit(suite, { "suite", "end" }, false, suite, opts and opts.run or 1, opts and opts.runs or 1)
    emit(suite, { "exit" }, false)
  end
end

-- Functions called with (path, whole_file_ran) when a spec file ends.
busted.file_end_hooks = {}
-- Full names of the tests reported pending in the running file.
busted.pending_names = {}

return busted
