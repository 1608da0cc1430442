local M = {}
function M.f(x)
  if x then return 1 end
  return 2
end
return M
