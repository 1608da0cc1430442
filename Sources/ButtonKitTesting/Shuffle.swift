import ButtonKitLua

/// A shuffle that depends only on the seed: the same order on every machine.
public enum Shuffle {
    /// busted's shuffle of spec files (`busted.utils.shuffle`): Lua's own
    /// generator seeded with the seed, then swaps from the end with
    /// `math.random(n)`, so `--shuffle-files --seed N` runs files in
    /// busted's order. Lua's xoshiro and its projection are the algorithm,
    /// so a small Lua state of its own computes it; if one cannot be made,
    /// the order is `deterministic`'s.
    public static func busted(_ list: inout [String], seed: Int) {
        guard list.count > 1 else { return }
        var o = LuaContext.Options()
        o.sandbox = false
        let code = """
            local n, seed = \(list.count), \(seed)
            local t = {}
            for i = 1, n do t[i] = i end
            math.randomseed(seed)
            while n >= 2 do
              local k = math.random(n)
              t[n], t[k] = t[k], t[n]
              n = n - 1
            end
            return table.concat(t, ",")
            """
        guard let ctx = try? LuaContext(options: o), let out = try? ctx.evaluate(code).first else {
            deterministic(&list, seed: seed)
            return
        }
        let order = out.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        guard order.count == list.count, Set(order) == Set(1...list.count) else {
            deterministic(&list, seed: seed)
            return
        }
        let original = list
        list = order.map { original[$0 - 1] }
    }

    public static func deterministic(_ list: inout [String], seed: Int) {
        var state = UInt64(truncatingIfNeeded: seed) &+ 0x9E37_79B9_7F4A_7C15
        for i in stride(from: list.count - 1, to: 0, by: -1) {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let j = Int((state >> 33) % UInt64(i + 1))
            list.swapAt(i, j)
        }
    }
}
