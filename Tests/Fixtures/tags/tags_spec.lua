describe("tagged", function()
  it("fast one #fast", function() end)
  it("slow one #slow", function() end)
  it("both #fast #slow", function() end)
  it("plain", function() end)
  for i = 1, 20 do it("generated " .. i, function() end) end
end)
