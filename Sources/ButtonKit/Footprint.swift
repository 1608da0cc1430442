/// How many bytes the model holds for an object on behalf of whoever made
/// it: strings, styles, traces, stored values.
///
/// A script's memory ceiling counts Lua's own allocations exactly; these
/// estimates let a bridge count what scripts park in the model too (a 10 MB
/// title on 80 buttons is 800 MB that Lua never sees). They are estimates:
/// strings by their UTF-8 length plus a fixed overhead per object and entry.
public protocol MemoryFootprint: AnyObject {
    /// Approximate bytes held by this object (not by the objects it refers to).
    var retainedBytes: Int { get }
}

enum FootprintCost {
    static let object = 256
    static let entry = 32

    static func style(_ s: Style) -> Int {
        var n = entry * 4
        n += s.title?.utf8.count ?? 0
        n += s.image?.utf8.count ?? 0
        n += s.backgroundImage?.utf8.count ?? 0
        n += s.font?.family.utf8.count ?? 0
        for r in s.attributedTitle ?? [] { n += entry + r.text.utf8.count + (r.font?.family.utf8.count ?? 0) }
        return n
    }

    static func styles(_ t: StyleTable) -> Int { t.entries.reduce(0) { $0 + style($1.style) } }

    /// Today's features: the box, the label and the configuration's strings.
    static func modern(_ m: ModernFeatures) -> Int {
        var n = object + (m.accessibilityLabel?.utf8.count ?? 0)
        if let c = m.configuration {
            n += entry * 4 + (c.title?.utf8.count ?? 0) + (c.subtitle?.utf8.count ?? 0) + (c.image?.utf8.count ?? 0)
        }
        return n
    }

    static func json(_ v: JSONValue) -> Int {
        switch v {
        case .null, .bool, .int, .double: return 16
        case .string(let s), .number(let s): return entry + s.utf8.count
        case .array(let a): return entry + a.reduce(0) { $0 + json($1) }
        case .object(let o): return entry + o.reduce(0) { $0 + entry + $1.key.utf8.count + json($1.value) }
        }
    }
}

extension Button: MemoryFootprint {
    public var retainedBytes: Int {
        FootprintCost.object + id.utf8.count + FootprintCost.styles(styles)
            + (info.map(FootprintCost.json) ?? 0)
            + trace.capacityBytes
            + handlerCount * FootprintCost.entry
            + (modern.map(FootprintCost.modern) ?? 0)
    }
}

extension RadioGroup: MemoryFootprint {
    public var retainedBytes: Int {
        FootprintCost.object + id.utf8.count + FootprintCost.styles(memberStyles)
            + values.reduce(0) { $0 + FootprintCost.entry + $1.description.utf8.count }
    }
}

extension SortBar: MemoryFootprint {
    public var retainedBytes: Int {
        FootprintCost.object + id.utf8.count + FootprintCost.styles(memberStyles) + buttons.count * FootprintCost.entry
    }
}

extension Screen: MemoryFootprint {
    public var retainedBytes: Int { FootprintCost.object + items.count * FootprintCost.entry }
}

extension Store: MemoryFootprint {
    public var retainedBytes: Int {
        FootprintCost.object + path.utf8.count + cachedEntries.reduce(0) { $0 + FootprintCost.entry + $1.key.utf8.count + FootprintCost.json($1.value) }
    }
}
