-- ButtonKit's sandbox, run once when a state is created.
-- Arguments: whether to confine, the host's path check, extra package.path
-- entries, the C `load` that loads text chunks only, extra package.cpath
-- entries (unconfined only), the C `debug.getinfo` that gives out no C
-- function of a stack frame, the C `debug.getlocal` that reads no local
-- of ButtonKit's own frames (this chunk's, the test framework's), and the C
-- `guarded` that runs a path check and the real function it guards with no
-- script code in between (no hook, no finalizer).
--
-- A refused file access looks like the operating system refusing it: the
-- functions that report failures with `nil, message, errno` do so (with
-- EACCES), the ones that raise, raise. Nothing the real function would not
-- do. Paths with NUL bytes are refused by the host check.
local confine, host_checkpath, lpath, text_load, cpath, frame_getinfo, frame_getlocal, guarded = ...

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
-- Kept here, not looked up when used: a script may replace string.gsub or
-- a file handle's close method, and its replacement would run inside the
-- wrappers, handed what they hold (an open handle to a system module).
local gsub, gmatch, format, concat = string.gsub, string.gmatch, string.format, table.concat
local file_close = debug.getmetatable(io.stdout).__index.close

-- Every real function that takes a path runs through `guarded`: the check
-- and the call in one C step, so a hook or a finalizer cannot rename a
-- folder between them. It returns true and the results, or false and the
-- refusal; these turn a refusal into what the real function does on
-- failure (returns nil, message, EACCES; returns nil, message; raises at
-- the wrapper's caller: `raises` is always called as the wrapper's tail
-- call, so level 2 is that caller).
local function returns(ok, ...)
  if ok then return ... end
  return nil, (...), EACCES
end
local function returns2(ok, ...)
  if ok then return ... end
  return nil, (...)
end
local function raises(ok, ...)
  if ok then return ... end
  error((...), 2)
end

-- io: files only inside the working tree; no processes.
io.open = function(path, mode)
  return returns(guarded(host_checkpath, "io.open", io_open, 1, path, mode))
end
io.lines = function(path, ...)
  return raises(guarded(host_checkpath, "io.lines", io_lines, 1, path, ...))
end
io.input = function(f)
  return raises(guarded(host_checkpath, "io.input", io_input, 1, f))
end
io.output = function(f)
  return raises(guarded(host_checkpath, "io.output", io_output, 1, f))
end
io.popen = disabled("io.popen")
-- An unnamed file in the system's temporary folder: outside the tree.
io.tmpfile = disabled("io.tmpfile")

-- os: clock time date difftime getenv, and remove/rename inside the tree.
os.execute = disabled("os.execute")
os.exit = disabled("os.exit")
os.tmpname = disabled("os.tmpname")
os.setlocale = disabled("os.setlocale")
os.remove = function(path)
  return returns(guarded(host_checkpath, "os.remove", os_remove, 1, path))
end
os.rename = function(from, to)
  return returns(guarded(host_checkpath, "os.rename", os_rename, 2, from, to))
end

-- Loading code: text chunks only (a C function, so nothing reachable from a
-- reader function loads bytecode); files only inside the tree.
load = text_load
loadfile = function(path, mode, ...)
  if select("#", ...) > 0 then return returns2(guarded(host_checkpath, "loadfile", raw_loadfile, 1, path, "t", ...)) end
  return returns2(guarded(host_checkpath, "loadfile", raw_loadfile, 1, path, "t"))
end
dofile = function(path)
  local ok, f, err = guarded(host_checkpath, "dofile", raw_loadfile, 1, path, "t")
  if not ok then error(f, 2) end
  if not f then error(err, 2) end
  return f()
end

-- require: Lua modules from package.path inside the tree (and system-wide
-- pure-Lua modules); no C modules. package.searchpath only looks at files
-- the sandbox would let a script read, so it tells nothing about others.
package.loadlib = disabled("package.loadlib")
package.cpath = ""
package.path = prepend_lpath(true) .. ";" .. system_path

package.searchpath = function(name, path, sep, rep)
  if type(name) ~= "string" then error("bad argument #1 to 'searchpath' (string expected, got " .. type(name) .. ")", 2) end
  if type(path) ~= "string" then error("bad argument #2 to 'searchpath' (string expected, got " .. type(path) .. ")", 2) end
  sep = sep or "."
  rep = rep or "/"
  if sep ~= "" then name = gsub(name, (gsub(sep, "%p", "%%%0")), (gsub(rep, "%%", "%%%%"))) end
  local tried = {}
  for template in gmatch(path, "[^;]+") do
    local candidate = gsub(template, "%?", (gsub(name, "%%", "%%%%")))
    local ok, f = guarded(host_checkpath, "require", io_open, 1, candidate, "r")
    if ok and f then file_close(f) return candidate end
    tried[#tried + 1] = "no file '" .. candidate .. "'"
  end
  -- As Lua 5.4's searchpath words it: require adds "\n\t" before each
  -- searcher's message itself.
  return nil, concat(tried, "\n\t")
end
local searchpath = package.searchpath

local preload_searcher = package.searchers[1]
local function lua_searcher(name)
  local path, err = searchpath(name, package.path)
  if not path then return err end
  -- Checked again with the load: the file searchpath found may have been
  -- swapped since.
  local ok, f, lerr = guarded(host_checkpath, "require", raw_loadfile, 1, path, "t")
  if not ok then f, lerr = nil, f end
  if not f then
    error(format("error loading module '%s' from file '%s':\n\t%s", name, path, lerr), 0)
  end
  return f, path
end
package.searchers = { preload_searcher, lua_searcher }

-- debug: what error reporting, test frameworks and profilers need; hooks
-- work alongside the time limit. getinfo leaves out `func` when a stack
-- frame runs a C function: a hook sees every function the wrappers above
-- call (the real io.open, loadfile, os.remove ...), and `func` would hand
-- them out, and leaves it out for frames running ButtonKit's own Lua too.
-- getlocal reads nil for every local of those frames: a wrapper holds the
-- real functions in its registers just before the call, and the test
-- framework the runner's host functions, where a hook could read them.
debug = {
  traceback = traceback, getinfo = frame_getinfo,
  getmetatable = debug.getmetatable, getlocal = frame_getlocal, upvalueid = debug.upvalueid,
  sethook = debug.sethook, gethook = debug.gethook,
}
package.loaded.debug = debug
