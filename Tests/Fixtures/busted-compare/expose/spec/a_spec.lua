-- An expose directly in a file: what it leaves in the globals and in
-- package.loaded, the files after it see (busted keeps it); what the file
-- does after the expose block, they do not.
before_file = "set before the expose"
expose("exposes", function()
  exposed_value = 42
  package.loaded["exposed.module"] = { answer = 42 }
  it("sets a global and a module", function()
    assert.are.equal(42, exposed_value)
  end)
end)
after_expose = "set after the expose"
insulate("an insulate block", function()
  insulated_value = 1
  it("sees its own", function() assert.are.equal(1, insulated_value) end)
end)
