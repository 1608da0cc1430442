-- An output handler written for busted's interface (as a team would write
-- one): it counts through busted.outputHandlers.base, shows the events it
-- sees, and echoes the -Xoutput arguments it was given.
return function(options)
  local busted = require "busted"
  local handler = require "busted.outputHandlers.base"()

  busted.subscribe({ "suite", "start" }, function()
    io.write("args:", table.concat(options.arguments, "|"), "\n")
    return nil, true
  end)
  busted.subscribe({ "test", "end" }, function(element, _, status)
    io.write("end ", handler.getFullName(element), " ", status, "\n")
    return nil, true
  end)
  busted.subscribe({ "error", "describe" }, function(element)
    io.write("describe error ", element.name, "\n")
    return nil, true
  end)
  busted.subscribe({ "suite", "end" }, function()
    io.write(string.format("COUNTS successes=%d failures=%d errors=%d pending=%d\n", handler.successesCount,
      handler.failuresCount, handler.errorsCount, handler.pendingsCount))
    return nil, true
  end)
  return handler
end
