/// Seed 001's sort bar: a row of sort buttons of which at most one is
/// selected, plus the stable sort that the selection describes.
public final class SortBar: ControlOwner {
    public let id: String
    public private(set) var buttons: [SortButton] = []
    private var lastSeen: (key: String?, direction: SortDirection) = (nil, .none)
    private var updating = false

    /// Shared member styles (the bar's shared look) and this level's own traits.
    public let level = MemberLevel()

    public var kind: ControlKind { .sortBar }
    var ownerID: String { id }

    /// An empty bar; without an id one is generated (`sortBar1`, ...).
    public init(id: String? = nil) { self.id = id ?? IDs.next("sortBar") }

    /// Appends a sort button. Keys must be unique in the bar and a button
    /// belongs to one container at most.
    public func add(_ b: SortButton) throws(ButtonKitError) {
        if let o = b.owner { throw .alreadyOwned(control: b.id, owner: o.ownerID) }
        if buttons.contains(where: { Spelling.same($0.key, b.key) }) {
            throw .invalidValue(what: "sort key", value: "'\(b.key)'", expected: "a key not already used in sort bar '\(id)'")
        }
        level.join(b, owner: self)
        buttons.append(b)
        // A button added while selected becomes the bar's selection.
        if b.direction != .none {
            var sink = ErrorSink()
            memberDirectionChanged(b, sink: &sink)
        }
    }

    /// The button sorting by `key`, or nil.
    public func button(forKey key: String) -> SortButton? { buttons.first { Spelling.same($0.key, key) } }

    /// The selected button, if any.
    public var selected: SortButton? { buttons.first { $0.direction != .none } }
    public var key: String? { selected?.key }
    public var direction: SortDirection { selected?.direction ?? .none }

    /// Selects `key`: with no direction, the button's initial direction when
    /// it is not selected and no change when it is; with a direction, exactly
    /// that direction.
    public func select(_ key: String, direction: SortDirection? = nil) throws {
        guard let b = button(forKey: key) else { throw ButtonKitError.unknownKey(bar: id, key: key, known: buttons.map { "'\($0.key)'" }) }
        var sink = ErrorSink()
        if let d = direction {
            b.changeDirection(to: d, sink: &sink)
        } else if b.direction == .none {
            b.applySelected(true, sink: &sink)
        }
        try sink.check()
    }

    /// Deselects every button.
    public func clear() throws {
        var sink = ErrorSink()
        for b in buttons where b.direction != .none { b.changeDirection(to: .none, sink: &sink) }
        try sink.check()
    }

    func member(_ button: Button, requestsSelected value: Bool, sink: inout ErrorSink) -> Bool { false }
    func memberPrimaryAction(_ button: Button, sink: inout ErrorSink) -> Bool { false }

    /// Keeps one button selected and fires valueChanged once per change of
    /// (key, direction), after the other buttons were deselected.
    func memberDirectionChanged(_ button: SortButton, sink: inout ErrorSink) {
        guard !updating else { return }
        updating = true
        if button.direction != .none {
            for other in buttons where other !== button && other.direction != .none {
                other.changeDirection(to: .none, sink: &sink)
            }
        }
        updating = false
        let now = (key: key, direction: direction)
        guard now.key != lastSeen.key || now.direction != lastSeen.direction else { return }
        lastSeen = now
        fireValueChanged(&sink)
    }

    // MARK: Sorting

    /// Whether a record with key `a` goes before one with key `b` when
    /// sorting in `direction`: Lua's `<` for numbers and strings (descending
    /// reverses it), nil last in both directions, mixed types an error.
    /// The one ordering rule behind `comparator()`, `sortedIndices` and any
    /// front end's comparison function.
    public static func before(_ a: SortKey?, _ b: SortKey?, direction: SortDirection) throws(ButtonKitError) -> Bool {
        switch (a, b) {
        case (nil, _): return false
        case (_, nil): return true
        case let (x?, y?): return direction == .descending ? try y.less(than: x) : try x.less(than: y)
        }
    }

    /// A comparison of two sort keys in the current direction (frozen now).
    public func comparator() -> (SortKey?, SortKey?) throws(ButtonKitError) -> Bool {
        let d = direction
        return { a, b throws(ButtonKitError) in try SortBar.before(a, b, direction: d) }
    }

    /// Returns the indices of `keys` in sorted order (stable; nil keys last);
    /// with nothing selected, the original order.
    public func sortedIndices(_ keys: [SortKey?]) throws(ButtonKitError) -> [Int] {
        guard selected != nil else { return Array(keys.indices) }
        // Check comparability up front, so the error names a record.
        var kind: SortKey.Kind?
        var firstIndex = 0
        for (i, k) in keys.enumerated() {
            guard let k = k else { continue }
            if let kk = kind, kk != k.kind {
                throw .incomparable(index: i + 1, detail: "its key is a \(k.kind.rawValue) but record #\(firstIndex + 1)'s is a \(kk.rawValue)")
            }
            if kind == nil { kind = k.kind; firstIndex = i }
        }
        let d = direction
        // Merge sort: stable by construction. Kinds were checked above, so
        // the comparison cannot fail here.
        var idx = Array(keys.indices)
        var tmp = idx
        func before(_ i: Int, _ j: Int) -> Bool { (try? SortBar.before(keys[i], keys[j], direction: d)) ?? false }
        var width = 1
        let n = idx.count
        while width < n {
            var lo = 0
            while lo < n {
                let mid = min(lo + width, n), hi = min(lo + 2 * width, n)
                var i = lo, j = mid, k = lo
                while i < mid && j < hi {
                    if before(idx[j], idx[i]) { tmp[k] = idx[j]; j += 1 } else { tmp[k] = idx[i]; i += 1 }
                    k += 1
                }
                while i < mid { tmp[k] = idx[i]; i += 1; k += 1 }
                while j < hi { tmp[k] = idx[j]; j += 1; k += 1 }
                lo = hi
            }
            swap(&idx, &tmp)
            width *= 2
        }
        return idx
    }
}
