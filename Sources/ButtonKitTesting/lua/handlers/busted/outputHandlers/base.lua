-- Fallback of busted.outputHandlers.base for output handlers, used when
-- the system has no busted: the lists and counts every stock handler reads
-- (successes, failures, errors, pendings and their counts), the element
-- formatting (`format`, `getFullName`) and the subscriptions that keep them,
-- with busted's field names and semantics.
return function()
  local busted = require "busted"
  local handler = {
    successes = {}, successesCount = 0,
    pendings = {}, pendingsCount = 0,
    failures = {}, failuresCount = 0,
    errors = {}, errorsCount = 0,
    inProgress = {},
  }

  function handler.cancelOnPending(element, _, status)
    local pending = element.descriptor == "pending" or status == "pending"
    return not (pending and handler.options.suppressPending)
  end

  function handler.subscribe(h, options)
    require "busted.languages.en"
    h.options = options
    local first = { priority = 1 }
    local unlessPending = { priority = 1, predicate = h.cancelOnPending }
    busted.subscribe({ "suite", "reset" }, h.baseSuiteReset, first)
    busted.subscribe({ "suite", "start" }, h.baseSuiteStart, first)
    busted.subscribe({ "suite", "end" }, h.baseSuiteEnd, first)
    busted.subscribe({ "test", "start" }, h.baseTestStart, unlessPending)
    busted.subscribe({ "test", "end" }, h.baseTestEnd, unlessPending)
    busted.subscribe({ "pending" }, h.basePending, unlessPending)
    busted.subscribe({ "failure", "it" }, h.baseTestFailure, first)
    busted.subscribe({ "error", "it" }, h.baseTestError, first)
    busted.subscribe({ "failure" }, h.baseError, first)
    busted.subscribe({ "error" }, h.baseError, first)
  end

  -- The element's name after its ancestors', up to (not including) the file.
  function handler.getFullName(element)
    local names = { element.name or element.descriptor }
    local parent = busted.parent(element)
    while parent and (parent.name or parent.descriptor) and parent.descriptor ~= "file" do
      table.insert(names, 1, parent.name or parent.descriptor)
      parent = busted.parent(parent)
    end
    return table.concat(names, " ")
  end

  function handler.format(element, parent, message, debug, isError)
    local copy = {}
    for k, v in pairs(element) do
      if type(v) ~= "function" and k ~= "env" then copy[k] = v end
    end
    copy.trace = element.trace or debug
    return {
      trace = debug or element.trace, element = copy, name = handler.getFullName(element),
      message = message, randomseed = parent and parent.randomseed, isError = isError,
    }
  end

  function handler.getDuration()
    if not handler.endTick or not handler.startTick then return 0 end
    return handler.endTick - handler.startTick
  end

  function handler.baseSuiteReset()
    handler.successes, handler.successesCount = {}, 0
    handler.pendings, handler.pendingsCount = {}, 0
    handler.failures, handler.failuresCount = {}, 0
    handler.errors, handler.errorsCount = {}, 0
    handler.inProgress = {}
    return nil, true
  end

  function handler.baseSuiteStart(suite)
    handler.startTick, handler.startTime = suite.starttick, suite.starttime
    return nil, true
  end

  function handler.baseSuiteEnd(suite)
    handler.endTick, handler.endTime = suite.endtick, suite.endtime
    return nil, true
  end

  function handler.baseTestStart(element)
    handler.inProgress[tostring(element)] = {}
    return nil, true
  end

  function handler.baseTestEnd(element, parent, status, debug)
    local extra = handler.inProgress[tostring(element)] or {}
    handler.inProgress[tostring(element)] = nil
    if status == "success" then
      local t = handler.format(element, parent, nil, debug)
      for k, v in pairs(extra) do t[k] = v end
      table.insert(handler.successes, t)
      handler.successesCount = handler.successesCount + 1
    elseif status == "pending" then
      local t = handler.format(element, parent, extra.message, extra.trace or debug)
      table.insert(handler.pendings, t)
      handler.pendingsCount = handler.pendingsCount + 1
    elseif status == "failure" then
      handler.failuresCount = handler.failuresCount + 1
    end
    return nil, true
  end

  function handler.basePending(element, _, message, debug)
    local extra = handler.inProgress[tostring(element)]
    if extra then extra.message, extra.trace = message, debug end
    return nil, true
  end

  function handler.baseTestFailure(element, parent, message, debug)
    table.insert(handler.failures, handler.format(element, parent, message, debug))
    return nil, true
  end

  function handler.baseTestError(element, parent, message, debug)
    handler.errorsCount = handler.errorsCount + 1
    table.insert(handler.errors, handler.format(element, parent, message, debug, true))
    return nil, true
  end

  function handler.baseError(element, parent, message, debug)
    if element.descriptor ~= "it" then
      handler.errorsCount = handler.errorsCount + 1
      table.insert(handler.errors, handler.format(element, parent, message, debug, true))
    end
    return nil, true
  end

  return handler
end
