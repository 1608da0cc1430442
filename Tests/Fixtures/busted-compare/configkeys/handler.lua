-- An output handler that prints the -Xoutput options it was given.
return function(options)
  local busted = require "busted"
  local handler = require "busted.outputHandlers.base"()
  busted.subscribe({ "suite", "end" }, function()
    print("handler arguments: " .. table.concat(options.arguments or {}, "|"))
    return nil, true
  end)
  return handler
end
