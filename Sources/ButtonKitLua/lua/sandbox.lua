-- ButtonKit's sandbox, run once when a state is created.
-- Arguments: whether to confine, extra package.path entries, the C `load`
-- that loads text chunks only, extra package.cpath entries (unconfined
-- only), the C `debug.getinfo` that gives out no C function of a stack
-- frame, the C `debug.getlocal` that reads no local of ButtonKit's own
-- frames (this chunk's, the test framework's), and the table of the C file
-- functions (sandbox_io.c) that take every path through the working tree,
-- resolved by the kernel beneath it where it can (confine.c).
--
-- A refused file access looks like the operating system refusing it: the
-- functions that report failures with `nil, message, errno` do so (with
-- EACCES), the ones that raise, raise. Nothing the real function would not
-- do.
local confine, lpath, text_load, cpath, frame_getinfo, frame_getlocal, files = ...

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

local traceback = debug.traceback

-- io: files only inside the working tree; no processes.
io.open, io.lines, io.input, io.output = files.open, files.lines, files.input, files.output
io.popen = disabled("io.popen")
-- An unnamed file in the system's temporary folder: outside the tree.
io.tmpfile = disabled("io.tmpfile")

-- os: clock time date difftime getenv, and remove/rename inside the tree.
os.execute = disabled("os.execute")
os.exit = disabled("os.exit")
os.tmpname = disabled("os.tmpname")
os.setlocale = disabled("os.setlocale")
os.remove, os.rename = files.remove, files.rename

-- Loading code: text chunks only (a C function, so nothing reachable from a
-- reader function loads bytecode); files only inside the tree.
load = text_load
loadfile, dofile = files.loadfile, files.dofile

-- require: Lua modules from package.path inside the tree (and system-wide
-- pure-Lua modules); no C modules. package.searchpath only looks at files
-- the sandbox would let a script read, so it tells nothing about others.
package.loadlib = disabled("package.loadlib")
package.cpath = ""
package.path = prepend_lpath(true) .. ";" .. system_path
package.searchpath = files.searchpath
package.searchers = { package.searchers[1], files.searcher }

-- debug: what error reporting, test frameworks and profilers need; hooks
-- work alongside the time limit. getinfo leaves out `func` when a stack
-- frame runs a C function: a hook sees every function the file functions
-- above call (the real io.input, io.lines, a file's lines), and `func` would
-- hand them out, and leaves it out for frames running ButtonKit's own Lua
-- too. getlocal reads nil for every local of those frames (and for the
-- arguments of C functions they call): the test framework holds the
-- runner's host functions, where a hook could read them.
debug = {
  traceback = traceback, getinfo = frame_getinfo,
  getmetatable = debug.getmetatable, getlocal = frame_getlocal, upvalueid = debug.upvalueid,
  sethook = debug.sethook, gethook = debug.gethook,
}
package.loaded.debug = debug
