-- The sandbox: escapes fail with clear errors.
describe("sandbox", function()
  it("refuses processes", function()
    assert.error_matches(function() os.execute("true") end, "os.execute is disabled in the sandbox")
    assert.error_matches(function() io.popen("true") end, "io.popen is disabled")
    assert.error_matches(function() os.exit(1) end, "os.exit is disabled")
  end)

  it("refuses C modules", function()
    assert.error_matches(function() package.loadlib("libc.so.6", "puts") end, "package.loadlib is disabled")
    assert.are.equal("", package.cpath)
  end)

  it("refuses files outside the working tree the way the system refuses them", function()
    local f, err, code = io.open("/etc/passwd")
    assert.is_nil(f)
    assert.matches("outside the working tree", err)
    assert.are.equal(13, code)  -- EACCES
    f, err = io.open("../escape.txt", "w")
    assert.is_nil(f)
    assert.matches("outside the working tree", err)
    assert.error_matches(function() io.lines("/etc/passwd") end, "outside the working tree")
    assert.error_matches(function() dofile("/etc/passwd") end, "outside the working tree")
    local ok, rerr = os.remove("/etc/buttonkit-not-here")
    assert.is_nil(ok)
    assert.matches("outside the working tree", rerr)
  end)

  it("refuses a way out whose next part starts with a combining mark", function()
    -- To Swift the slash and the mark are one character; to the kernel the
    -- slash still separates, and ".." still leads out.
    local mark = utf8.char(0x0670)
    local f, err = io.open("../" .. mark .. "escape.txt", "w")
    assert.is_nil(f)
    assert.matches("outside the working tree", err)
    f, err = io.open("spec/../../" .. mark .. "escape.txt", "w")
    assert.is_nil(f)
    assert.matches("outside the working tree", err)
    assert.error_matches(function() ui.store("../" .. mark .. "escape.json") end, "outside the working tree")
  end)

  it("refuses names that are not UTF-8, which it could not check exactly", function()
    local f, err, code = io.open("spec/\xff.txt", "w")
    assert.is_nil(f)
    assert.matches("not valid UTF%-8", err)
    assert.are.equal(13, code)
    assert.error_matches(function() dofile("\xfe.lua") end, "not valid UTF%-8")
    assert.error_matches(function() ui.store("\xfe.json") end, "valid UTF%-8 string expected, got other bytes")
  end)

  it("refuses names with a NUL byte, which C would cut short", function()
    local f, err = io.open("/etc/passwd\0/../../spec/sandbox_spec.lua")
    assert.is_nil(f)
    assert.matches("NUL byte", err)
    assert.error_matches(function() dofile("spec/sandbox_spec.lua\0") end, "NUL byte")
    assert.error_matches(function() ui.store("x.json\0/../../etc/passwd") end, "NUL byte")
  end)

  it("keeps package.searchpath from telling whether files outside exist", function()
    local found, err = package.searchpath("passwd", "/etc/?")
    assert.is_nil(found)
    assert.matches("no file '/etc/passwd'", err)
  end)

  it("refuses binary chunks", function()
    local f, err = load(string.dump(function() return 1 end))
    assert.is_nil(f)
    assert.matches("binary chunks are disabled", err)
  end)

  it("leaves nothing reachable from a reader function that loads bytecode", function()
    local dumped = string.dump(function() return 1 end)
    local caller
    load(function()
      caller = caller or debug.getinfo(2, "f").func
      return nil
    end)
    -- the C function running the reader is not handed out; were it, it
    -- would be the sandbox's own load, which refuses bytecode
    assert.is_nil(caller)
    local g, gerr = load(dumped, "x", "b")
    assert.is_nil(g)
    assert.matches("binary chunks are disabled", gerr)
    -- a reader that hands over bytecode is refused as well
    local sent = false
    local h, herr = load(function() if sent then return nil end sent = true return dumped end)
    assert.is_nil(h)
    assert.matches("binary chunks are disabled", herr)
  end)

  it("hands a hook no C function the sandbox's wrappers call", function()
    local seen = {}
    debug.sethook(function()
      local info = debug.getinfo(2, "fS")
      if info and info.what == "C" then seen[#seen + 1] = info.func or false end
    end, "c")
    pcall(io.open, "spec/sandbox_spec.lua")
    pcall(os.remove, ".build/no-such-file")
    pcall(loadfile, "spec/sandbox_spec.lua")
    debug.sethook()
    assert.is_true(#seen > 0)
    for _, f in ipairs(seen) do assert.is_false(f) end
    -- a function passed by value is answered as usual
    assert.are.equal(print, debug.getinfo(print, "f").func)
  end)

  it("lets a hook read no function from the file functions' frames, where the real functions wait", function()
    -- The file functions are C functions: a call hook fires on the C
    -- functions they call in turn (the real io.input, a file's lines),
    -- which would open any file by name. Neither those functions nor any
    -- function in their frames can be read; nothing of them is Lua.
    local found, looked = {}, 0
    debug.sethook(function()
      local info, caller = debug.getinfo(2, "Sf"), debug.getinfo(3, "S")
      if info.source == "=[buttonkit sandbox]" then found[#found + 1] = "a Lua frame of the sandbox" end
      if info.what ~= "C" or not caller or caller.what ~= "C" then return end
      looked = looked + 1
      if info.func then found[#found + 1] = "the function itself" end
      for i = 1, 30 do
        local name, value = debug.getlocal(2, i)
        if not name then break end
        if type(value) == "function" then found[#found + 1] = name end
      end
    end, "c")
    pcall(io.lines, "spec/sandbox_spec.lua")
    pcall(io.input, "spec/sandbox_spec.lua")
    pcall(io.open, "spec/sandbox_spec.lua")
    pcall(os.remove, ".build/no-such-file")
    pcall(loadfile, "spec/sandbox_spec.lua")
    debug.sethook()
    io.input(io.stdin)
    assert.is_true(looked > 0)  -- the hook did look into those frames
    assert.are.same({}, found)
    -- Everything else reads as in Lua.
    local function f(a, b) local c = a + b; return debug.getlocal(1, 3) end
    assert.are.same({ "c", 3 }, { f(1, 2) })
    assert.are.equal("a", debug.getlocal(f, 1))
    assert.error_matches(function() debug.getlocal(1000, 1) end, "level out of range")
  end)

  it("lets a hook take nothing from the test framework's frames", function()
    -- The framework holds the runner's private host functions; a hook
    -- firing inside it sees its frames, and neither their locals nor their
    -- functions are handed out.
    local function ours(source) return source == "=?" or source:sub(1, 12) == "=[buttonkit " end
    local leaked, looked = {}, 0
    local function scan()
      for level = 2, 60 do
        local info = debug.getinfo(level, "Sf")
        if not info then break end
        local caller = debug.getinfo(level + 1, "S")
        if ours(info.source) or (info.what == "C" and caller and ours(caller.source)) then
          looked = looked + 1
          if info.func and ours(info.source) then leaked[#leaked + 1] = "func of " .. info.source end
          for i = 1, 80 do
            local name, value = debug.getlocal(level, i)
            if not name then break end
            if value ~= nil then leaked[#leaked + 1] = name .. " in " .. info.source end
          end
        end
      end
    end
    debug.sethook(scan, "", 1)
    assert.is_true(true)
    assert.are.same({ 1 }, { 1 })
    debug.sethook()
    assert.is_true(looked > 0)
    assert.are.same({}, leaked)
  end)

  it("leaves nothing behind on another thread's stack for a bad getinfo option", function()
    local co = coroutine.create(function() coroutine.yield() end)
    coroutine.resume(co)
    local function top_values()
      local n = 0
      for i = 1, 50 do
        local name, value = debug.getlocal(co, 0, i)
        if not name then break end
        if value ~= nil then n = n + 1 end
      end
      return n
    end
    local before = top_values()
    assert.error_matches(function() debug.getinfo(co, 0, "fZ") end, "invalid option")
    assert.are.equal(before, top_values())
  end)

  it("keeps the harmless parts of os", function()
    for _, k in ipairs({ "clock", "time", "date", "difftime", "getenv" }) do
      assert.is_function(os[k])
    end
  end)

  it("reads files inside the tree", function()
    local f = assert(io.open("spec/sandbox_spec.lua"))
    assert.matches("sandbox", f:read("l"))
    f:close()
  end)

  it("hides the debug functions that reach into other functions", function()
    assert.is_nil(debug.getregistry)
    assert.is_nil(debug.getupvalue)
    assert.is_nil(debug.setupvalue)
    assert.is_function(debug.traceback)
  end)

  it("keeps debug.sethook, which works alongside the time limit", function()
    local lines = 0
    debug.sethook(function() lines = lines + 1 end, "l")
    local x = 0
    for i = 1, 3 do x = x + i end
    debug.sethook()
    assert.is_true(lines >= 3)
    assert.is_nil(debug.gethook())
  end)
end)

describe("sandbox and system modules", function()
  it("lets require find system-wide pure-Lua modules but not read them otherwise", function()
    local ok = pcall(require, "dkjson")
    -- dkjson comes with Debian's lua-dkjson; where it is missing this checks nothing more
    if ok then
      local f, err = io.open("/usr/share/lua/5.4/dkjson.lua")
      assert.is_nil(f)
      assert.matches("outside the working tree", err)
    end
    assert.error_matches(function() require("definitely_not_a_module_xyz") end, "not found")
  end)
end)
