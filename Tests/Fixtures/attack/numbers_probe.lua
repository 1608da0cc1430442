-- Numbers as names: the real functions take 1 as the name "1", so the check
-- must too (the test makes links named 1, 2 and 3 leading outside). Prints
-- one line per attempt: "NAME: refused ..." or "NAME: ALLOWED ...".
local function refused(msg) return type(msg) == "string" and msg:find("outside the working tree", 1, true) ~= nil end
local lines = {}
local function note(name, ok, detail)
  lines[#lines + 1] = name .. ": " .. (ok and "refused" or "ALLOWED") .. " (" .. tostring(detail):sub(1, 80) .. ")"
end
local f, e = io.open(1)
note("io.open(1)", f == nil and refused(e), f and f:read("a") or e)
f, e = io.open(2, "w")
if f then f:write("escaped") f:close() end
note("io.open(2, w)", f == nil and refused(e), e)
local ok, err = pcall(io.lines, 1)
note("io.lines(1)", not ok and refused(err), err)
local g, lerr = loadfile(3)
note("loadfile(3)", g == nil and refused(lerr), lerr)
ok, err = pcall(dofile, 3)
note("dofile(3)", not ok and refused(err), err)
local r, rerr = os.rename(2, "moved")
note("os.rename(2, moved)", r == nil and refused(rerr), rerr)
ok, err = pcall(io.tmpfile)
note("io.tmpfile()", not ok and tostring(err):find("disabled", 1, true) ~= nil, err)
print(table.concat(lines, "\n"))
return lines
