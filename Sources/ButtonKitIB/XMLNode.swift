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

    init(name: String, attributes: [(name: String, value: String)], line: Int) {
        self.name = name; self.attributes = attributes; self.line = line
    }

    /// An attribute's value, nil when the element does not have it.
    @inline(__always)
    subscript(_ attribute: String) -> String? {
        for a in attributes where a.name == attribute { return a.value }
        return nil
    }

    /// The first child element named `name` whose `key` is `key` (any key when nil).
    func child(_ name: String, key: String? = nil) -> XMLNode? {
        for c in children where c.name == name {
            if key == nil || c["key"] == key { return c }
        }
        return nil
    }

    /// The first child whose `key` attribute is `key`, whatever its name.
    func child(key: String) -> XMLNode? {
        children.first { $0["key"] == key }
    }
}
