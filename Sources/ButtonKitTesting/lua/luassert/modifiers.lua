-- luassert.modifiers: the words between `assert` and an assertion. Most
-- read as English and do nothing (`is`, `are`, `has`); `not`/`no` negate;
-- `message(m)` sets the failure message; `array(t)` carries a table for
-- `holes`. (`spy(s)` and `stub(s)` live with the spies.)
local import = ...
local namespaces = import "luassert.namespaces"
local core = import "luassert.assert"
local register = namespaces.register
local noop_modifier, negate_modifier = core.noop_modifier, core.negate_modifier

for _, w in ipairs({ "is", "are", "was", "has", "does", "a", "an", "the" }) do
  register("modifier", w, noop_modifier)
end
register("modifier", "not", negate_modifier)
register("modifier", "no", negate_modifier)
register("modifier", "message", function(state, args)
  if args then state.failure_message = args[1] end
end)

-- assert.array(t).has.no.holes()
register("modifier", "array", function(state, args)
  if args then state.payload = args[1] end
end)

return true
