local greet = {}

function greet.hello(name)
  return "hello, " .. name
end

function greet.bye(name)
  return "bye, " .. name
end

return greet
