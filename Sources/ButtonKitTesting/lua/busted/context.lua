-- busted's context: the tree of elements (the suite, files, describes,
-- tests, hooks), the environments spec code reads and writes its globals
-- through, and the globals an insulated block puts back (and an expose
-- block carries on to the files after it).

local context = {}

-- The name a node shows: its ancestors' names (below the file) and its own.
local function joined_name(parent, name)
  if not parent or parent.kind == "file" or parent.full_name == "" then return name end
  return parent.full_name .. " " .. name
end
context.joined_name = joined_name

function context.full_name(node)
  return node.full_name or joined_name(node.parent, node.name)
end

-- busted's attributes per descriptor (shared: nothing here changes them).
context.no_attributes = setmetatable({}, { __newindex = function() end })
local attributes_of = {
  file = { envmode = "insulate" }, insulate = { envmode = "insulate" }, expose = { envmode = "expose" },
  hook = { envmode = "unwrap" }, pending = { default_fn = function() end },
}
context.attributes_of = attributes_of

-- busted's suite element: the parent of every file.
local suite = { descriptor = "suite", attributes = context.no_attributes, kind = "suite" }
context.suite = suite

function context.parent_of(node)
  if node.kind == "file" then return suite end
  return node.parent
end

-- Every element's id, unique in the state (busted's are its tables).
local next_id = 0
function context.new_id()
  next_id = next_id + 1
  return next_id
end

function context.new_block(kind, name, fn, parent, line, alias)
  next_id = next_id + 1
  return {
    kind = kind, name = name, fn = fn, parent = parent, line = line, children = {},
    before_each = {}, after_each = {}, lazy_setup = {}, lazy_teardown = {},
    strict_setup = {}, strict_teardown = {},
    full_name = kind == "file" and "" or joined_name(parent, name),
    descriptor = kind, id = next_id, attributes = attributes_of[alias or kind] or context.no_attributes,
  }
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
--
-- Reading a global is most of what spec code does with them (`it`,
-- `assert`, `describe`), and most specs never write one inside a block: as
-- long as no element has an environment of its own and the suite's holds
-- no false, a read is the suite's value or _G's, so the spec's _ENV reads
-- through tables (Lua's own lookup). The first element environment, or a
-- false in the suite's, turns on the walk, which gives the same answers
-- then as before. (callgrind: the walk's two Lua calls cost a small test
-- about 2,400 instructions in a debug build, 400 in a release one, of the
-- 52,000 its worker runs.)
local suite_env = setmetatable({}, { __index = _G })
context.suite_env = suite_env
local env_ctx  -- the element whose code runs now: a block, a test or a hook

local function env_read(node, key)
  while node do
    local e = node.env
    local v = e and e[key]
    if v then return v end
    node = node.parent
  end
  local v = rawget(suite_env, key)
  if v then return v end
  return _G[key]
end

local spec_mt = { __metatable = false, __index = suite_env }
local function walking_index(_, key) return env_read(env_ctx, key) end

local function env_write(node, key, value)
  local target = node
  if node then
    if node.owner then target = node.owner
    elseif node.expose then target = node.parent and node.parent.parent end
  end
  if target == nil then
    if value == false then spec_mt.__index = walking_index end
    suite_env[key] = value
    return
  end
  local e = target.env
  if not e then
    e = {}
    target.env = e
    spec_mt.__index = walking_index
  end
  e[key] = value
end

spec_mt.__newindex = function(_, key, value) env_write(env_ctx, key, value) end

-- What the host makes a spec file's _ENV (the chunk's first upvalue).
context.spec_env = setmetatable({}, spec_mt)

-- Runs safe-like fn(a, b) (five results) with `node` as the element whose
-- globals code reads and writes.
function context.in_env(node, fn, a, b)
  local saved = env_ctx
  env_ctx = node
  local r1, r2, r3, r4, r5 = fn(a, b)
  env_ctx = saved
  return r1, r2, r3, r4, r5
end

-- Globals across blocks and files ------------------------------------------

-- package.loaded as require sees it, taken before any spec runs (see
-- modules/errors.lua).
local loaded_modules = package.loaded

-- busted's insulation: the globals (raw, with _G's metatable) and
-- package.loaded as they were, to put back when the block ends.
function context.snapshot_globals()
  local g, loaded = {}, {}
  for k, v in next, _G do g[k] = v end
  for k, v in next, loaded_modules do loaded[k] = v end
  return { g = g, loaded = loaded, gmt = getmetatable(_G) }
end

function context.restore_globals(state)
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
context.exposed = false

-- An expose ended: what its block set in the globals, and package.loaded
-- as it is now, become part of what the insulated block around it (the
-- file, or an insulate) puts back when it ends. (busted keeps the globals
-- its expose blocks set, and package.loaded whole.)
function context.carry(block, before)
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
  if outer.kind == "file" then context.exposed = true end
end

return context
