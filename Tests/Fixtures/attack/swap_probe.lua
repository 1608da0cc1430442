-- A hook that swaps folders between the sandbox's check and the real open
-- (the test makes p1/a/target inside the tree and p2/a leading outside):
-- after the swap, p1/a/target would be outside/secret.txt. A return hook
-- counts the C functions the wrapper returns from and renames on the Nth,
-- for every N that could fall between the check and the open; a finalizer
-- tries the same from the collector. Prints one line per attempt: "NAME:
-- refused ..." when nothing outside was reached, "NAME: ALLOWED ..." else.
local lines = {}
local function note(name, ok, detail)
  lines[#lines + 1] = name .. ": " .. (ok and "refused" or "ALLOWED") .. " (" .. tostring(detail):sub(1, 80) .. ")"
end
local function reset()
  -- p1 is the inside folder again, p2 the one with the outward link.
  if io.open("p1/a/target") == nil or not io.open("p1/a/target"):read("a"):find("inside") then
    os.rename("p1", "p3"); os.rename("p2", "p1"); os.rename("p3", "p2")
  end
end

local attempts = {
  { "io.open r", function() local f = io.open("p1/a/target", "r") local t = f and f:read("a") if f then f:close() end return t end },
  { "io.open r+", function() local f = io.open("p1/a/target", "r+") if not f then return nil end f:write("SWAPPED") f:close() end },
  { "io.lines", function() local ok, it = pcall(io.lines, "p1/a/target") return ok and it() or nil end },
  { "loadfile", function() local f = loadfile("p1/a/code.lua") return f and f() end },
  { "dofile", function() local ok, v = pcall(dofile, "p1/a/code.lua") return ok and v or nil end },
}
for _, a in ipairs(attempts) do
  local reached = false
  for n = 1, 6 do
    reset()
    local armed = n
    debug.sethook(function()
      if armed > 0 and debug.getinfo(2, "S").what == "C" then
        armed = armed - 1
        if armed == 0 then os.rename("p1", "p3"); os.rename("p2", "p1"); os.rename("p3", "p2") end
      end
    end, "r")
    local ok, got = pcall(a[2])
    debug.sethook()
    if ok and type(got) == "string" and got:find("outside secret") then reached = true end
  end
  note(a[1] .. " with a hook swapping folders", not reached, reached and "read outside" or "")
end
do
  reset()
  local reached = false
  for _ = 1, 200 do
    setmetatable({}, { __gc = function() os.rename("p1", "p3"); os.rename("p2", "p1"); os.rename("p3", "p2") end })
    local f = io.open("p1/a/target", "r")
    if f then if f:read("a"):find("outside secret") then reached = true end f:close() end
  end
  note("io.open with finalizers swapping folders", not reached, reached and "read outside" or "")
end
print(table.concat(lines, "\n"))
return lines
