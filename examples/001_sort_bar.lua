-- Seed 001: a sort bar over a product list.
--
-- Three sort buttons; tapping one selects it and deselects the others. A
-- selected button tapped again flips its direction (the seed's setSelected:
-- override). The bar sorts records stably, with missing values last.

local products = {
  { name = "Desk lamp",   price = 129, sales = 310 },
  { name = "Notebook",    price = 12,  sales = 2400 },
  { name = "Pen (x10)",   price = 12,  sales = 5100 },
  { name = "Backpack",    price = 349 },              -- no sales figure yet
  { name = "Monitor arm", price = 219, sales = 88 },
}

local bar = ui.sortBar {
  id = "sort",
  { title = "综合 Default", key = "default" },
  { title = "销量 Sales", key = "sales", initialDirection = "descending" },
  { title = "价格 Price", key = "price" },
}

bar:on("valueChanged", function(b)
  print(("\n-- sorted by %s, %s"):format(b.key or "nothing", b.direction))
  for i, p in ipairs(b:sort(products)) do
    print(("%d. %-12s price %4s  sales %5s"):format(i, p.name, p.price or "-", p.sales or "-"))
  end
end)

local price, sales = bar:button("price"), bar:button("sales")

price:tap()   -- price ascending (equal prices keep their order)
price:tap()   -- price descending
sales:tap()   -- sales descending: price is deselected, Backpack (no sales) last

print()
for _, b in ipairs(bar.buttons) do
  print(("%-14s direction=%-10s icon=%s"):format(b.title, b.direction, b.appearance.image))
end
