-- Errors outside tests: a describe body, hooks.
describe("broken describe", function()
  error("describe body raised")
end)

describe("hooks", function()
  describe("before_each raising", function()
    before_each(function() error("before_each raised") end)
    it("never runs", function() end)
  end)

  describe("after_each raising", function()
    after_each(function() error("after_each raised") end)
    it("runs first", function() end)
  end)

  describe("setup raising", function()
    setup(function() error("setup raised") end)
    it("is skipped", function() end)
  end)

  describe("teardown raising", function()
    teardown(function() error("teardown raised") end)
    it("runs before the teardown", function() end)
  end)

  describe("lazy_setup raising", function()
    lazy_setup(function() error("lazy_setup raised") end)
    it("is skipped too", function() end)
  end)
end)
