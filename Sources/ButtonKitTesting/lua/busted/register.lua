-- Registration, as busted's init registers its executors: describe and its
-- aliases, the tests (it, spec, test, pending), the hooks, finally and
-- randomize. Each adds to the block whose body is running (state.current);
-- the blocks run later (block.lua).
local import = ...
local S = import "busted.state"
local context = import "busted.context"
local errors = import "busted.modules.errors"

local host_line = S.host.line
local new_block, new_id, joined_name = context.new_block, context.new_id, context.joined_name
local attributes_of, no_attributes = context.attributes_of, context.no_attributes
local trace_at, pending_mt = errors.trace_at, errors.pending_mt
local getinfo = debug.getinfo

local register = {}

local function caller_line(level)
  -- line(n) counts from its caller: level + 1 skips caller_line itself.
  return host_line(level + 1)
end

local function reject(name)
  error("'" .. name .. "' not supported inside current context block", 3)
end

local function register_block(kind, envmode)
  return function(name, fn)
    if S.running_test or S.running_hook then reject(kind) end
    if type(name) == "function" and fn == nil then fn, name = name, kind end
    local line = caller_line(2)
    local trace = S.rich and trace_at(2, name) or nil
    local function add(f)
      if type(f) ~= "function" then
        error("bad argument #2 to '" .. kind .. "' (function expected, got " .. type(f) .. ")", 3)
      end
      local current = S.current
      local b = new_block("describe", tostring(name), f, current, line, envmode)
      b.insulate = envmode == "insulate"
      b.expose = envmode == "expose"
      b.trace = trace
      if S.opts.lines then b.last = getinfo(f, "S").lastlinedefined end
      current.children[#current.children + 1] = b
    end
    if fn == nil then return add end
    add(fn)
  end
end

-- Registers test `name` with body `fn`, defined at `line`; `level` is the
-- stack level, as seen from here, of the code that called it() (or the
-- function a curried it() returned).
local function register_named(kind, is_pending, name, fn, line, defined_in, level)
  name = tostring(name)
  local current, opts = S.current, S.opts
  local t = { kind = "it", name = name, fn = fn, parent = current, line = line, full_name = joined_name(current, name),
    file = opts.file, defined_in = defined_in, id = new_id(),
    descriptor = is_pending and "pending" or "it", attributes = is_pending and attributes_of.pending or no_attributes }
  if S.rich then t.trace = trace_at(level, name) end
  -- busted lists a test registered in a file's main chunk (not inside a
  -- describe) by its name alone.
  if opts.list and getinfo(level, "S").what == "main" then t.in_main = true end
  if is_pending then t.pending = true end
  if opts.lines and type(fn) == "function" then t.last = getinfo(fn, "S").lastlinedefined end
  current.children[#current.children + 1] = t
end

local function register_test(kind, is_pending)
  return function(name, fn)
    if S.running_hook or (S.running_test and not is_pending) then reject(kind) end
    if S.running_test and is_pending then
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
    local line, defined_in = host_line(2, S.spec_source)  -- 2: the caller of it()
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

-- `alias`: the name busted gives a hook registered under another name
-- (`setup` is strict_setup's, or lazy_setup's under --lazy); others have
-- none and are named by their descriptor.
local function register_hook(list, alias)
  return function(fn)
    if S.running_test or S.running_hook then reject(alias or list) end
    if type(fn) ~= "function" then
      error("bad argument #1 to '" .. (alias or list) .. "' (function expected, got " .. type(fn) .. ")", 2)
    end
    local current = S.current
    local hooks = current[list]
    hooks[#hooks + 1] = { fn = fn, line = caller_line(2), owner = current, kind = list, name = alias,
      trace = S.rich and trace_at(2, alias) or nil, id = new_id(), descriptor = list, attributes = attributes_of.hook,
      parent = current }
    -- busted keeps hooks among a block's children, where a shuffle moves
    -- them too: their places are kept so a shuffle sees the same list.
    local slots = current.hook_slots or {}
    slots[#slots + 1] = #current.children
    current.hook_slots = slots
  end
end

register.describe = register_block("describe")
register.context = register_block("context")
register.insulate = register_block("insulate", "insulate")
register.expose = register_block("expose", "expose")
register.it = register_test("it")
register.spec = register_test("spec")
register.test = register_test("test")
register.pending = register_test("pending", true)
register.before_each = register_hook("before_each")
register.after_each = register_hook("after_each")
register.lazy_setup = register_hook("lazy_setup")
register.lazy_teardown = register_hook("lazy_teardown")
register.strict_setup = register_hook("strict_setup")
register.strict_teardown = register_hook("strict_teardown")
-- setup and teardown: strict by default, lazy under --lazy.
register.strict_aliases = { register_hook("strict_setup", "setup"), register_hook("strict_teardown", "teardown") }
register.lazy_aliases = { register_hook("lazy_setup", "setup"), register_hook("lazy_teardown", "teardown") }

function register.finally(fn)
  if not S.running_test or S.running_hook then reject("finally") end
  S.running_test.finally = fn
end

function register.randomize(...)
  if S.running_test or S.running_hook then reject("randomize") end
  local n = select("#", ...)
  local on = n == 0 or (...)
  S.current.randomize = on and true or false
  -- `randomize()` and `randomize(true)` keep the run's seed, as busted's.
  local first, second = ...
  if on then S.current.seed = tonumber(first) or tonumber(second) end
end

return register
