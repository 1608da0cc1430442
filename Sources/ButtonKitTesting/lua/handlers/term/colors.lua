-- Fallback of term.colors: functions that wrap text in ANSI colours.
local codes = { reset = 0, bright = 1, dim = 2, red = 31, green = 32, yellow = 33, blue = 34,
  magenta = 35, cyan = 36, white = 37 }
local colors = {}
for name, code in pairs(codes) do
  colors[name] = function(s) return "\27[" .. code .. "m" .. tostring(s) .. "\27[0m" end
end
return colors
