-- Bootstrap of `buttonkit test`, run once per spec state: a searcher for the
-- embedded modules (after the file searchers, as busted's own copies come
-- after a suite's ./src), the module names real suites require, and the
-- globals busted exports.
local embedded, host, confined = ...

local aliases = {
  ["luassert.assert"] = function(L) return L.assert end,
  ["luassert.spy"] = function(L) return L.spy end,
  ["luassert.stub"] = function(L) return L.stub end,
  ["luassert.mock"] = function(L) return L.mock end,
  ["luassert.match"] = function(L) return L.match end,
  ["luassert.util"] = function(L) return L.util end,
  ["luassert.state"] = function(L) return L.assert end,
  ["luassert.formatters"] = function() return {} end,
  ["luassert.array"] = function() return {} end,
  -- `require "luassert"` in real suites returns the assert object itself.
  ["luassert"] = function(L) return L.assert end,
}

local internals

table.insert(package.searchers, function(name)
  if name == "luassert.internals" then
    return function() return internals end, "[buttonkit luassert]"
  end
  local alias = aliases[name]
  if alias then
    return function() return alias(internals) end, "[buttonkit " .. name .. "]"
  end
  local chunk = embedded[name]
  if chunk then return chunk, "[buttonkit " .. name .. "]" end
  return "\n\tno module '" .. name .. "' in buttonkit"
end)

-- Load the framework from the embedded copies, whatever ./src or the system
-- holds, and register every name suites require, so they get these objects.
local say = embedded["say"]()
package.loaded["buttonkit.say"] = say
package.loaded["say"] = say
internals = embedded["luassert"]()
package.loaded["luassert.internals"] = internals
for name, get in pairs(aliases) do package.loaded[name] = get(internals) end
local busted = embedded["busted"](host)
package.loaded["busted"] = busted
busted.install_globals()
embedded["buttonkit.assertions"](host)

-- A spec cannot end the run: os.exit raises instead, so the test that called
-- it fails and the run goes on (under the sandbox os.exit is refused anyway).
if not confined then
  local function refuse(code)
    error("os.exit(" .. tostring(code == nil and "" or code) .. ") called by a spec: a spec cannot end the run; this test fails instead", 2)
  end
  os.exit = refuse
end
