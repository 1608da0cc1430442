-- Another user keeps swapping the folder d (d/secret.txt says "inside")
-- with a link to the folder outside (outside/secret.txt: a root-only file)
-- while this runs (the test starts that process). Each round reads
-- d/secret.txt and creates a file in d, as a confined script may: a read
-- that finds the root-only text, or a file that appears outside, got out.
-- Prints one line: "race: R rounds, O outside reads, I inside reads, F failed".
local seconds = tonumber(os.getenv("BK_SECONDS")) or 3
local until_out = os.getenv("BK_UNTIL_OUT") == "1"
local rounds, outside, inside, failed = 0, 0, 0, 0
-- Wall-clock seconds (os.clock counts CPU time, which a loaded machine
-- hands out slowly).
local t0 = os.time()
while os.time() - t0 < seconds do
  rounds = rounds + 1
  local f = io.open("d/secret.txt")
  if f then
    local text = f:read("a") or ""
    f:close()
    if text:find("root only", 1, true) then outside = outside + 1 else inside = inside + 1 end
  else
    failed = failed + 1
  end
  local g = io.open("d/made-" .. rounds .. ".txt", "w")
  if g then g:close() end
  if until_out and outside > 0 then break end
end
io.stdout:write(("race: %d rounds, %d outside reads, %d inside reads, %d failed\n"):format(rounds, outside, inside, failed))
