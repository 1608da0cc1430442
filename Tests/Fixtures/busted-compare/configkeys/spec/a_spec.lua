-- Names carry tags and letters the selection keys pick from; a pending,
-- a failure and a print for the output keys; globals the -e, helper and
-- path keys set.
describe("keys", function()
  it("alpha #fast", function() assert.are.equal(1, 1) end)
  it("beta #slow", function() assert.are.equal(2, 2) end)
  it("gamma #fast", function() print("printed by gamma") end)
  it("delta fails", function() assert.are.equal("want", "got") end)
  pending("epsilon later")
  it("zeta sees -e", function() assert.are.equal(1, rawget(_G, "FROM_E")) end)
  it("eta sees the helper", function() assert.are.equal("a|b", rawget(_G, "HELPER_ARGS")) end)
  it("theta requires from lpath", function() assert.are.equal("lib", require("inlib")) end)
  it("iota sees cpath", function() assert.truthy(package.cpath:find("./mylib/?.so", 1, true)) end)
  it("kappa requires from ./src", function() assert.are.equal("src", require("insrc")) end)
end)

-- Strict, its setup runs (and fails); lazy, nothing runs it.
describe("setup block", function()
  setup(function() error("setup ran") end)
  pending("lambda later")
end)
