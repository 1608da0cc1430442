-- Ways out that need only links leading inside the tree (the test makes
-- them): a path that grows past PATH_MAX once its links are followed (the
-- check's lstat failed there and took the link for a plain name, while the
-- kernel, walking the short relative name, followed it), and a store whose
-- folders are renamed after ui.store checked its path (a relative link
-- moved elsewhere leads somewhere else). Prints one line per attempt:
-- "NAME: refused ..." or "NAME: ALLOWED ...".
local function refused(msg)
  return type(msg) == "string" and (msg:find("outside the working tree", 1, true) or msg:find("cannot be checked", 1, true)) ~= nil
end
local lines = {}
local function note(name, ok, detail)
  lines[#lines + 1] = name .. ": " .. (ok and "refused" or "ALLOWED") .. " (" .. tostring(detail):sub(1, 120) .. ")"
end

local long = "s/s2/back/../outside/"
local f, e = io.open(long .. "by-long.txt", "w")
if f then f:write("escaped") f:close() end
note("io.open(long/by-long.txt, w)", f == nil and refused(e), e)
f, e = io.open(long .. "secret.txt")
note("io.open(long/secret.txt)", f == nil and refused(e), f and f:read("a") or e)

local s = ui.store("b/c/s.json")  -- b/c is a plain folder: inside
s:set("k", "inside")
-- a/c -> ../../outside would lead out of the tree; the sandbox refuses to
-- move links (or folders holding them) at all, and if it did not, the store
-- must still refuse once its path leads outside.
local moved, why = os.rename("a/sub/c", "a/c")
if moved then
  os.rename("b", "b0")
  moved, why = os.rename("a", "b")  -- so b/c/s.json is outside/s.json
end
if not moved then
  local stopped = type(why) == "string" and why:find("symbolic link", 1, true) ~= nil
  note("store:set after the move", stopped, why)
  note("store:get after the move", stopped, why)
else
  local ok, err = pcall(s.set, s, "k", "escaped")
  note("store:set after the move", not ok and refused(err), err)
  ok, err = pcall(s.get, s, "k")
  note("store:get after the move", not ok and refused(err), err)
end
print(table.concat(lines, "\n"))
return lines
