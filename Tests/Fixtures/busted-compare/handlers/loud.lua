-- An output handler that writes through Lua's io.write: a line per test end,
-- and past 4 KB of text now and then (C's stdout writes itself out at 4 KB
-- through a pipe). What it writes must stay in order with the runner's own
-- output around it.
return function(options)
  local busted = require "busted"
  local handler = require "busted.outputHandlers.base"()
  local n = 0
  busted.subscribe({ "test", "end" }, function(element, parent, status)
    n = n + 1
    io.write("handler: ", element.name, " ", status, "\n")
    if n % 10 == 0 then io.write(("h"):rep(5000), "\n") end
    return nil, true
  end)
  busted.subscribe({ "suite", "end" }, function()
    io.write("handler: suite end after ", n, " tests\n")
    return nil, true
  end)
  return handler
end
