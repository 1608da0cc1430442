/// Seed 001's sort bar: a row of sort buttons of which at most one is
/// selected, plus the stable sort that the selection describes.
public final class SortBar: ControlOwner {
    /// Called with the bar after each change of (key, direction).
    public typealias Handler = (SortBar) throws -> Void

    public let id: String
    public private(set) var buttons: [SortButton] = []
    private var handlers: [(token: Int, fn: Handler)] = []
    private var nextToken = 1
    private var lastSeen: (key: String?, direction: SortDirection) = (nil, .none)
    private var updating = false

    public var kind: ControlKind { .sortBar }
    var ownerID: String { id }

    /// An empty bar; without an id one is generated (`sortBar1`, ...).
    public init(id: String? = nil) { self.id = id ?? IDs.next("sortBar") }

    /// Appends a sort button. Keys must be unique in the bar and a button
    /// belongs to one container at most.
    public func add(_ b: SortButton) throws(ButtonKitError) {
        if let o = b.owner { throw .alreadyOwned(control: b.id, owner: o.ownerID) }
        if buttons.contains(where: { $0.key == b.key }) {
            throw .invalidValue(what: "sort key", value: "'\(b.key)'", expected: "a key not already used in sort bar '\(id)'")
        }
        b.owner = self
        buttons.append(b)
        // A button added while selected becomes the bar's selection.
        if b.direction != .none {
            var sink = ErrorSink()
            memberDirectionChanged(b, sink: &sink)
        }
    }

    /// The button sorting by `key`, or nil.
    public func button(forKey key: String) -> SortButton? { buttons.first { $0.key == key } }

    /// The selected button, if any.
    public var selected: SortButton? { buttons.first { $0.direction != .none } }
    public var key: String? { selected?.key }
    public var direction: SortDirection { selected?.direction ?? .none }

    /// Selects `key`: with no direction, the button's initial direction when
    /// it is not selected and no change when it is; with a direction, exactly
    /// that direction.
    public func select(_ key: String, direction: SortDirection? = nil) throws {
        guard let b = button(forKey: key) else { throw ButtonKitError.unknownKey(bar: id, key: key) }
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

    /// Registers a valueChanged handler; returns its token for `off`.
    @discardableResult
    public func on(_ fn: @escaping Handler) -> HandlerToken {
        handlers.append((nextToken, fn)); nextToken += 1
        return HandlerToken(rawValue: nextToken - 1)
    }

    /// Removes a handler; false when the token was not registered.
    @discardableResult
    public func off(_ token: HandlerToken) -> Bool {
        guard let i = handlers.firstIndex(where: { $0.token == token.rawValue }) else { return false }
        handlers.remove(at: i)
        return true
    }

    /// Drops every handler (a bridge does this when it lets a bar go).
    public func removeAllHandlers() { handlers.removeAll() }

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
        for h in handlers { sink.capture { try h.fn(self) } }
    }

    // MARK: Sorting

    /// A comparison of two sort keys in the current direction: Lua's `<` for
    /// numbers and strings, nil last in both directions. Mixed types throw.
    public func comparator() -> (SortKey?, SortKey?) throws(ButtonKitError) -> Bool {
        let descending = direction == .descending
        return { a, b throws(ButtonKitError) in
            switch (a, b) {
            case (nil, _): return false
            case (_, nil): return true
            case let (x?, y?):
                let lt = try x.less(than: y)
                let gt = try y.less(than: x)
                return descending ? gt : lt
            }
        }
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
        let descending = direction == .descending
        // Merge sort: stable by construction.
        var idx = Array(keys.indices)
        var tmp = idx
        func before(_ i: Int, _ j: Int) -> Bool {
            switch (keys[i], keys[j]) {
            case (nil, _): return false
            case (_, nil): return true
            case let (x?, y?): return descending ? ((try? y.less(than: x)) ?? false) : ((try? x.less(than: y)) ?? false)
            }
        }
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
