-- luassert.state: what a test may change and must get back — formatting
-- parameters, formatters, and the spies and stubs it installed. The runner
-- marks the state before each test and reverts to the mark after it;
-- `assert:snapshot()` is luassert's public form of the same thing.
local state = {}

local parameters = {
  TableFormatLevel = 3,
  TableFormatShowRecursion = false,
  TableErrorHighlightCharacter = "*",
  TableErrorHighlightColor = "none",
}
local formatters = {}
local spies = {}
state.parameters, state.formatters, state.spies = parameters, formatters, spies

local generation = 0
local saved_state = {}

local mark_spies = {}  -- generation -> number of spies when it was marked

local function remember()
  local snap = saved_state[generation]
  if not snap and mark_spies[generation] then
    snap = { nspies = mark_spies[generation], generation = generation }
    saved_state[generation] = snap
  end
  if snap and not snap.params then
    snap.params = {}
    for k, v in pairs(parameters) do snap.params[k] = v end
    snap.formatters = { table.unpack(formatters) }
  end
end

-- A snapshot remembers parameters, formatters and spies; revert() undoes
-- whatever a test changed (spies and stubs it installed are reverted).
-- Cheap when nothing changed: copies are made only on the first change.
local function revert_snapshot(snap)
  if snap.params then
    for k in pairs(parameters) do parameters[k] = nil end
    for k, v in pairs(snap.params) do parameters[k] = v end
    for i = #formatters, 1, -1 do formatters[i] = nil end
    for i, f in ipairs(snap.formatters) do formatters[i] = f end
  end
  for i = #spies, snap.nspies + 1, -1 do
    local s = spies[i]
    if s.revert then s:revert() end
    spies[i] = nil
  end
  saved_state[snap.generation] = nil
  generation = snap.generation - 1
end

-- The framework's per-test snapshot without a table: a mark is the number
-- of spies and the generation; revert_to undoes what came after it.
function state.mark()
  generation = generation + 1
  local n = #spies
  mark_spies[generation] = n
  return n, generation
end

function state.revert_to(nspies, gen)
  mark_spies[gen] = nil
  local snap = saved_state[gen]
  if snap then revert_snapshot(snap) return end
  for i = #spies, nspies + 1, -1 do
    local s = spies[i]
    if s.revert then s:revert() end
    spies[i] = nil
  end
  generation = gen - 1
end

-- A snapshot table, reverted as snapshot:revert() (luassert's form).
function state.snapshot()
  generation = generation + 1
  local snap = { nspies = #spies, generation = generation, revert = revert_snapshot }
  saved_state[generation] = snap
  return snap
end

function state.set_parameter(name, value) remember() parameters[name] = value end
function state.get_parameter(name) return parameters[name] end
function state.add_formatter(fn) remember() formatters[#formatters + 1] = fn end
function state.remove_formatter(fn)
  remember()
  for i = #formatters, 1, -1 do if formatters[i] == fn then table.remove(formatters, i) end end
end
function state.add_spy(s) spies[#spies + 1] = s end

return state
