-- Whether a file outside the tree exists must not show: every probe gives
-- the same answer for an existing file (secret) and a missing one (missing),
-- once the name is blanked out. Prints "same: PROBE" or "DIFFERS: PROBE ...".
local OUT = assert(os.getenv("BK_OUTSIDE"))
local function outcome(...)
  local parts = {}
  for i = 1, select("#", ...) do parts[#parts + 1] = tostring((select(i, ...))) end
  return table.concat(parts, " | ")
end
local probes = {
  { "package.searchpath", function(n) return package.searchpath(n, OUT .. "/?.lua") end },
  { "package.searchpath through a link", function(n) return package.searchpath(n, "./outlink/?.lua") end },
  { "require", function(n)
    package.path = OUT .. "/?.lua"
    package.loaded[n] = nil
    return pcall(require, n)
  end },
  { "io.open", function(n) return io.open(OUT .. "/" .. n .. ".lua") end },
  { "io.open through a link", function(n) return io.open("outlink/" .. n .. ".lua") end },
  { "io.lines", function(n) return pcall(io.lines, OUT .. "/" .. n .. ".lua") end },
  { "loadfile", function(n) return loadfile(OUT .. "/" .. n .. ".lua") end },
  { "dofile", function(n) return pcall(dofile, OUT .. "/" .. n .. ".lua") end },
  { "os.remove", function(n) return os.remove(OUT .. "/" .. n .. ".lua") end },
  { "os.rename", function(n) return os.rename(OUT .. "/" .. n .. ".lua", "here.lua") end },
  { "ui.store", function(n) return pcall(ui.store, OUT .. "/" .. n .. ".lua") end },
}
local lines = {}
for _, p in ipairs(probes) do
  local a = outcome(p[2]("secret")):gsub("secret", "NAME")
  local b = outcome(p[2]("missing")):gsub("missing", "NAME")
  lines[#lines + 1] = (a == b and "same: " or "DIFFERS: ") .. p[1] .. (a == b and "" or (": " .. a .. " vs " .. b))
end
print(table.concat(lines, "\n"))
return lines
