-- A handler that fails while the run goes on: busted counts that as an error.
return function()
  local busted = require "busted"
  local handler = require "busted.outputHandlers.base"()
  busted.subscribe({ "test", "end" }, function() error("handler bug") end)
  return handler
end
