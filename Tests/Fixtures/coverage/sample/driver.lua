local mylib = require "mylib"
local pkg = require "pkg"

assert(mylib.sum({1, 2, 3}) == 6)
for _, n in ipairs({-1, 0, 5, 7}) do
   mylib.classify(n)
end
print(mylib.greet("lua"))
mylib.make({id = 3})
mylib.loop(3)
mylib.multiline_call(1, 2, 3)
assert(mylib.co() == 4)
assert(pkg.hello() == 42)

-- code loaded from a string (ignored unless codefromstrings = true)
local f = load("local x = 1\nreturn x + 1", "=stringchunk")
assert(f() == 2)
local g = load("return 3")
assert(g() == 3)
