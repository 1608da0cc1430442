-- Running a spec file, as busted's execute runs the suite: `suite start`
-- before the state's first file, the file as the root block, the hooks
-- that tidy up after a file, and `suite end` and `exit` after the state's
-- last file.
local import = ...
local S = import "busted.state"
local context = import "busted.context"
local core = import "busted.core"
local block = import "busted.block"

local safe, report, emit, fresh_deadline = core.safe, core.report, core.emit, core.fresh_deadline
local suite = context.suite

local execute = {}

-- Runs one spec file (`chunk`, or `err` when it did not load); the options
-- are in place (runner.lua). True when an expose in the file carries what
-- the state holds into the files after it.
function execute.file(path, chunk, err)
  local opts, api = S.opts, S.api
  if S.observed and not S.suite_started then
    S.suite_started = true
    emit(suite, { "suite", "start" }, false, suite, opts.run or 1, opts.runs or 1,
      opts.shuffle and opts.seed or nil)
  end
  local root = context.new_block("file", path, chunk, nil, 0)
  -- Not insulated: busted registers the file with no attributes then.
  if not S.insulate_files then root.attributes = context.no_attributes end
  if not chunk then
    report({ kind = "file", name = path, line = 0, id = root.id, descriptor = "file", attributes = root.attributes },
      "error", err)
    return false
  end
  S.current = root
  block.run(root)
  S.current = nil
  -- What ran the whole file (no test left out, every test passed, so every
  -- assertion was reached) may tidy up after it: the snapshot assertions
  -- report entries nothing checked.
  local whole = S.select_all and not S.listing and not S.stop_all and not S.file_incomplete
  -- Each hook under a deadline of its own, as a test's body: a spec can add
  -- one (require('busted').file_end_hooks), and one that fails or loops is
  -- reported against the file instead of hanging or ending the run.
  local hooks = api.file_end_hooks
  for i = 1, type(hooks) == "table" and rawlen(hooks) or 0 do
    local f = rawget(hooks, i)
    local st, msg, tb = safe(function() f(path, whole) end, fresh_deadline())
    if st ~= "success" then
      report({ kind = "file", name = path, line = 0, id = root.id, descriptor = "file", attributes = root.attributes },
        "error", "a file_end_hooks function failed: " .. tostring(msg), tb)
    end
  end
  return (context.exposed or not S.insulate_files) and not S.stop_all
end

-- After the last file this state runs: busted's `suite end` and `exit`.
function execute.finish()
  if S.observed and S.suite_started then
    local opts = S.opts
    emit(suite, { "suite", "end" }, false, suite, opts and opts.run or 1, opts and opts.runs or 1)
    emit(suite, { "exit" }, false)
  end
end

return execute
