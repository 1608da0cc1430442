/// Definitions for the Lua language server (LuaLS, sumneko), generated
/// from the API reference so editors complete `ui.button { ... }` options,
/// fields and methods, and show the reference's text on hover. `types/`
/// holds the generated file; a test keeps it equal to this output.
public enum LuaDefinitions {
    /// The kinds and value forms the reference uses, as LuaLS types.
    static let aliases: [(String, String)] = [
        ("color", "string"),
        ("state", "string|integer|string[]"),
        ("events", "string|string[]"),
        // A size or a Dynamic Type text style (`{ textStyle = "body" }`), each optional.
        ("font", "number|string|{ size?: number, textStyle?: string, weight?: string, family?: string }"),
        ("frame", "{ x: number, y: number, width: number, height: number }|number[]"),
        ("point", "{ x: number, y: number }|number[]"),
        ("style", "table<string, any>"),
        ("json", "any"),
        ("appearance", "table<string, any>"),
    ]

    /// Section names in the reference that are kinds, with the kind they extend.
    static let kinds: [(String, String?)] = [
        ("button", nil), ("sortButton", "button"), ("sortBar", nil), ("radioGroup", nil),
        ("screen", nil), ("store", nil), ("builder", nil), ("document", nil),
    ]

    /// A reference type (`button|table`, `sortButton`) as LuaLS writes it.
    static func luaType(_ t: String) -> String {
        let known = Set(aliases.map(\.0) + kinds.map(\.0) + ["buttonOptions", "sortButtonOptions"])
        return t.split(separator: "|").map { part -> String in
            let p = String(part.trimmingSpaces())
            return known.contains(p) ? "ui." + p : p
        }.joined(separator: "|")
    }

    static func comment(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { !$0.hasPrefix("```") }
            .map { "--- " + $0 }.joined(separator: "\n")
            .replacingOccurrencesOfTrailingSpaces()
    }

    /// The whole definitions file.
    public static func generate(_ ref: APIReference = .shared) -> String {
        var out = "---@meta buttonkit\n-- ButtonKit's `ui` module for the Lua language server, generated from\n"
        out += "-- docs/api.md by `buttonkit help api --luals`. Do not edit: change the reference.\n\n"
        for (name, type) in aliases { out += "---@alias ui.\(name) \(type)\n" }
        out += "\n"
        for (kind, base) in kinds {
            let entries = ref.entries.filter { $0.owner == kind }
            out += "---@class ui.\(kind)" + (base.map { ": ui.\($0)" } ?? "") + "\n"
            for e in entries where e.kind == .field {
                out += "---@field \(e.name) \(luaType(e.fieldType ?? "any"))\(e.isReadOnly ? " (read-only)" : "")\n"
            }
            out += "local \(kind) = {}\n\n"
            for e in entries where e.kind == .method {
                out += function(e, prefix: "\(kind):")
            }
        }
        // The options constructors take: every settable field, id and style.
        for (options, kindsOf) in [("buttonOptions", ["button"]), ("sortButtonOptions", ["button", "sortButton"])] {
            out += "---@class ui.\(options)\n---@field id? string\n---@field style? table<string, ui.style>\n"
            for k in kindsOf {
                for e in ref.entries where e.owner == k && e.kind == .field && !e.isReadOnly {
                    out += "---@field \(e.name)? \(luaType(e.fieldType ?? "any"))\n"
                }
            }
            if options == "sortButtonOptions" { out += "---@field key string\n" }
            out += "\n"
        }
        out += assertions(ref)
        out += "---@class ui\nui = {}\n\n"
        for e in ref.entries where e.owner == "ui" {
            if e.kind == .field {
                out += comment(e.text) + "\n---@type \(luaType(e.fieldType ?? "any"))\nui.\(e.name) = nil\n\n"
            } else {
                out += function(e, prefix: "ui.")
            }
        }
        out += "return ui\n"
        return out
    }

    /// luassert's assertions, as a spec calls them (`assert.are.equal`,
    /// `assert.is_true`, `assert.has_error`, `assert.spy(s).was_called`),
    /// and ButtonKit's own (`assert.appearance`, ...) from the reference:
    /// the global `assert` of a spec is luassert's, callable like Lua's.
    static let luassertNames = [
        "equal", "equals", "same", "unique", "near", "matches", "match", "truthy", "falsy", "true", "false",
        "nil", "boolean", "number", "string", "table", "function", "userdata", "thread",
        "error", "errors", "error_matches", "error_match", "returned_arguments", "called", "called_with",
        "returned_with", "all_of", "any_of", "none_of", "is_true", "is_false", "is_nil", "is_truthy", "is_falsy",
        "are_equal", "are_same", "is_table", "is_string", "is_number", "is_function", "has_error",
    ]

    static func assertions(_ ref: APIReference) -> String {
        var out = "---@class ui.assertions\n"
        for n in luassertNames where !n.hasPrefix("is_") && !n.hasPrefix("are_") && !n.hasPrefix("has_") {
            out += "---@field \(n) fun(...: any): any\n"
        }
        out += "\n---@class ui.assert: ui.assertions\n---@overload fun(value: any, message?: any, ...: any): any\n"
        for chain in ["is", "is_not", "are", "are_not", "has", "has_no", "was", "was_not", "no", "not_"] {
            out += "---@field \(chain.hasSuffix("_") ? String(chain.dropLast()) : chain) ui.assertions\n"
        }
        for n in luassertNames where n.hasPrefix("is_") || n.hasPrefix("are_") || n.hasPrefix("has_") {
            out += "---@field \(n) fun(...: any): any\n"
        }
        out += "---@field spy fun(s: any): table\n---@field stub fun(s: any): table\n"
        out += "---@field register fun(kind: string, name: string, fn: function, positive?: string, negative?: string)\n"
        out += "assert = {}\n\n"
        for e in ref.entries where e.owner == "assert" && e.kind != .field {
            out += function(e, prefix: "assert.")
        }
        return out
    }

    static func function(_ e: APIReference.Entry, prefix: String) -> String {
        var out = comment(e.text) + "\n"
        for p in e.parameters { out += "---@param \(p.name)\(p.optional ? "?" : "") \(luaType(p.type))\n" }
        for r in e.returns {
            let optional = r.hasSuffix("?")
            out += "---@return \(luaType(optional ? String(r.dropLast()) : r))\(optional ? "?" : "")\n"
        }
        out += "function \(prefix)\(e.name)(\(e.parameters.map(\.name).joined(separator: ", "))) end\n\n"
        return out
    }
}

extension String {
    /// Lines without trailing spaces (`--- ` on an empty line becomes `---`).
    func replacingOccurrencesOfTrailingSpaces() -> String {
        split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var l = Substring(line)
            while l.last == " " { l.removeLast() }
            return String(l)
        }.joined(separator: "\n")
    }
}
