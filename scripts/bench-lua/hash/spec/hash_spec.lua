-- A pure-Lua hash over a few megabytes, in the shape of md5.lua's and
-- sha1.lua's suites: the test time is almost all VM time, so the runner's
-- own cost and the VM's build are what differ between runners.

-- A 32-bit mixing hash in the style of MD5's rounds (not MD5: ours).
local function hash(data)
  local a, b, c, d = 0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476
  local byte = string.byte
  for i = 1, #data - 3, 4 do
    local w1, w2, w3, w4 = byte(data, i, i + 3)
    local w = w1 | (w2 << 8) | (w3 << 16) | (w4 << 24)
    local f = (b & c) | (~b & d)
    local t = (a + f + w + 0x5a827999) & 0xffffffff
    a, b, c, d = d, (b + ((t << 7) | (t >> 25))) & 0xffffffff, b, c
  end
  return string.format("%08x%08x%08x%08x", a, b, c, d)
end

local function data(n, seed)
  local parts, x = {}, seed
  for i = 1, n // 64 do
    x = (x * 1103515245 + 12345) & 0x7fffffff
    parts[i] = string.rep(string.char(x % 251), 32) .. string.format("%032d", x)
  end
  return table.concat(parts)
end

describe("a pure-Lua hash", function()
  local one, other
  setup(function()
    one = data(1 << 20, 7)
    other = data(1 << 20, 8)
  end)

  it("is stable", function()
    assert.are.equal(hash(one), hash(one))
  end)

  it("tells inputs apart", function()
    assert.are_not.equal(hash(one), hash(other))
  end)

  it("sees one changed byte", function()
    local changed = one:sub(1, 1000) .. "x" .. one:sub(1002)
    assert.are_not.equal(hash(one), hash(changed))
  end)

  it("has 32 hex digits", function()
    assert.is_truthy(hash(other):match("^%x+$"))
    assert.are.equal(32, #hash(other))
  end)
end)
