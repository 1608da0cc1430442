-- Every way a path enters, given a name whose C reading (up to the NUL)
-- is a file outside the tree while the whole string leads back inside it.
-- Prints one line per entry point: "NAME: refused ..." or "NAME: ALLOWED ...".
-- Runs as a script (buttonkit run) and from a spec (buttonkit test --sandbox).
local OUT, TREE = assert(os.getenv("BK_OUTSIDE")), assert(os.getenv("BK_TREE"))

local function sneak(p)
  local depth = select(2, p:gsub("/", ""))
  return p .. "\0/" .. ("../"):rep(depth) .. TREE:sub(2) .. "/decoy.txt"
end

local function show(v) return (tostring(v):gsub("%z", "\\0")) end
local function nul(msg) return type(msg) == "string" and msg:find("NUL byte", 1, true) ~= nil end
local lines = {}
local function note(name, refused, detail)
  lines[#lines + 1] = name .. ": " .. (refused and "refused" or "ALLOWED") .. " (" .. show(detail) .. ")"
end

do
  local f, e = io.open(sneak(OUT .. "/secret.txt"))
  note("io.open read", f == nil and nul(e), f and f:read("a") or e)
  if f then f:close() end
end
do
  local f, e = io.open(sneak(OUT .. "/by-open.txt"), "w")
  if f then f:write("escaped") f:close() end
  note("io.open write", f == nil and nul(e), e)
end
do
  local ok, e = pcall(io.lines, sneak(OUT .. "/secret.txt"))
  note("io.lines", not ok and nul(e), ok and e() or e)
end
do
  local ok, e = pcall(io.input, sneak(OUT .. "/secret.txt"))
  note("io.input", not ok and nul(e), ok and io.read("a") or e)
  if ok then io.input(io.stdin) end
end
do
  local ok, e = pcall(io.output, sneak(OUT .. "/by-output.txt"))
  if ok then io.write("escaped") io.output():close() io.output(io.stdout) end
  note("io.output", not ok and nul(e), e)
end
do
  local f, e = loadfile(sneak(OUT .. "/secret.lua"))
  note("loadfile", f == nil and nul(e), f and f() or e)
end
do
  local ok, e = pcall(dofile, sneak(OUT .. "/secret.lua"))
  note("dofile", not ok and nul(e), e)
end
do
  local ok, e = os.remove(sneak(OUT .. "/victim.txt"))
  note("os.remove", not ok and nul(e), e)
end
do
  local ok, e = os.rename(sneak(OUT .. "/victim.txt"), "moved-in.txt")
  note("os.rename from", not ok and nul(e), e)
end
do
  local ok, e = os.rename("decoy.txt", sneak(OUT .. "/moved-out.txt"))
  note("os.rename to", not ok and nul(e), e)
end
do
  local ok, e = pcall(ui.store, sneak(OUT .. "/store.json"))
  if ok then pcall(e.set, e, "escaped", true) end
  note("ui.store", not ok and nul(e), e)
end
do
  local template = sneak(OUT .. "/secret.txt"):gsub("decoy", "?")
  local found = package.searchpath("x", template)
  note("package.searchpath", found == nil, found or "not found")
end

print(table.concat(lines, "\n"))
return lines
