-- Allocation-heavy: tables and strings made and dropped, so the allocator
-- (and the memory ceiling's accounting in it) is on the hot path.
local keep = {}
for i = 1, 3e6 do
  local t = { i, i + 1, name = "item" .. i }
  keep[i % 512 + 1] = t
  local s = t.name .. ":" .. (i % 97)
  if #s == 0 then error("impossible") end
end
