-- A hook sees every function the sandbox's wrappers call: the real io.open,
-- loadfile, os.remove ... behind them (and a host's private functions). The
-- probe catches every function a call or return hook can reach, on the
-- stack (debug.getinfo) and in its slots (debug.getlocal), while every
-- wrapper runs, then tries each on files outside the tree and on bytecode.
-- Prints "NAME: refused ..." or "NAME: ALLOWED ..." and what it caught.
local OUT = assert(os.getenv("BK_OUTSIDE"))
local lines = {}
local function note(name, refused, detail)
  lines[#lines + 1] = name .. ": " .. (refused and "refused" or "ALLOWED") .. " (" .. tostring(detail) .. ")"
end
local caught, seen = {}, {}
local function grab(v)
  if type(v) == "function" and not seen[v] then
    seen[v] = true
    caught[#caught + 1] = v
  end
end
local function hook()
  for level = 2, 16 do
    local info = debug.getinfo(level, "f")
    if not info then break end
    grab(info.func)
    for i = 1, 60 do
      local name, v = debug.getlocal(level, i)
      if not name then break end
      grab(v)
    end
  end
end
-- The probe's own functions are not what it is after.
seen[debug.getinfo(1, "f").func], seen[note], seen[grab], seen[hook] = true, true, true, true

local f = assert(io.open("chunk.luac", "wb"))
f:write(string.dump(function() return "bytecode ran" end))
f:close()

debug.sethook(hook, "cr")
pcall(io.open, "decoy.txt")
pcall(io.open, OUT .. "/secret.txt")
pcall(io.lines, "decoy.txt")
pcall(io.input, "decoy.txt")
io.input(io.stdin)
pcall(io.output, "out.txt")
io.output(io.stdout)
pcall(loadfile, "decoy.txt")
pcall(loadfile, "chunk.luac")
pcall(dofile, "no-such-file.lua")
pcall(os.remove, "no-such-file")
pcall(os.rename, "no-such-file", "x")
pcall(load, "return 1")
pcall(load, function() return nil end)
pcall(require, "no_such_module")
pcall(package.searchpath, "x", "./?.lua")
pcall(ui.store, "s.json")
pcall(debug.sethook, hook, "cr")
if rawget(_G, "assert") and type(assert) == "table" and assert.snapshot then
  -- Inside a spec: the framework's own calls to its host (snapshots).
  pcall(assert.snapshot, ui.button { id = "b" }, "probe")
end
debug.sethook()

local read, ran, removed, cfunctions = 0, 0, 0, 0
for i, fn in ipairs(caught) do
  -- C functions only: the framework's Lua functions a hook sees may run the
  -- spec again, and they reach outside only through C functions anyway.
  if debug.getinfo(fn, "S").what ~= "C" then goto next end
  cfunctions = cfunctions + 1
  local ok, r = pcall(fn, OUT .. "/secret.txt")
  if ok and io.type(r) == "file" then read = read + 1 note("caught function #" .. i .. " opens outside files", false, r:read("a")) end
  ok, r = pcall(fn, OUT .. "/secret.txt", "r")
  if ok and io.type(r) == "file" then read = read + 1 end
  ok, r = pcall(fn, "chunk.luac", "b")
  if ok and type(r) == "function" and select(2, pcall(r)) == "bytecode ran" then
    ran = ran + 1
    note("caught function #" .. i .. " loads bytecode", false, "bytecode ran")
  end
  ok, r = pcall(fn, OUT .. "/victim.txt")
  if ok and r == true then removed = removed + 1 note("caught function #" .. i .. " removes outside files", false, "") end
  ::next::
end
note("outside files opened through caught functions", read == 0, read)
note("bytecode run through caught functions", ran == 0, ran)
note("outside files removed through caught functions", removed == 0, removed)
print("caught " .. #caught .. " functions, " .. cfunctions .. " of them C functions")
print(table.concat(lines, "\n"))
return lines
