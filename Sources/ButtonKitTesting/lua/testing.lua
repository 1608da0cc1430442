-- Bootstrap of `buttonkit test`, run once per spec state: the framework
-- assembled from its embedded modules, a searcher for the names real suites
-- require (after the file searchers, as busted's own copies come after a
-- suite's ./src), and the globals busted exports.
local embedded, host, confined = ...

-- The framework's own modules load each other through `import`, from the
-- embedded copies only: a suite that ships its own luassert or say on
-- package.path (luassert's repository does) must not swap out our parts.
local modules = {}
local function import(name)
  local m = modules[name]
  if m == nil then
    local chunk = embedded[name]
    if not chunk then error("buttonkit: no embedded module '" .. name .. "'", 2) end
    m = chunk(import)
    if m == nil then m = true end
    modules[name] = m
  end
  return m
end

local internals = import "luassert.internals"
local say = import "say"

-- The module names real suites require, answered with the same objects.
local public = {
  ["say"] = say,
  ["luassert"] = internals.assert,  -- `require "luassert"` returns the assert object
  ["luassert.assert"] = internals.assert,
  ["luassert.spy"] = internals.spy,
  ["luassert.stub"] = internals.stub,
  ["luassert.mock"] = internals.mock,
  ["luassert.match"] = internals.match,
  ["luassert.util"] = internals.util,
  ["luassert.state"] = internals.assert,  -- snapshot(), set_parameter() ...
  ["luassert.formatters"] = {},
  ["luassert.array"] = {},
}

table.insert(package.searchers, function(name)
  local m = public[name]
  if m ~= nil then return function() return m end, "[buttonkit " .. name .. "]" end
  -- Nothing to add to require's message: it reads as Lua's (and busted's).
  return nil
end)

-- Modules compiled once for the run (a worker only): a Lua module `require`
-- finds on package.path loads as the bytecode the runner compiled when an
-- earlier spec file loaded it, if the file is unchanged since; otherwise
-- this searcher asks the runner to compile it for the files after this one
-- and lets Lua's own searcher load it from source.
if host.cached_chunk then
  local searchpath, cached, want, path_of = package.searchpath, host.cached_chunk, host.module, package
  table.insert(package.searchers, 2, function(name)
    if type(name) ~= "string" then return nil end
    local ok, path = pcall(searchpath, name, path_of.path)
    if not ok or not path then return nil end
    local f = cached(path)
    if f then return f, path end
    want(path)
    return nil
  end)
end

-- Register every name suites require, whatever ./src or the system holds,
-- so they get these objects.
for name, m in pairs(public) do package.loaded[name] = m end
-- Coverage: under -c the counting starts here (a forked worker inherits
-- the hook), and `require "luacov"` finds luacov's API driving it before any
-- file on package.path (a second, real luacov would write the stats twice).
-- Without -c, a luacov on package.path is used as busted would use it, and
-- this one stands in when there is none.
local luacov = import "coverage.luacov"(host.coverage, host.coverage_settings)
table.insert(package.searchers, host.coverage_settings and 2 or #package.searchers + 1, function(name)
  local loader = luacov[name]
  if loader then return loader, "[buttonkit " .. name .. "]" end
  return nil
end)
-- As under `busted -c`, luacov's runner is loaded (and running) before any
-- spec: suites look for it to start their child processes with -lluacov.
if host.coverage_settings then package.loaded["luacov.runner"] = luacov["luacov.runner"]() end

-- busted leaves LuaFileSystem in the global `lfs` (it loads it for its own
-- use), and specs use it without `require`. The real module where one is
-- installed (Debian's lua-filesystem); confined, C modules cannot load, so
-- there is none (docs/testing.md).
if not confined and rawget(_G, "lfs") == nil then
  local ok, lfs = pcall(require, "lfs")
  if ok and type(lfs) == "table" then rawset(_G, "lfs", lfs) end
end

local busted = embedded["busted"](host, internals, import)
-- `require "busted"` is a read-only view, as busted's: its API reads through
-- and an assignment raises (busted's own suite checks both).
package.loaded["busted"] = setmetatable({}, {
  __index = busted,
  __newindex = function() error("Attempt to modify busted", 2) end,
})
busted.install_globals()
embedded["buttonkit.assertions"](host, internals, busted)

-- Watch mode (`buttonkit test --watch`): the host hands over `loaded` only
-- then. Every file the spec file (its helpers and -e statements too) loads
-- with require, dofile or loadfile is noted, and the list is sent once the
-- file is done, so a saved change reruns the spec files that depend on it
-- first. A normal run installs none of this and pays nothing.
if host.loaded then
  local files, seen = {}, {}
  local function note(path)
    if type(path) == "string" and not seen[path] then
      seen[path] = true
      files[#files + 1] = path
    end
  end
  -- Captured now: a spec that stubs package.searchpath must not blind us.
  local searchpath, real_require, real_dofile, real_loadfile = package.searchpath, require, dofile, loadfile
  -- The path is found before loading (package.searchpath on package.path,
  -- as require's Lua searcher does), so a module that fails to compile is
  -- still a dependency: fixing it reruns its specs first. Tail calls keep
  -- error levels and tracebacks as they were.
  require = function(name, ...)
    if type(name) == "string" and package.loaded[name] == nil and type(package.path) == "string" then
      note((searchpath(name, package.path)))
    end
    return real_require(name, ...)
  end
  dofile = function(path, ...)
    note(path)
    return real_dofile(path, ...)
  end
  loadfile = function(path, ...)
    note(path)
    return real_loadfile(path, ...)
  end
  local run = busted.run
  busted.run = function(...)
    run(...)
    host.loaded(files)
  end
end

-- A spec cannot end the run: os.exit raises instead, so the test that called
-- it fails and the run goes on (under the sandbox os.exit is refused anyway).
if not confined then
  local function refuse(code)
    error("os.exit(" .. tostring(code == nil and "" or code) .. ") called by a spec: a spec cannot end the run; this test fails instead", 2)
  end
  os.exit = refuse
end

return busted
