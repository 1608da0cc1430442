local mylib = require "mylib"

describe("mylib", function()
   it("sums", function()
      assert.are.equal(6, mylib.sum({1, 2, 3}))
   end)

   it("classifies", function()
      assert.are.equal("zero", mylib.classify(0))
      assert.are.equal("positive", mylib.classify(3))
   end)

   it("uses pkg", function()
      local pkg = require "pkg"
      assert.are.equal(42, pkg.hello())
   end)
end)
