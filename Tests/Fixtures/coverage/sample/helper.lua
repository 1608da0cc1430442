local H = {}

function H.twice(x) return x * 2 end

function H.unused()
   return nil
end

return H
