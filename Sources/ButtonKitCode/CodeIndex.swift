import ButtonKitSwiftIR

/// Every declaration of the app's Swift files, by name: types with their
/// members (extensions merged), file-scope constants and functions. What
/// the reader looks names up in, across files.
final class CodeIndex {
    private(set) var types: [String: TypeDecl] = [:]
    /// Type names in the order their declarations appear (files in load order).
    private(set) var order: [String] = []
    private(set) var globals: [String: (node: SyntaxNode, path: String)] = [:]
    private(set) var functions: [String: (node: SyntaxNode, path: String)] = [:]
    /// File-scope `#Preview` macros, in file order.
    private(set) var previews: [(node: SyntaxNode, path: String)] = []
    /// The development language's strings (key → value) of the app's tables.
    var strings: [String: String] = [:]
    /// The other languages' tables, merged: read only when a key the
    /// development language lacks is looked up (an app's 600 translated
    /// tables were most of a warm load, for keys Base and English have).
    var otherStrings: (() -> [String: String])?
    private var others: [String: String]?

    /// A key's text: the development language's, else any language's.
    func string(_ key: String) -> String? {
        if let v = strings[key] { return v }
        if others == nil { others = otherStrings?() ?? [:] }
        return others?[key]
    }

    /// The string tables' keys spelt as Swift names, as generators of a
    /// static-string enum spell them (`"common.button.done"` is
    /// `common_button_done`: lower case, every other character `_`), to
    /// their values; a name two keys share is left out.
    private(set) lazy var stringsByName: [String: String] = {
        var out: [String: String] = [:]
        var shared = Set<String>()
        for (key, value) in strings {
            let name = String(String.UnicodeScalarView(key.lowercased().unicodeScalars.map {
                ("a"..."z").contains($0) || ("0"..."9").contains($0) ? $0 : "_"
            }))
            if out[name] != nil { shared.insert(name) }
            out[name] = value
        }
        for n in shared { out[n] = nil }
        return out
    }()

    init(_ files: [CodeFile]) {
        for f in files { add(f.root.children, path: f.path, outer: nil) }
    }

    static let typeKinds: Set<NodeKind> = [.classDecl, .structDecl, .enumDecl, .extensionDecl, .protocolDecl, .actorDecl]

    private func add(_ nodes: [SyntaxNode], path: String, outer: String?) {
        for n in nodes {
            switch n.kind {
            case let k where CodeIndex.typeKinds.contains(k):
                let name = outer.map { "\($0).\(n.text)" } ?? n.text
                let members = CodeIndex.flatten(n.children.filter { ![.inherits, .attribute, .modifier].contains($0.kind) })
                var t = types[name] ?? TypeDecl(name: name, kind: k, inherits: [], members: [], path: path, line: Int(n.line),
                                                column: Int(n.column), declared: false)
                if k != .extensionDecl && !t.declared {
                    t.kind = k; t.declared = true; t.path = path; t.line = Int(n.line); t.column = Int(n.column)
                    order.append(name)
                }
                t.inherits += n.all(.inherits).map(\.text)
                t.members += members.map { ($0, path) }
                types[name] = t
                // Nested types are known by their full name and, when no
                // other type has it, their own.
                add(members.filter { CodeIndex.typeKinds.contains($0.kind) }, path: path, outer: name)
                if outer != nil, types[n.text] == nil, k != .extensionDecl { types[n.text] = types[name] }
            case .variable where outer == nil:
                globals[n.text] = (n, path)
            case .function where outer == nil:
                functions[n.text] = (n, path)
            case .macro where outer == nil && n.text == "Preview":
                previews.append((n, path))
            case .ifConfig:
                if let chosen = IfConfigChoice.pick(n) { add(chosen.children, path: path, outer: outer) }
            default:
                break
            }
        }
    }

    /// Members with `#if` blocks replaced by the clause an iOS build takes.
    static func flatten(_ nodes: [SyntaxNode]) -> [SyntaxNode] {
        var out: [SyntaxNode] = []
        for n in nodes {
            if n.kind == .ifConfig { if let c = IfConfigChoice.pick(n) { out += flatten(c.children) } } else { out.append(n) }
        }
        return out
    }

    /// The member `name` of `type` or of the classes it inherits from (the
    /// app's own), first found.
    func member(_ type: String, _ name: String, kinds: Set<NodeKind> = [.variable, .enumCase, .function]) -> (node: SyntaxNode, path: String)? {
        var seen = Set<String>()
        var t: String? = type
        while let name0 = t, seen.insert(name0).inserted, let decl = types[name0] {
            if let m = decl.members.first(where: { kinds.contains($0.node.kind) && $0.node.text == name }) { return m }
            t = superclass(of: name0)
        }
        return nil
    }

    /// Every member of `type` named `name` (functions overload).
    func functions(_ type: String, _ name: String) -> [(node: SyntaxNode, path: String)] {
        var out: [(node: SyntaxNode, path: String)] = []
        var seen = Set<String>()
        var t: String? = type
        while let n = t, seen.insert(n).inserted, let decl = types[n] {
            out += decl.members.filter { $0.node.kind == .function && $0.node.text == name }
            t = superclass(of: n)
        }
        return out
    }

    /// The class a type inherits from: the first inherited name, when it is
    /// not a protocol of the app (UIKit classes are named `UI...`/`NS...`).
    func superclass(of type: String) -> String? {
        guard let t = types[type], t.kind == .classDecl, let first = t.inherits.first else { return nil }
        let base = CodeIndex.plainTypeName(first)
        if let d = types[base], d.kind == .protocolDecl { return nil }
        return base
    }

    /// `UIKit.UIButton` → `UIButton`; `Foo<Bar>` → `Foo`.
    static func plainTypeName(_ s: String) -> String {
        var t = s
        if let lt = t.firstIndex(of: "<") { t = String(t[..<lt]) }
        if t.hasPrefix("UIKit.") { t = String(t.dropFirst(6)) }
        return t.trimmingSpaces
    }

    /// Whether `type` is UIButton or one of the app's subclasses of it.
    func isButtonClass(_ type: String) -> Bool {
        var seen = Set<String>()
        var t: String? = CodeIndex.plainTypeName(type)
        while let n = t, seen.insert(n).inserted {
            if n == "UIButton" { return true }
            t = superclass(of: n)
        }
        return false
    }

    /// The app's classes from the one nearest UIButton down to `type`.
    func buttonChain(_ type: String) -> [String] {
        var chain: [String] = []
        var seen = Set<String>()
        var t: String? = type
        while let n = t, n != "UIButton", seen.insert(n).inserted, types[n] != nil {
            chain.insert(n, at: 0)
            t = superclass(of: n)
        }
        return chain
    }

    /// Whether `type` descends from one of `bases` (UIKit names) through the app's classes.
    func descends(_ type: String, from bases: Set<String>) -> Bool {
        var seen = Set<String>()
        var t: String? = type
        while let n = t, seen.insert(n).inserted {
            if bases.contains(n) { return true }
            guard let decl = types[n] else { return false }
            if decl.inherits.contains(where: { bases.contains(CodeIndex.plainTypeName($0)) }) { return true }
            t = superclass(of: n)
        }
        return false
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
