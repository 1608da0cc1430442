-- The host of busted output handlers: `buttonkit test -o NAME` where NAME
-- is a module (busted.outputHandlers.NAME, then NAME) or a .lua file
-- written for busted's handler interface.
--
-- Spec files run in worker processes; their results come back to the
-- runner, which calls the functions this chunk returns, in file order.
-- Those rebuild busted's events (suite, file and test starts and ends,
-- failure/error/pending) with elements shaped as busted's, and publish them
-- through a `busted` module with busted's mediator: subscribe with
-- priority and predicate, propagation from `a.b` to `a` to the root while
-- subscribers return `(value, true)`.
--
-- Modules that stock handlers require (busted.outputHandlers.base,
-- busted.languages.en, say, pl.pretty, term, cliargs, dkjson, luassert)
-- are found where the system has them; where it does not, small fallbacks
-- of ours answer, after every other searcher.
local fallbacks, config = ...

local monotime = config.clock
local busted = { version = "2.1.1" }

-- Mediator ----------------------------------------------------------------

local channels = {}   -- "a.b" -> { subscriber, ... }
local next_id = 0

local function channel_key(channel, depth)
  return table.concat(channel, "\0", 1, depth or #channel)
end

function busted.subscribe(channel, fn, options)
  options = options or {}
  local key = channel_key(channel)
  local list = channels[key]
  if not list then list = {} channels[key] = list end
  next_id = next_id + 1
  local sub = { id = next_id, fn = fn, options = options, channel = channel }
  local at = options.priority and math.min(math.max(options.priority, 1), #list + 1) or #list + 1
  table.insert(list, at, sub)
  return sub
end

function busted.unsubscribe(id, channel)
  local list = channels[channel_key(channel)]
  if not list then return end
  for i = #list, 1, -1 do
    if list[i] == id or list[i].id == id then table.remove(list, i) end
  end
end

-- Errors inside a handler are counted (the run then exits 1, as busted's
-- safe_publish makes it) and shown on standard error.
local handler_errors = 0

function busted.publish(channel, ...)
  for depth = #channel, 0, -1 do
    local list = channels[channel_key(channel, depth)]
    if list then
      local copy = { table.unpack(list) }
      for _, sub in ipairs(copy) do
        local pred = sub.options.predicate
        if not pred or pred(...) then
          local ok, _, continue = pcall(sub.fn, ...)
          if not ok then
            handler_errors = handler_errors + 1
            io.stderr:write("buttonkit: the output handler failed on '" .. table.concat(channel, ".") .. "': " .. tostring(_) .. "\n")
            return
          end
          if not continue then return end
        end
      end
    end
  end
end

-- Elements ----------------------------------------------------------------

local parents = setmetatable({}, { __mode = "k" })
function busted.parent(element) return parents[element] end
function busted.children(element) return element.children or {} end
busted.monotime = monotime
busted.gettime = config.gettime
busted.sleep = function() end
busted.fail = function(message) error(message, 2) end
busted.bindfenv = function() end

local suite = { descriptor = "suite", attributes = {}, file = {} }
local files = {}
-- Elements rebuilt from what the workers sent (rich runs: every test,
-- describe and failing hook comes with busted's element as JSON): one
-- table per element and file, so the same describe is the same table at
-- its start, as its children's parent, and at its end.
local elements = {}   -- file -> element id -> element

local running = {}    -- file .. "\0" .. name -> element of a started test
local run_index, run_count = 1, 1

local function trace_of(file, line, message, traceback)
  return {
    short_src = file, source = "@" .. file, what = "Lua", currentline = line,
    message = message,
    traceback = traceback and ("\nstack traceback:\n" .. traceback .. "\n") or nil,
  }
end

-- The line a message starts with (`spec/x_spec.lua:7: ...`): where it was raised.
local function raised_at(message, file, default)
  if type(message) ~= "string" then return default end
  local n = message:sub(1, #file + 1) == file .. ":" and message:match("^(%d+):", #file + 2)
  return tonumber(n) or default
end

local function test_element(file, name, line, descriptor)
  local e = {
    descriptor = descriptor or "it", name = name, attributes = {},
    trace = trace_of(file, line, name, "\t" .. file .. ":" .. line .. ": in main chunk"),
    starttick = monotime(), starttime = config.gettime(),
  }
  parents[e] = files[file]
  return e
end

-- What the runner calls ---------------------------------------------------

local host = {}

function host.suite_start(run, runs, seed)
  run_index, run_count = run, runs
  suite.starttick, suite.starttime = monotime(), config.gettime()
  if run > 1 then busted.publish({ "suite", "reset" }, suite, run, runs) end
  busted.publish({ "suite", "start" }, suite, run, runs, seed)
end

function host.file_start(name)
  local f = { descriptor = "file", name = name, attributes = { envmode = "insulate" },
    starttick = monotime(), starttime = config.gettime() }
  elements[name] = nil
  parents[f] = suite
  files[name] = f
  suite.file[#suite.file + 1] = f
  busted.publish({ "file", "start" }, f)
end


local function element_from(file, id, parent_id, fields)
  local by_id = elements[file]
  if not by_id then by_id = {} elements[file] = by_id end
  if fields and fields.descriptor == "file" then return files[file], suite end
  local e = id and by_id[id]
  if not e then
    e = {}
    if id then by_id[id] = e end
  end
  for k, v in pairs(fields or {}) do e[k] = v end
  local parent = parent_id and by_id[parent_id] or files[file]
  parents[e] = parent
  return e, parent
end

function host.block(file, data)
  local e, parent = element_from(file, data.id, data.parent, data.element)
  busted.publish({ "describe", data.event == "start" and "start" or "end" }, e, parent)
end

function host.test_start(file, name, line, data)
  local e
  if data then e = element_from(file, data.id, data.parent, data.element) else e = test_element(file, name, line) end
  running[file .. "\0" .. name] = e
  busted.publish({ "test", "start" }, e, parents[e])
end

-- status: passed, failed, error, pending; origin: test, block, hook; data:
-- busted's formatted entry and the element's ids (rich runs).
function host.test_end(file, name, line, status, origin, message, traceback, duration, data)
  local entry = data and data.entry
  if entry then
    if origin ~= "test" then
      -- An error outside any test: busted publishes it with no test events.
      local e, parent = element_from(file, data.id, data.parent, entry.element)
      busted.publish({ "error", e.descriptor or "describe" }, e, parent, entry.message, entry.trace)
      return
    end
    local key = file .. "\0" .. name
    local e = running[key]
    running[key] = nil
    local fresh = e == nil
    local parent
    e, parent = element_from(file, data.id, data.parent, entry.element)
    -- A pending block never starts in the worker: it starts here.
    if fresh then busted.publish({ "test", "start" }, e, parent) end
    local word = "success"
    if status == "failed" then
      word = "failure"
      busted.publish({ "failure", "it" }, e, parent, entry.message, entry.trace)
    elseif status == "error" then
      word = "error"
      busted.publish({ "error", "it" }, e, parent, entry.message, entry.trace)
    elseif status == "pending" then
      word = "pending"
      if entry.message ~= nil then busted.publish({ "pending", "it" }, e, parent, entry.message, entry.trace) end
    end
    busted.publish({ "test", "end" }, e, parent, word)
    return
  end
  local parent = files[file]
  if origin ~= "test" then
    -- An error outside any test: busted publishes it with no test events.
    local descriptor = origin == "hook" and (name:match("(%S+)$") or "hook") or (line == 0 and "file" or "describe")
    local e = { descriptor = descriptor, name = name, attributes = {},
      trace = line > 0 and trace_of(file, line, name) or nil }
    parents[e] = parent
    busted.publish({ "error", descriptor }, e, parent, message, trace_of(file, raised_at(message, file, line), message, traceback))
    return
  end
  local key = file .. "\0" .. name
  local e = running[key]
  running[key] = nil
  if not e then
    -- A pending block never starts in the worker: it starts here.
    e = test_element(file, name, line, (status == "pending" and message == nil) and "pending" or "it")
    busted.publish({ "test", "start" }, e, parent)
  end
  e.duration = duration
  e.endtick, e.endtime = (e.starttick or 0) + duration, config.gettime()
  local word = "success"
  if status == "failed" then
    word = "failure"
    busted.publish({ "failure", "it" }, e, parent, message,
      trace_of(file, raised_at(message, file, line), { message = message }, traceback))
  elseif status == "error" then
    word = "error"
    busted.publish({ "error", "it" }, e, parent, message, trace_of(file, raised_at(message, file, line), message, traceback))
  elseif status == "pending" then
    word = "pending"
    if message ~= nil then
      busted.publish({ "pending", "it" }, e, parent, message,
        trace_of(file, raised_at(message, file, line), { message = message }, traceback))
    end
  end
  busted.publish({ "test", "end" }, e, parent, word)
end

function host.file_end(name)
  local f = files[name]
  if not f then return end
  f.endtick, f.endtime = monotime(), config.gettime()
  f.duration = f.endtick - f.starttick
  busted.publish({ "file", "end" }, f)
end

function host.suite_end()
  suite.endtick, suite.endtime = monotime(), config.gettime()
  suite.duration = suite.endtick - (suite.starttick or suite.endtick)
  busted.publish({ "suite", "end" }, suite, run_index, run_count)
end

function host.exit()
  busted.publish({ "exit" })
  io.stdout:flush()
  return handler_errors
end

-- Loading the handler -----------------------------------------------------

package.loaded["busted"] = setmetatable({}, {
  __index = busted,
  __newindex = function() error("Attempt to modify busted", 2) end,
})

-- After every other searcher: our fallbacks for what the system lacks.
table.insert(package.searchers, function(name)
  local chunk = fallbacks[name]
  if chunk then return chunk, "[buttonkit " .. name .. "]" end
  -- Nothing to add to require's message: it reads as Lua's (and busted's).
  return nil
end)

local function load_handler(name)
  if name:match("%.lua$") then return dofile(name) end
  local ok, mod = pcall(require, "busted.outputHandlers." .. name)
  if ok then return mod end
  if not tostring(mod):find("module 'busted.outputHandlers." .. name .. "' not found", 1, true) then error(mod, 0) end
  return require(name)
end

local handler_options = {
  defaultOutput = config.default_output, enableSound = false, verbose = config.verbose,
  suppressPending = config.suppress_pending, language = config.language, deferPrint = config.defer_print,
  arguments = config.arguments,
}
local make = load_handler(config.name)
if type(make) ~= "function" then
  error("output handler '" .. config.name .. "' must return a function (options) -> handler, got " .. type(make), 0)
end
local handler = make(handler_options)
if type(handler) ~= "table" or type(handler.subscribe) ~= "function" then
  error("output handler '" .. config.name .. "' must return a handler with a subscribe method", 0)
end
handler:subscribe(handler_options)

return host
