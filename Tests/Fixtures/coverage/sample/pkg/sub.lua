local sub = {}

function sub.value()
   return 42
end

function sub.other()
   return 43
end

return sub
