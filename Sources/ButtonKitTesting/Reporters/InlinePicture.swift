/// A picture as the HTML report shows it.
///
/// The pictures in a failure come from the worker's record, and a spec can
/// set what that record carries (`busted.failure_details`), so the report
/// cannot take them for ButtonKit's own drawing. A picture is put inline
/// only when it is plainly one of ours: an `<svg>` made of the elements
/// ButtonKit draws with, no markup declarations, no event attributes, no
/// links. Anything else is shown through `<img>` from a data URL, where a
/// browser runs no script and fetches nothing.
enum InlinePicture {
    static let elements: Set<String> = ["svg", "g", "rect", "text", "tspan", "path", "line", "circle", "title"]

    static func html(_ svg: String) -> String {
        let body = svg.hasPrefix("<?xml") ? String(svg.drop { $0 != ">" }.dropFirst()) : svg
        if isPlain(body) { return body }
        return "<img alt=\"picture\" src=\"data:image/svg+xml;base64,\(base64(Array(svg.utf8)))\">"
    }

    /// Whether `svg` is an `<svg>` element built only of `elements`, with no
    /// `<!…>`, `<?…>`, `on…=` or `…href=` anywhere.
    static func isPlain(_ svg: String) -> Bool {
        let b = Array(svg.utf8)
        guard b.starts(with: Array("<svg".utf8)) else { return false }
        func isNameByte(_ c: UInt8) -> Bool {
            (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c == 45 || c == 58 || c == 95 || c == 46
        }
        var i = 0
        while i < b.count {
            if b[i] == UInt8(ascii: "<") {
                var j = i + 1
                if j < b.count, b[j] == UInt8(ascii: "/") { j += 1 }
                let start = j
                while j < b.count, isNameByte(b[j]) { j += 1 }
                let name = String(decoding: b[start..<j], as: UTF8.self)
                guard elements.contains(name) else { return false }
                i = j
                continue
            }
            // An attribute: a name right before "=".
            if b[i] == UInt8(ascii: "=") {
                var j = i
                while j > 0, isNameByte(b[j - 1]) { j -= 1 }
                let attr = String(decoding: b[j..<i], as: UTF8.self).lowercased()
                if attr.hasPrefix("on") || attr.hasSuffix("href") { return false }
            }
            i += 1
        }
        return true
    }

    static func base64(_ bytes: [UInt8]) -> String {
        let table = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let n = min(3, bytes.count - i)
            let v = (UInt32(bytes[i]) << 16) | (n > 1 ? UInt32(bytes[i + 1]) << 8 : 0) | (n > 2 ? UInt32(bytes[i + 2]) : 0)
            out.append(table[Int((v >> 18) & 63)])
            out.append(table[Int((v >> 12) & 63)])
            out.append(n > 1 ? table[Int((v >> 6) & 63)] : UInt8(ascii: "="))
            out.append(n > 2 ? table[Int(v & 63)] : UInt8(ascii: "="))
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
