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
local luassert_mark, luassert_revert_to = luassert.mark, luassert.revert_to

local busted = { version = "2.1.1 (buttonkit)" }

local pending_mt = { __tostring = function(p) return tostring(p.message) end, __type = "pending" }

-- Current position in the tree while bodies run.
local current           -- the block whose body is running
local running_test      -- the test whose body is running (finally/pending live here)
local opts              -- options from the host
local stop_all = false  -- fail-fast tripped

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

local function new_block(kind, name, fn, parent, line)
  return {
    kind = kind, name = name, fn = fn, parent = parent, line = line, children = {},
    before_each = {}, after_each = {}, lazy_setup = {}, lazy_teardown = {},
    strict_setup = {}, strict_teardown = {},
    full_name = kind == "file" and "" or joined_name(parent, name),
  }
end

local host_line = host.line
local spec_source -- "@path" of the spec file, for trimming tracebacks and
                  -- telling tests a required helper defines
local function caller_line(level)
  -- line(n) counts from its caller: level + 1 skips caller_line itself.
  return host_line(level + 1)
end

-- Registration ------------------------------------------------------------

local function reject(name)
  error("'" .. name .. "' not supported inside current context block", 3)
end

local function register_block(kind, insulate)
  return function(name, fn)
    if running_test then reject(kind) end
    if type(name) == "function" and fn == nil then fn, name = name, kind end
    local line = caller_line(2)
    local function add(f)
      if type(f) ~= "function" then
        error("bad argument #2 to '" .. kind .. "' (function expected, got " .. type(f) .. ")", 3)
      end
      local b = new_block("describe", tostring(name), f, current, line)
      b.insulate = insulate
      if opts.lines then b.last = debug.getinfo(f, "S").lastlinedefined end
      current.children[#current.children + 1] = b
    end
    if fn == nil then return add end
    add(fn)
  end
end

local function register_test(kind, is_pending)
  return function(name, fn)
    if running_test and not is_pending then reject(kind) end
    if running_test and is_pending then
      -- pending("reason") inside a test: mark it pending and stop it. As
      -- busted, it is reported where pending was called, with that
      -- position on the message.
      local _, positioned = pcall(error, tostring(name), 3)
      error(setmetatable({ message = positioned }, pending_mt), 2)
    end
    if type(name) == "function" and fn == nil then fn, name = name, kind end
    if fn ~= nil and type(fn) ~= "function" and not (getmetatable(fn) or {}).__call then
      error("bad argument #2 to '" .. kind .. "' (function expected, got " .. type(fn) .. ")", 2)
    end
    -- As busted: `it("name")` without a body registers nothing (only
    -- `pending("name")` makes a pending test).
    if fn == nil and not is_pending then return end
    -- Where the test is defined: a helper the spec requires may define it
    -- (busted then names that file).
    local line, defined_in = host_line(2, spec_source)  -- 2: the caller of it()
    name = tostring(name)
    local t = { kind = "it", name = name, fn = fn, parent = current, line = line, full_name = joined_name(current, name),
      file = opts.file, defined_in = defined_in }
    if is_pending then t.pending = true end
    if opts.lines and type(fn) == "function" then t.last = debug.getinfo(fn, "S").lastlinedefined end
    current.children[#current.children + 1] = t
  end
end

local function register_hook(list)
  return function(fn)
    if running_test then reject(list) end
    if type(fn) ~= "function" then
      error("bad argument #1 to '" .. list .. "' (function expected, got " .. type(fn) .. ")", 2)
    end
    local hooks = current[list]
    hooks[#hooks + 1] = { fn = fn, line = caller_line(2), owner = current, kind = list }
    -- busted keeps hooks among a block's children, where a shuffle moves
    -- them too: their places are kept so a shuffle sees the same list.
    local slots = current.hook_slots or {}
    slots[#slots + 1] = #current.children
    current.hook_slots = slots
  end
end

busted.describe = register_block("describe")
busted.context = busted.describe
busted.insulate = register_block("insulate", true)
busted.expose = register_block("expose")
busted.it = register_test("it")
busted.spec = busted.it
busted.test = busted.it
busted.pending = register_test("pending", true)
busted.before_each = register_hook("before_each")
busted.after_each = register_hook("after_each")
busted.lazy_setup = register_hook("lazy_setup")
busted.lazy_teardown = register_hook("lazy_teardown")
busted.strict_setup = register_hook("strict_setup")
busted.strict_teardown = register_hook("strict_teardown")
busted.setup = busted.strict_setup
busted.teardown = busted.strict_teardown

function busted.finally(fn)
  if not running_test then reject("finally") end
  running_test.finally = fn
end

function busted.randomize(...)
  if running_test then reject("randomize") end
  local n = select("#", ...)
  local on = n == 0 or (...)
  current.randomize = on and true or false
  if on then current.seed = tonumber((...)) or tonumber(select(2, ...)) end
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

busted.gettime = os.time
busted.monotime = function() return host.clock() end
busted.publish = function() end
busted.subscribe = function() end
busted.unsubscribe = function() end

-- Names, tags, selection ------------------------------------------------

local function full_name(node)
  return node.full_name or joined_name(node.parent, node.name)
end

local function tags_of(name)
  local tags = {}
  for tag in name:gmatch("#([%w_%-%.]+)") do tags[tag] = true end
  return tags
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
  local tags = tags_of(name)
  if #opts.tags > 0 then
    local hit = false
    for _, t in ipairs(opts.tags) do if tags[t] then hit = true end end
    if not hit then return false end
  end
  for _, t in ipairs(opts.exclude_tags) do if tags[t] then return false end end
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

local function message_of(e)
  if type(e) == "string" then return e end
  local mt = getmetatable(e)
  if (type(mt) == "table" and mt.__tostring) then return tostring(e) end
  if type(e) == "table" and type(e.message) == "string" and (mt == failure_mt or mt == pending_mt) then return e.message end
  if e == nil then return "nil error" end
  if type(e) == "table" then return pretty(e, "", {}) end
  return tostring(e)
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
  local ok, e, why, tb = host_call(deadline or 0, opts.timeout, fn)
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
  if why ~= "error" then return "error", message_of(e), tb end
  -- Only a string error can carry a handler's traceback: an assertion's
  -- failure is a table whose message is the user's text, kept whole even
  -- when it quotes a traceback (captured stderr of a child process).
  local msg, trace
  if type(e) == "string" then msg, trace = split_handler_traceback(e, tb)
  else msg, trace = message_of(e), tb end
  return errortype(e), msg, trace, e
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

local function report(node, status, message, traceback, started, output, details)
  if status ~= "success" and status ~= "pending" then file_incomplete = true end
  local name = full_name(node)
  -- Pending tests' names: their snapshots are kept for when they run again.
  if status == "pending" then busted.pending_names[#busted.pending_names + 1] = name end
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
    message, traceback, output, details, node.defined_in)
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

-- The node a failed hook is reported as: `<block's full name> <hook>`.
local function hook_node(block, word, line)
  local name = joined_name(block, word)
  return { kind = "hook", name = name, full_name = name, line = line, parent = block }
end

-- Runs a hook chain. As busted, a hook that fails is an error of its own,
-- named after the block that declared it (`outer before_each`) at the
-- hook's line: before_each stops at the first failure (and its test does
-- not run, nor count), after_each hooks all run. True when all passed.
local function run_hooks(list, from_leaf_up, block, deadline)
  local chain = hook_chain(block, list, from_leaf_up)
  local ok = true
  for i = 1, #chain do
    local h = chain[i]
    local st, msg, tb = safe(h.fn, deadline)
    if st ~= "success" then
      ok = false
      report(hook_node(h.owner, h.kind, h.line), "error", msg, tb)
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
    local st, msg, tb = safe(h.fn, fresh_deadline())
    if st ~= "success" then
      block.lazy_done = false
      report(hook_node(block, "lazy_setup", h.line),
        "error", msg, tb)
    end
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

local function start_capture()
  captured = nil  -- made on the first print
  print, io.write = capture_print, capture_write
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
  print, io.write = real_print, real_write
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
    host.report("listed", name, test.line or 0, 0)
    return
  end
  if test.pending then
    report(test, "pending", nil, nil, host_clock())
    return
  end
  if memory_held then
    report(test, "error", memory_held, nil, host_clock())
    return
  end
  local parent = test.parent
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
  local status, msg, tb
  local ran = run_hooks("before_each", false, parent, deadline)
  if ran then
    if report_starts then host.started(name, test.line or 0, test.defined_in) end
    running_test = test
    status, msg, tb = safe(test.fn, deadline)
    running_test = nil
    if test.finally then
      local fst, fmsg, ftb = safe(test.finally, fresh_deadline())
      if status == "success" and fst ~= "success" then status, msg, tb = fst, fmsg, ftb end
    end
  end
  if #hook_chain(parent, "after_each", true) > 0 then run_hooks("after_each", true, parent, fresh_deadline()) end
  local output = stop_capture()
  luassert_revert_to(mark_spies, mark_generation)
  busted.current_test = nil
  -- A failed before_each stands for this test: it did not run.
  if not ran then return end
  if status == "success" then msg, tb = nil, nil end
  if status == "pending" then file_incomplete = true end
  local details = status == "failure" and busted.failure_details or nil
  busted.failure_details = nil
  report(test, status, msg, tb, started, output, details)
end

local run_block

local function snapshot_globals()
  local g, loaded = {}, {}
  for k, v in pairs(_G) do g[k] = v end
  for k, v in pairs(package.loaded) do loaded[k] = v end
  return function()
    for k in pairs(_G) do if g[k] == nil then _G[k] = nil end end
    for k, v in pairs(g) do _G[k] = v end
    for k in pairs(package.loaded) do if loaded[k] == nil then package.loaded[k] = nil end end
  end
end

run_block = function(block)
  if stop_all then return end
  local restore = block.insulate and snapshot_globals() or nil
  local saved = current
  current = block
  local st, msg, tb = safe(block.fn, fresh_deadline())
  current = saved
  if st ~= "success" then
    report(block, "error", msg, tb)
    if restore then restore() end
    return
  end
  if opts.lines then mark_lines(block) end
  -- As busted: sorting wins over shuffling; a block's randomize() asks for
  -- its own shuffle.
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
    shuffle(all, block.seed or opts.seed)
    local kept = {}
    for _, c in ipairs(all) do if c then kept[#kept + 1] = c end end
    block.children = kept
  end
  local setup_ok = true
  if not opts.list then
    for _, h in ipairs(block.strict_setup) do
      local s, m, t = safe(h.fn, fresh_deadline())
      if s ~= "success" then
        setup_ok = false
        report(hook_node(block, "setup", h.line), "error", m, t)
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
      for _, h in ipairs(block.lazy_teardown) do
        local s, m, t = safe(h.fn, fresh_deadline())
        if s ~= "success" then report(hook_node(block, "lazy_teardown", h.line), "error", m, t) end
      end
    end
    for _, h in ipairs(block.strict_teardown) do
      local s, m, t = safe(h.fn, fresh_deadline())
      if s ~= "success" then report(hook_node(block, "teardown", h.line), "error", m, t) end
    end
  end
  if restore then restore() end
end

-- The globals a spec sees, as busted exports them.
local exported = {
  "describe", "context", "insulate", "expose", "it", "spec", "test", "pending",
  "before_each", "after_each", "lazy_setup", "lazy_teardown", "strict_setup", "strict_teardown",
  "setup", "teardown", "finally", "randomize",
}

function busted.install_globals()
  for _, k in ipairs(exported) do _G[k] = busted[k] end
  _G.assert = luassert.assert
  _G.spy = luassert.spy
  _G.stub = luassert.stub
  _G.mock = luassert.mock
  _G.match = luassert.match
end

-- Runs one spec file, already loaded by the host (a spec named on the command
-- line is read like `run` reads its script, even outside the working tree);
-- `err` is the load error when `chunk` is nil. `options` come from the
-- command line; `hostfns` are report, timeout, clock, memory_exceeded, ...
function busted.run(path, chunk, err, options)
  opts = options
  busted.options = options
  if options.lines and #options.lines == 0 then options.lines = nil end
  options.select_all = #options.tags == 0 and #options.exclude_tags == 0 and #options.filter == 0
    and #options.filter_out == 0 and options.shard_count <= 1 and #options.skip == 0 and not options.lines
  select_all, listing, timeout, report_starts = options.select_all, options.list, options.timeout, options.report_starts
  if #options.skip > 0 then
    skip_counts = {}
    for _, n in ipairs(options.skip) do skip_counts[n] = (skip_counts[n] or 0) + 1 end
  end
  -- --lazy: setup and teardown mean lazy_setup and lazy_teardown.
  if options.lazy then
    busted.setup, busted.teardown = busted.lazy_setup, busted.lazy_teardown
  else
    busted.setup, busted.teardown = busted.strict_setup, busted.strict_teardown
  end
  busted.install_globals()
  spec_source = "@" .. path
  file_incomplete = false
  busted.pending_names = {}
  -- Under busted the files were shuffled with the seed just before a file's
  -- top level runs: code there that draws math.random sees the generator
  -- as busted leaves it for the first file (and the same for every file).
  if (options.shuffled_files or 0) > 1 then
    randomseed(options.seed)
    for n = options.shuffled_files, 2, -1 do random(n) end
  end
  local root = new_block("file", path, chunk, nil, 0)
  if not chunk then
    report({ kind = "file", name = path, line = 0 }, "error", err)
    return
  end
  current = root
  run_block(root)
  current = nil
  -- What ran the whole file (no test left out, every test passed, so every
  -- assertion was reached) may tidy up after it: the snapshot assertions
  -- report entries nothing checked.
  local whole = select_all and not listing and not stop_all and not file_incomplete
  for _, f in ipairs(busted.file_end_hooks) do f(path, whole) end
end

-- Functions called with (path, whole_file_ran) when a spec file ends.
busted.file_end_hooks = {}
-- Full names of the tests reported pending in the running file.
busted.pending_names = {}

return busted
