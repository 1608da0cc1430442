-- A gallery of styled controls for `buttonkit render examples/gallery.lua -o out/`.
-- Every control this script creates gets a picture of all its states.

ui.button {
  id = "like", title = "♡ Like", frame = { 0, 0, 140, 44 },
  style = {
    normal = { backgroundColor = "white", titleColor = "#E0245E", borderColor = "#E0245E", borderWidth = 2, cornerRadius = 22 },
    highlighted = { backgroundColor = "#FCE4EC" },
    selected = { backgroundColor = "#E0245E", titleColor = "white", title = "♥ Liked" },
    ["selected|highlighted"] = { backgroundColor = "#AD1457", titleColor = "white", title = "♥ Liked" },
    disabled = { alpha = 0.4 },
  },
}

ui.button {
  id = "buy", frame = { 0, 0, 160, 44 },
  style = {
    normal = {
      backgroundColor = "#1976D2", cornerRadius = 8, image = "cart",
      attributedTitle = { { text = "Buy ", color = "white" }, { text = "now", color = "#FFEB3B", font = { size = 17, weight = "bold" } } },
    },
    highlighted = { backgroundColor = "#0D47A1" },
    disabled = { backgroundColor = "#B0BEC5" },
  },
}

local bar = ui.sortBar {
  id = "sort",
  style = { normal = { titleColor = "#424242", backgroundColor = "#F5F5F5", font = 14 }, selected = { titleColor = "#E53935" } },
  { title = "综合", key = "default", frame = { 0, 0, 90, 40 } },
  { title = "销量", key = "sales", initialDirection = "descending", frame = { 0, 0, 90, 40 } },
  { title = "价格 <&>", key = "price", frame = { 0, 0, 110, 40 } },
}
bar:select("price", "descending")

ui.radioGroup {
  id = "time",
  options = { { id = "any", title = "不限", value = "", frame = { 0, 0, 90, 32 } },
              { id = "d15", title = "十五天内", value = "15", frame = { 0, 0, 110, 32 } } },
  style = { normal = { borderColor = "595959", borderWidth = 1, titleColor = "595959", cornerRadius = 4, font = 13 },
            selected = { borderColor = "ed7e2d", titleColor = "ed7e2d" } },
  value = "15",
}
