extension SyntaxNode {
    /// The tree as indented text (`kind "text" line:column [flags]`), for
    /// tests and for looking at what the reader made of a file.
    public func dump(indent: Int = 0) -> String {
        var out = String(repeating: "  ", count: indent) + "\(kind)"
        if !text.isEmpty { out += " \"\(text)\"" }
        out += " \(line):\(column)"
        if !flags.isEmpty { out += " [\(flags.rawValue)]" }
        out += "\n"
        for c in children { out += c.dump(indent: indent + 1) }
        return out
    }
}
