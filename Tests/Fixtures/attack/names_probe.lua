-- Names the sandbox once read differently from the kernel (the test makes
-- the links): a part that starts with a combining mark, which Swift joins
-- with the slash before it into one character, and bytes that are not
-- UTF-8, which decoding replaced with U+FFFD, so links were looked up under
-- names that do not exist. Prints one line per attempt: "NAME: refused ..."
-- or "NAME: ALLOWED ...".
local function show(v) return (tostring(v):gsub("[\128-\255]", function(c) return ("\\x%02X"):format(c:byte()) end)) end
local function refused(msg)
  return type(msg) == "string" and (msg:find("outside the working tree", 1, true) or msg:find("not valid UTF-8", 1, true)
    or msg:find("symbolic link", 1, true)) ~= nil
end
local lines = {}
local function note(name, ok, detail)
  lines[#lines + 1] = show(name) .. ": " .. (ok and "refused" or "ALLOWED") .. " (" .. show(detail) .. ")"
end

local mark = utf8.char(0x0670)
for _, name in ipairs({ "../" .. mark .. "by-mark.txt", "sub/../../" .. mark .. "by-mark.txt" }) do
  local f, e = io.open(name, "w")
  if f then f:write("escaped") f:close() end
  note("io.open(" .. name .. ", w)", f == nil and refused(e), e)
  local ok, s = pcall(ui.store, name)
  if ok then pcall(s.set, s, "escaped", true) end
  note("ui.store(" .. name .. ")", not ok and refused(s), s)
end

-- sub/up leads outside; under a name that is not UTF-8 it must lead nowhere.
local rok, re = os.rename("sub", "\xfe")
note("os.rename(sub, \xfe)", not rok and refused(re), re)
for _, name in ipairs({ "\xfe/up", "\xff/../sub/up" }) do
  local f, e = io.open(name, "w")
  if f then f:write("escaped") f:close() end
  note("io.open(" .. name .. ", w)", f == nil and refused(e), e)
end
local ok, e = pcall(dofile, "\xfe/secret-link")
note("dofile(\xfe/secret-link)", not ok and refused(e), e)
print(table.concat(lines, "\n"))
return lines
