local M = {}
function M.spin()
  while true do end
end
function M.add(a, b)
  return a + b
end
function M.loop(n)
  local s = 0
  for i = 1, n do
    s = s + i
  end
  return s
end
return M
