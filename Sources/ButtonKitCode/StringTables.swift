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

    /// `"key" = "value";` pairs of a `.strings` file. Read as UTF-8 bytes
    /// (UTF-16 files converted first): every delimiter is ASCII, and walking
    /// `Character`s (grapheme breaking) made parsing an app's 600 tables
    /// half of a warm folder load (focus-ios).
    static func strings(_ bytes: [UInt8]) -> [String: String] {
        var text: [UInt8]
        if bytes.count >= 2 && ((bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF)) {
            let le = bytes[0] == 0xFF
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var i = 2
            while i + 1 < bytes.count {
                units.append(le ? UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8 : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]))
                i += 2
            }
            text = Array(String(decoding: units, as: UTF16.self).utf8)
        } else {
            text = bytes
            // A UTF-8 byte order mark is not part of the first key.
            if text.starts(with: [0xEF, 0xBB, 0xBF]) { text.removeFirst(3) }
        }
        let quote = UInt8(ascii: "\""), slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), backslash = UInt8(ascii: "\\")
        let newline = UInt8(ascii: "\n")
        var out: [String: String] = [:]
        var i = 0
        let n = text.count
        func isSpace(_ b: UInt8) -> Bool { b == 32 || (b >= 9 && b <= 13) }
        func skip() {
            while i < n {
                if isSpace(text[i]) { i += 1; continue }
                if text[i] == slash && i + 1 < n && text[i + 1] == slash {
                    while i < n && text[i] != newline { i += 1 }
                    continue
                }
                if text[i] == slash && i + 1 < n && text[i + 1] == star {
                    i += 2
                    while i + 1 < n && !(text[i] == star && text[i + 1] == slash) { i += 1 }
                    i += 2
                    continue
                }
                break
            }
        }
        func quoted() -> String? {
            guard i < n, text[i] == quote else { return nil }
            i += 1
            let start = i
            var escaped = false
            while i < n && text[i] != quote {
                if text[i] == backslash && i + 1 < n { escaped = true; i += 1 }
                i += 1
            }
            let end = min(i, n)
            i += 1
            guard escaped else { return String(decoding: text[start..<end], as: UTF8.self) }
            var s: [UInt8] = []
            s.reserveCapacity(end - start)
            var k = start
            while k < end {
                if text[k] == backslash && k + 1 < end {
                    k += 1
                    switch text[k] {
                    case UInt8(ascii: "n"): s.append(newline)
                    case UInt8(ascii: "t"): s.append(9)
                    default: s.append(text[k])
                    }
                } else { s.append(text[k]) }
                k += 1
            }
            return String(decoding: s, as: UTF8.self)
        }
        while i < n {
            skip()
            guard let key = quoted() else { break }
            skip()
            guard i < n, text[i] == UInt8(ascii: "=") else { break }
            i += 1
            skip()
            guard let value = quoted() else { break }
            skip()
            if i < n && text[i] == UInt8(ascii: ";") { i += 1 }
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
