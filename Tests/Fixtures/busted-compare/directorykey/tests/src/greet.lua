return function(name) return "hello " .. name end
