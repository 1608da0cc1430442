-- The loader the coverage family's entry points share (host.lua in the
-- runner's coverage state, standalone.lua in `buttonkit lua`): called with
-- the table of the family's embedded chunks, returns `import`, which runs
-- a chunk once (handing it `import`, so modules load each other from the
-- embedded copies only, never from package.path) and keeps what it returned.
local embedded = ...
local loaded = {}
local function import(name)
  local m = loaded[name]
  if m == nil then
    m = embedded[name](import)
    loaded[name] = m
  end
  return m
end
return import
