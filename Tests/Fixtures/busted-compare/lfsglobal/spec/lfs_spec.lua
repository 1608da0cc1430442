-- busted leaves LuaFileSystem in the global `lfs`: specs use it without require.
describe("lfs", function()
  it("is there without require", function()
    assert.is_table(lfs)
    assert.are.equal(package.loaded.lfs, lfs)
    assert.are.equal("directory", lfs.attributes("spec", "mode"))
  end)
end)
