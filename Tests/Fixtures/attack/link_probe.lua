-- Links inside the tree that lead outside, dangling or not (the test makes
-- them): opening, writing, storing or renaming through any of them must be
-- refused. Prints one line per attempt: "NAME: refused ..." or "NAME: ALLOWED ...".
local function show(v) return (tostring(v):gsub("%z", "\\0")) end
local function outside(msg) return type(msg) == "string" and msg:find("outside the working tree", 1, true) ~= nil end
local lines = {}
local function note(name, refused, detail)
  lines[#lines + 1] = name .. ": " .. (refused and "refused" or "ALLOWED") .. " (" .. show(detail) .. ")"
end

local writable = { "dangling", "dangling-abs", "chain1", "sub/up", "dirlink/by-dir.txt", "dirlink/../outside/x.txt" }
for _, name in ipairs(writable) do
  for _, mode in ipairs({ "w", "a", "r+", "w+" }) do
    local f, e = io.open(name, mode)
    if f then f:write("escaped") f:close() end
    note("io.open(" .. name .. ", " .. mode .. ")", f == nil and outside(e), e)
  end
  local ok, e = pcall(io.output, name)
  if ok then io.write("escaped") io.output():close() io.output(io.stdout) end
  note("io.output(" .. name .. ")", not ok and outside(e), e)
  local sok, s = pcall(ui.store, name)
  if sok then pcall(s.set, s, "escaped", true) end
  note("ui.store(" .. name .. ")", not sok and outside(s), s)
  local rok, re = os.rename("decoy.txt", name)
  note("os.rename(decoy.txt, " .. name .. ")", not rok and outside(re), re)
end
do
  local f, e = io.open("readlink")
  note("io.open(readlink)", f == nil and outside(e), f and f:read("a") or e)
end
do
  local ok, e = pcall(dofile, "dirlink/secret.lua")
  note("dofile(dirlink/secret.lua)", not ok and outside(e), e)
end
print(table.concat(lines, "\n"))
return lines
