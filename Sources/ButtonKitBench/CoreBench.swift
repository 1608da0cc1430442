import ButtonKit

/// The Swift core alone (no Lua): what one tap and one resolved appearance
/// cost, and what 100,000 styled buttons weigh.
enum CoreBench {
    static func run() throws {
        Table.section("Swift core (release build)")
        let b = Button()
        try b.setUpStyle(.normal) { $0.title("Buy").titleColor(.blue).backgroundColor(.white).borderWidth(1) }
        try b.setUpStyle(.highlighted) { $0.backgroundColor(.gray) }
        try b.setUpStyle(.selected) { $0.titleColor(.red).borderWidth(2) }
        let n = 1_000_000
        let tap = try Timing.best { for _ in 0..<n { try b.tap() } } / Double(n) * 1e9
        Table.row("tap (down + up, trace on)", Table.fmt(tap) + " ns", target: "<= 100 ns", was: "128 ns", ok: tap <= 100)
        try b.setSelected(true)
        var sink = 0.0
        let resolve = Timing.best {
            var local = 0.0
            for i in 0..<n { local += b.appearance(for: ControlState(rawValue: UInt8(i & 7))).borderWidth }
            sink += local
        } / Double(n) * 1e9
        Table.row("resolve a full appearance", Table.fmt(resolve) + " ns", target: "<= 100 ns", was: "157 ns", ok: resolve <= 100)
        b.fallback = .cascade
        let cascade = Timing.best {
            var local = 0.0
            for i in 0..<n { local += b.appearance(for: ControlState(rawValue: UInt8(i & 7))).borderWidth }
            sink += local
        } / Double(n) * 1e9
        Table.row("resolve (cascade fallback)", Table.fmt(cascade) + " ns")
        if sink < 0 { print(sink) }
    }

    /// Run in a fresh process so the peak counts only the buttons.
    static func memory() throws {
        let before = Timing.peakRSSMB()
        var buttons: [Button] = []
        buttons.reserveCapacity(100_000)
        for i in 0..<100_000 {
            let b = Button(id: "b\(i)")
            try b.setUpStyle(.normal) { $0.title("Item \(i)").titleColor(.blue).borderWidth(1) }
            try b.setUpStyle(.highlighted) { $0.backgroundColor(.gray) }
            try b.setUpStyle(.selected) { $0.titleColor(.red).borderColor(.red) }
            buttons.append(b)
        }
        let peak = Timing.peakRSSMB()
        Table.row("100,000 buttons x 3 styled states", Table.fmt(peak) + " MB", baseline: "empty " + Table.fmt(before) + " MB",
                  target: "<= 80 MB", was: "94 MB", ok: peak <= 80)
        if buttons.count != 100_000 { print("?") }
    }
}
