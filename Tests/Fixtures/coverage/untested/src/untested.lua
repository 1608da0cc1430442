-- never required by the driver
local U = {}

function U.f(a)
   local t = {
      a = a,
   }
   return t
end

return U
