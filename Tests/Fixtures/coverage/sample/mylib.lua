-- mylib: a small library exercising many line-scanner rules
local M = {}

local helper = require "helper"

local DEFAULTS = {
   name = "x",
   size = 10,
   [1] = "one",
   ["two"] = 2,
   nested = {
      a = 1,
      b = { },
   },
}

--[[ a long
comment spanning
lines ]]

local LONG = [[
line one
line two
]]

local function add(a, b)
   return a + b
end

local function unused(x)
   if x then
      return 1
   else
      return 2
   end
end

function M.sum(list)
   local total = 0
   for i = 1, #list do
      total = add(total, list[i])
   end
   return total
end

function M.classify(n)
   if n < 0 then
      return "negative"
   elseif n == 0 then
      return "zero"
   else
      return "positive"
   end
end

M.greet = function(name)
   return ("hello, %s"):format(name or DEFAULTS.name)
end

function M.make(opts)
   local t = {
      id = opts.id,
      tags = {},
      "positional",
   }
   return t
end

function M.loop(n)
   local i = 0
   while true do
      i = i + 1
      if i >= n then break end
   end
   repeat
      i = i - 1
   until i <= 0
   return i
end

function M.multiline_call(a,
                          b,
                          c)
   return helper.twice(
      a + b + c
   )
end

-- luacov: disable
function M.never_called()
   return "disabled region"
end
-- luacov: enable

function M.also_never()
   local s = "a string with -- not a comment"
   return s .. LONG
end

function M.co()
   local co = coroutine.wrap(function(x)
      local y = coroutine.yield(x + 1)
      return y * 2
   end)
   local a = co(1)
   local b = co(a)
   return b
end

return M
