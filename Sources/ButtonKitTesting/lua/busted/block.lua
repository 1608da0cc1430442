-- Running the tree, as busted's block module and executors run it: a
-- describe's body runs when its parent reaches it, then its setup, its
-- children (sorted or shuffled when asked), and its teardown; a test runs
-- between its before_each and after_each chains, with its output captured;
-- each hook, body and finally under a deadline of its own.
local import = ...
local S = import "busted.state"
local context = import "busted.context"
local core = import "busted.core"
local errors = import "busted.modules.errors"
local elements = import "busted.modules.elements"
local selection = import "busted.modules.selection"
local capture = import "busted.modules.output_capture"

local host = S.host
local host_clock, host_activity = host.clock, host.activity
local luassert_mark, luassert_revert_to = S.luassert.mark, S.luassert.revert_to
local safe, report, emit, fresh_deadline = core.safe, core.report, core.emit, core.fresh_deadline
local in_env, joined_name, parent_of = context.in_env, context.joined_name, context.parent_of
local error_trace = errors.error_trace
local start_element, end_element, send_block = elements.start_element, elements.end_element, elements.send_block
local selected, mark_lines = selection.selected, selection.mark_lines
local start_capture, stop_capture = capture.start, capture.stop

local block = {}

local test_start, test_end = { "test", "start" }, { "test", "end" }
local describe_start, describe_end = { "describe", "start" }, { "describe", "end" }
local file_start, file_end = { "file", "start" }, { "file", "end" }

-- Hooks -------------------------------------------------------------------

local chain_keys = { before_each = "chain_before_each", after_each = "chain_after_each" }

local function hook_chain(b, list, from_leaf_up)
  local key = chain_keys[list]
  local chain = b[key]
  if chain then return chain end
  local blocks = {}
  local n = b
  while n do table.insert(blocks, 1, n) n = n.parent end
  chain = {}
  local first, last, step = 1, #blocks, 1
  if from_leaf_up then first, last, step = #blocks, 1, -1 end
  for i = first, last, step do
    for _, h in ipairs(blocks[i][list]) do chain[#chain + 1] = h end
  end
  b[key] = chain
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
  local was = S.running_hook
  S.running_hook = true
  local st, msg, tb, raw, where = in_env(h, safe, h.fn, deadline)
  S.running_hook = was
  if st == "success" then return true end
  report(hook_node(h), "error", msg, tb, nil, nil, nil, error_trace(where, tb, raw))
  return false
end

local function run_hooks(list, from_leaf_up, b, deadline)
  local chain = hook_chain(b, list, from_leaf_up)
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
local function ensure_lazy(b)
  if not b then return true end
  if not ensure_lazy(b.parent) then return false end
  if b.lazy_done ~= nil then return b.lazy_done end
  b.lazy_done = true
  for _, h in ipairs(b.lazy_setup) do
    if not run_hook(h, fresh_deadline()) then b.lazy_done = false end
  end
  return b.lazy_done
end

-- Tests -------------------------------------------------------------------

local function run_test(test)
  if S.stop_all then return end
  local name = test.full_name
  if not (S.select_all or selected(test, name)) then return end
  if S.listing then
    host.report("listed", name, test.in_main and 0 or test.line or 0, 0)
    return
  end
  local parent = test.parent
  if test.pending then
    -- busted's pending executor: a start and an end, nothing run.
    if S.rich then start_element(test) end
    if S.observed then emit(test, test_start, false, test, parent) end
    if S.rich then end_element(test) end
    report(test, "pending", nil, nil, host_clock())
    if S.observed then emit(test, test_end, false, test, parent, "pending") end
    return
  end
  if S.memory_held then
    report(test, "error", S.memory_held, nil, host_clock())
    return
  end
  if parent.lazy_done ~= true and not ensure_lazy(parent) then return end
  local api = S.api
  api.failure_details = nil
  local started = host_clock()
  local mark_spies, mark_generation = luassert_mark()
  api.current_test = test
  start_capture()
  host_activity(name, test.line or 0)
  -- The test's time covers before_each and its body; cleanup (finally,
  -- after_each) gets a time of its own, so it runs even after a timeout.
  local timeout = S.timeout
  local deadline = timeout > 0 and started + timeout or nil
  local status, msg, tb, raw, where, errtrace
  local ran = run_hooks("before_each", false, parent, deadline)
  if ran then
    if S.rich then start_element(test) end
    if S.report_starts then
      host.started(name, test.line or 0, test.defined_in, S.rich and elements.start_detail(test) or nil)
    end
    local started_ok = true
    if S.observed then
      -- As busted: a subscriber that fails on the start makes the test an
      -- error, and its body does not run.
      started_ok, msg, tb, errtrace = emit(test, test_start, true, test, parent)
      if not started_ok then status = "error" end
    end
    if started_ok then
      S.running_test = test
      status, msg, tb, raw, where = in_env(test, safe, test.fn, deadline)
      S.running_test = nil
      errtrace = where and error_trace(where, tb, raw)
      if test.finally then
        S.running_hook = true
        local fst, fmsg, ftb, fraw, fwhere = in_env(test, safe, test.finally, fresh_deadline())
        S.running_hook = false
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
    if status == "pending" then S.file_incomplete = true end
    local details = status == "failure" and api.failure_details or nil
    api.failure_details = nil
    if S.rich then end_element(test) end
    report(test, status, msg, tb, started, output, details, errtrace)
    if S.observed then
      if status ~= "success" then emit(test, { status, "it" }, false, test, parent, msg, errtrace) end
      emit(test, test_end, false, test, parent, status)
    end
  end
  if #hook_chain(parent, "after_each", true) > 0 then run_hooks("after_each", true, parent, fresh_deadline()) end
  luassert_revert_to(mark_spies, mark_generation)
  api.current_test = nil
end

-- Blocks ------------------------------------------------------------------

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

-- As busted: sorting wins over shuffling; a block's randomize() asks for
-- its own shuffle.
local function order_children(b)
  local opts = S.opts
  if opts.sort then
    table.sort(b.children, function(x, y) return tostring(x.name) < tostring(y.name) end)
  elseif opts.shuffle or b.randomize then
    -- busted shuffles the children with the hooks among them (see
    -- register.lua's hooks); the tests' order is what is left without them.
    local all, h, slots = {}, 1, b.hook_slots or {}
    for i = 0, #b.children do
      if i > 0 then all[#all + 1] = b.children[i] end
      while slots[h] == i do all[#all + 1] = false h = h + 1 end
    end
    b.randomseed = b.seed or opts.seed
    shuffle(all, b.randomseed)
    local kept = {}
    for _, c in ipairs(all) do if c then kept[#kept + 1] = c end end
    b.children = kept
  end
end

local function run_block(b)
  if S.stop_all then return end
  local opts = S.opts
  local is_file = b.kind == "file"
  -- An insulated block puts the globals back when it ends; the file is one
  -- too, as in busted (in a fresh state that matters only when an expose
  -- carries the state on into the next file).
  if b.insulate or (is_file and S.insulate_files) then b.saved = context.snapshot_globals() end
  local before
  if b.expose and b.parent and b.parent.saved then
    before = {}
    for k, v in next, _G do before[k] = v end
  end
  local parent = parent_of(b)
  if S.rich then
    start_element(b)
    send_block("start", b)
  end
  if S.observed then
    if is_file then emit(b, file_start, false, b) else emit(b, describe_start, false, b, parent) end
  end
  local saved = S.current
  S.current = b
  local st, msg, tb, raw, where = in_env(b, safe, b.fn, fresh_deadline())
  S.current = saved
  if st ~= "success" then
    report(b, "error", msg, tb, nil, nil, nil, where and error_trace(where, tb, raw))
  else
    if opts.lines then mark_lines(b) end
    order_children(b)
    local setup_ok = true
    if not opts.list then
      for _, h in ipairs(b.strict_setup) do
        if not run_hook(h, fresh_deadline()) then
          setup_ok = false
          break
        end
      end
    end
    if setup_ok then
      for _, child in ipairs(b.children) do
        if S.stop_all then break end
        if child.kind == "it" then run_test(child) else run_block(child) end
      end
    end
    if not opts.list then
      if b.lazy_done ~= nil then
        for _, h in ipairs(b.lazy_teardown) do run_hook(h, fresh_deadline()) end
      end
      for _, h in ipairs(b.strict_teardown) do run_hook(h, fresh_deadline()) end
    end
  end
  if S.rich then
    end_element(b)
    send_block("end", b)
  end
  if S.observed then
    if is_file then emit(b, file_end, false, b) else emit(b, describe_end, false, b, parent) end
  end
  if before then context.carry(b, before) end
  if b.saved then context.restore_globals(b.saved) end
end
block.run = run_block

return block
