-- ButtonKit's sandbox, run once when a state is created.
-- Arguments: whether to confine, the host's path check, extra package.path
-- entries, the C `load` that loads text chunks only, extra package.cpath
-- entries (unconfined only), the C `debug.getinfo` that gives out no C
-- function of a stack frame, and the maker of the C `debug.getlocal` that
-- reads no local of this chunk's own frames.
--
-- A refused file access looks like the operating system refusing it: the
-- functions that report failures with `nil, message, errno` do so (with
-- EACCES), the ones that raise, raise. Nothing the real function would not
-- do. Paths with NUL bytes are refused by the host check.
local confine, host_checkpath, lpath, text_load, cpath, frame_getinfo, getlocal_guard = ...

local EACCES = 13

-- The given entries, then (confined) the working tree's, which the
-- sandbox's own path needs first; unconfined, Lua's default path already
-- ends with them, as lua.c and busted leave it.
local function prepend_lpath(with_cwd)
  local parts = {}
  for entry in string.gmatch(lpath or "", "[^;]+") do
    if not entry:find("?", 1, true) then
      entry = entry:gsub("/$", "") .. "/?.lua;" .. entry:gsub("/$", "") .. "/?/init.lua"
    end
    parts[#parts + 1] = entry
  end
  if with_cwd then parts[#parts + 1] = "./?.lua;./?/init.lua" end
  return table.concat(parts, ";")
end

-- Pure-Lua modules installed system-wide (Debian's lua-* packages) may be
-- required; the host allows reading them through `require` only.
local system_path = "/usr/local/share/lua/5.4/?.lua;/usr/local/share/lua/5.4/?/init.lua;"
  .. "/usr/share/lua/5.4/?.lua;/usr/share/lua/5.4/?/init.lua"

if not confine then
  local given = prepend_lpath(false)
  if given ~= "" then package.path = given .. ";" .. package.path end
  if cpath and cpath ~= "" then package.cpath = (cpath .. ";" .. package.cpath):gsub(";;", ";") end
  return
end

local function disabled(name)
  return function()
    error(name .. " is disabled in the sandbox (run with --unsafe to allow it)", 2)
  end
end

local io_open, io_lines, io_input, io_output = io.open, io.lines, io.input, io.output
local raw_loadfile = loadfile
local os_remove, os_rename = os.remove, os.rename
local traceback, getinfo = debug.traceback, debug.getinfo
local type, error, select, tostring = type, error, select, tostring

-- The host's verdict: true, or false and the refusal text.
local function allowed(path, fname)
  if type(path) ~= "string" then return true end  -- the real function reports the type
  return host_checkpath(path, "r", fname)
end

local function writes(mode)
  return mode ~= nil and (tostring(mode):find("[wa+]") ~= nil)
end

-- io: files only inside the working tree; no processes.
io.open = function(path, mode)
  local ok, why = allowed(path, "io.open")
  if not ok then return nil, why, EACCES end
  return io_open(path, mode)
end
io.lines = function(path, ...)
  local ok, why = allowed(path, "io.lines")
  if not ok then error(why, 2) end
  return io_lines(path, ...)
end
io.input = function(f)
  local ok, why = allowed(f, "io.input")
  if not ok then error(why, 2) end
  return io_input(f)
end
io.output = function(f)
  local ok, why = allowed(f, "io.output")
  if not ok then error(why, 2) end
  return io_output(f)
end
io.popen = disabled("io.popen")

-- os: clock time date difftime getenv, and remove/rename inside the tree.
os.execute = disabled("os.execute")
os.exit = disabled("os.exit")
os.tmpname = disabled("os.tmpname")
os.setlocale = disabled("os.setlocale")
os.remove = function(path)
  local ok, why = allowed(path, "os.remove")
  if not ok then return nil, why, EACCES end
  return os_remove(path)
end
os.rename = function(from, to)
  local ok, why = allowed(from, "os.rename")
  if ok then ok, why = allowed(to, "os.rename") end
  if not ok then return nil, why, EACCES end
  return os_rename(from, to)
end

-- Loading code: text chunks only (a C function, so nothing reachable from a
-- reader function loads bytecode); files only inside the tree.
load = text_load
loadfile = function(path, mode, ...)
  local ok, why = allowed(path, "loadfile")
  if not ok then return nil, why end
  if select("#", ...) > 0 then return raw_loadfile(path, "t", ...) end
  return raw_loadfile(path, "t")
end
dofile = function(path)
  local ok, why = allowed(path, "dofile")
  if not ok then error(why, 2) end
  local f, err = raw_loadfile(path, "t")
  if not f then error(err, 2) end
  return f()
end

-- require: Lua modules from package.path inside the tree (and system-wide
-- pure-Lua modules); no C modules. package.searchpath only looks at files
-- the sandbox would let a script read, so it tells nothing about others.
package.loadlib = disabled("package.loadlib")
package.cpath = ""
package.path = prepend_lpath(true) .. ";" .. system_path

local function readable(path, fname)
  return host_checkpath(path, "r", fname)
end

package.searchpath = function(name, path, sep, rep)
  if type(name) ~= "string" then error("bad argument #1 to 'searchpath' (string expected, got " .. type(name) .. ")", 2) end
  if type(path) ~= "string" then error("bad argument #2 to 'searchpath' (string expected, got " .. type(path) .. ")", 2) end
  sep = sep or "."
  rep = rep or "/"
  if sep ~= "" then name = name:gsub(sep:gsub("%p", "%%%0"), (rep:gsub("%%", "%%%%"))) end
  local tried = {}
  for template in path:gmatch("[^;]+") do
    local candidate = template:gsub("%?", (name:gsub("%%", "%%%%")))
    if readable(candidate, "require") then
      local f = io_open(candidate, "r")
      if f then f:close() return candidate end
    end
    tried[#tried + 1] = "no file '" .. candidate .. "'"
  end
  -- As Lua 5.4's searchpath words it: require adds "\n\t" before each
  -- searcher's message itself.
  return nil, table.concat(tried, "\n\t")
end
local searchpath = package.searchpath

local preload_searcher = package.searchers[1]
local function lua_searcher(name)
  local path, err = searchpath(name, package.path)
  if not path then return err end
  local f, lerr = raw_loadfile(path, "t")
  if not f then
    error(string.format("error loading module '%s' from file '%s':\n\t%s", name, path, lerr), 0)
  end
  return f, path
end
package.searchers = { preload_searcher, lua_searcher }

-- debug: what error reporting, test frameworks and profilers need; hooks
-- work alongside the time limit. getinfo leaves out `func` when a stack
-- frame runs a C function: a hook sees every function the wrappers above
-- call (the real io.open, loadfile, os.remove ...), and `func` would hand
-- them out. getlocal reads nil for every local of this chunk's frames: a
-- wrapper holds those real functions in its registers just before the
-- call, where a hook could read them.
debug = {
  traceback = traceback, getinfo = frame_getinfo,
  getmetatable = debug.getmetatable, getlocal = getlocal_guard(getinfo(1, "S").source), upvalueid = debug.upvalueid,
  sethook = debug.sethook, gethook = debug.gethook,
}
package.loaded.debug = debug
