-- Fixture data named like a spec: --exclude-pattern leaves it out.
it("data is not a spec", function() error("should have been excluded") end)
