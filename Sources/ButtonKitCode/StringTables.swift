import ButtonKit

/// The app's string tables in its development language: `.strings` files
/// (`"key" = "value";` with comments, UTF-8 or UTF-16) and `.xcstrings`
/// catalogs (JSON, the `sourceLanguage`'s string units).
enum StringTables {
    /// Which `.lproj` of a `.strings` file is the development language's:
    /// Base first, then English, then any.
    static func rank(_ path: String) -> Int {
        if path.contains("/Base.lproj/") { return 0 }
        if path.contains("/en.lproj/") || path.contains("/en-US.lproj/") || path.contains("/English.lproj/") { return 1 }
        return 2
    }

    /// `"key" = "value";` pairs of a `.strings` file.
    static func strings(_ bytes: [UInt8]) -> [String: String] {
        var text: [Character]
        if bytes.count >= 2 && ((bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF)) {
            let le = bytes[0] == 0xFF
            var units: [UInt16] = []
            var i = 2
            while i + 1 < bytes.count {
                units.append(le ? UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8 : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]))
                i += 2
            }
            text = Array(String(decoding: units, as: UTF16.self))
        } else {
            text = Array(String(decoding: bytes, as: UTF8.self))
        }
        var out: [String: String] = [:]
        var i = 0
        func skip() {
            while i < text.count {
                if text[i].isWhitespace { i += 1; continue }
                if text[i] == "/" && i + 1 < text.count && text[i + 1] == "/" {
                    while i < text.count && text[i] != "\n" { i += 1 }
                    continue
                }
                if text[i] == "/" && i + 1 < text.count && text[i + 1] == "*" {
                    i += 2
                    while i + 1 < text.count && !(text[i] == "*" && text[i + 1] == "/") { i += 1 }
                    i += 2
                    continue
                }
                break
            }
        }
        func quoted() -> String? {
            guard i < text.count, text[i] == "\"" else { return nil }
            i += 1
            var s = ""
            while i < text.count && text[i] != "\"" {
                if text[i] == "\\" && i + 1 < text.count {
                    i += 1
                    switch text[i] {
                    case "n": s.append("\n")
                    case "t": s.append("\t")
                    default: s.append(text[i])
                    }
                } else { s.append(text[i]) }
                i += 1
            }
            i += 1
            return s
        }
        while i < text.count {
            skip()
            guard let key = quoted() else { break }
            skip()
            guard i < text.count, text[i] == "=" else { break }
            i += 1
            skip()
            guard let value = quoted() else { break }
            skip()
            if i < text.count && text[i] == ";" { i += 1 }
            out[key] = value
        }
        return out
    }

    /// The source language's values of an `.xcstrings` catalog (a key
    /// without one stands for itself).
    static func xcstrings(_ bytes: [UInt8]) -> [String: String] {
        guard case .object(let root)? = try? JSON.parse(bytes: bytes), case .object(let strings)? = root["strings"] else { return [:] }
        var lang = "en"
        if case .string(let l)? = root["sourceLanguage"] { lang = l }
        var out: [String: String] = [:]
        for (key, entry) in strings {
            guard case .object(let e) = entry, case .object(let locs)? = e["localizations"], case .object(let loc)? = locs[lang],
                  case .object(let unit)? = loc["stringUnit"], case .string(let value)? = unit["value"] else { continue }
            out[key] = value
        }
        return out
    }
}
