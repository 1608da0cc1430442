-- busted's core: the safe call every piece of spec code runs through (its
-- deadline, its error classified and rendered), results reported to the
-- host, and events published to the spec's own subscribers through that
-- same safe call.
local import = ...
local S = import "busted.state"
local context = import "busted.context"
local errors = import "busted.modules.errors"
local mediator = import "busted.modules.mediator"
local elements = import "busted.modules.elements"

local host_call, host_clock, host_report = S.host.call, S.host.clock, S.host.report
local errortype, readable, positioned = errors.errortype, errors.readable, errors.positioned
local trim_traceback, split_handler_traceback, error_trace = errors.trim_traceback, errors.split_handler_traceback, errors.error_trace
local full_name, parent_of = context.full_name, context.parent_of
local publish = mediator.publish

local core = {}

-- Runs fn until `deadline` (clock() seconds; nil: no limit) through the
-- host's limited call; returns status ("success", "failure", "error",
-- "pending"), message, traceback, the error value and where it was raised.
-- A limit that fired cannot be caught inside fn: it re-fires until this
-- call returns.
-- After a test reaches the memory ceiling, what it allocated is collected
-- at once; when the file itself still holds most of the ceiling (a global or
-- an upvalue kept it), later tests would fail on their first allocation and
-- be blamed wrongly, so they are not run and say why (S.memory_held).
local collect = collectgarbage

function core.safe(fn, deadline)
  local opts = S.opts
  local ok, e, why, tb, where, appended = host_call(deadline or 0, opts.timeout, fn)
  if ok then return "success" end
  tb = tb and trim_traceback(tb) or nil
  if why == "memory" then
    e = nil
    collect("collect")
    local held = collect("count") / 1024
    if opts.max_memory > 0 and held > opts.max_memory * 0.9 then
      S.memory_held = string.format("not run: the spec file still holds %.0f MB of its %d MB after %s reached the limit"
        .. " (what it allocated is kept by a global or an upvalue)", held, opts.max_memory,
        S.running_test and ("'" .. S.running_test.full_name .. "'") or "a block")
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
local safe = core.safe

-- A deadline `opts.timeout` from now (nil when there is no limit).
function core.fresh_deadline()
  local t = S.opts.timeout
  if t > 0 then return host_clock() + t end
  return nil
end
local fresh_deadline = core.fresh_deadline

local report

-- Publishes through busted's safe call: a subscriber that fails is an
-- error of the element it was told about, as under busted (it then counts
-- as an error of its own, named after the element). `quiet`: the caller
-- reports it (a test whose start failed is that error).
function core.emit(element, names, quiet, ...)
  local args = table.pack(...)
  local function send() publish(names, table.unpack(args, 1, args.n)) end
  local st, msg, tb, raw, where = safe(send, fresh_deadline())
  if st == "success" then return true end
  if quiet then return false, msg, tb, error_trace(where, tb, raw) end
  local name = element.full_name
  if name == nil or name == "" then name = element.name or table.concat(names, " ") end
  report({ kind = "block", name = name, full_name = name, line = element.line or 0, parent = element.parent },
    "error", msg, tb, nil, nil, nil, error_trace(where, tb, raw))
  return false
end
local emit = core.emit

-- Reports a result to the host: a test's, or an error outside a test (a
-- block's, a hook's, a file's).
report = function(node, status, message, traceback, started, output, details, errtrace)
  if status ~= "success" and status ~= "pending" then S.file_incomplete = true end
  local name = full_name(node)
  local data = S.rich and elements.payload(node, status, message, errtrace) or nil
  -- Pending tests' names: their snapshots are kept for when they run again.
  if status == "pending" then local p = S.api.pending_names p[#p + 1] = name end
  -- As busted: an error outside a test is published for its element, with
  -- no test events (a test's own come from the test's executor).
  if S.observed and status == "error" and node.kind ~= "it" and node.kind ~= "block" then
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
  if S.opts.fail_fast and (status == "failure" or status == "error") then S.stop_all = true end
end
core.report = report

return core
