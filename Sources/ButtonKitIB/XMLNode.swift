/// One element of a parsed file: its name, attributes in file order, child
/// elements, the text directly inside it, and the line it starts on. The
/// builder walks these; libxml2's own nodes are gone once the streaming
/// reader has moved past them.
final class XMLNode {
    let name: String
    var attributes: [(name: String, value: String)]
    var children: [XMLNode] = []
    /// Character data directly inside the element (a `<string>`'s text).
    var text = ""
    let line: Int
    /// Which attributes were read (bit i: attribute i; past 64, never
    /// marked, so listed): what the final sweep does not list.
    private(set) var usedMask: UInt64 = 0
    /// Whether the element was taken into account (read, walked or listed).
    private(set) var taken = false

    init(name: String, attributes: [(name: String, value: String)], line: Int) {
        self.name = name; self.attributes = attributes; self.line = line
    }

    /// An attribute's value, nil when the element does not have it. Reading
    /// it marks it used and the element taken.
    @inline(__always)
    subscript(_ attribute: String) -> String? {
        var i = 0
        for a in attributes {
            if a.name == attribute {
                if i < 64 { usedMask |= 1 << UInt64(i) }
                if attribute != "key" && attribute != "id" { taken = true }
                return a.value
            }
            i += 1
        }
        return nil
    }

    /// An attribute's value without marking anything.
    func peek(_ attribute: String) -> String? {
        for a in attributes where a.name == attribute { return a.value }
        return nil
    }

    /// Whether attribute `i` was read.
    func isUsed(_ i: Int) -> Bool { i < 64 && usedMask & (1 << UInt64(i)) != 0 }

    /// Marks the element taken (its attributes still count one by one).
    func take() { taken = true }

    /// Marks the element and all its attributes taken.
    func takeAll() { taken = true; usedMask = ~0 }

    /// Marks the element, its attributes and everything inside it taken
    /// (a whole element listed once, or structure with nothing to model).
    func takeSubtree() {
        takeAll()
        for c in children { c.takeSubtree() }
    }

    /// The first child element named `name` whose `key` is `key` (any key when nil).
    func child(_ name: String, key: String? = nil) -> XMLNode? {
        for c in children where c.name == name {
            if key == nil || c.peek("key") == key { return c }
        }
        return nil
    }

    /// The first child whose `key` attribute is `key`, whatever its name.
    func child(key: String) -> XMLNode? {
        children.first { $0.peek("key") == key }
    }
}
