#if canImport(Glibc)
import Glibc
#endif

/// What `--lua LUA` names: busted re-runs itself under that interpreter, so
/// a suite can ask for another Lua. ButtonKit runs specs in its own Lua
/// 5.4; a 5.4 interpreter is still worth naming (specs see it as arg[-1]
/// and start it), any other means the suite expects a Lua it will not get.
enum LuaInterpreter {
    /// The interpreter's `_VERSION` (with "(LuaJIT)" after LuaJIT's, whose
    /// `_VERSION` says 5.1), run through the shell as busted runs it; or
    /// why it did not answer like a Lua.
    static func version(of lua: String) -> Result<String, Problem> {
        let probe = #" -e 'io.write(_VERSION, type(jit) == "table" and " (LuaJIT)" or "")' </dev/null 2>&1"#
        guard let f = popen(lua + probe, "r") else { return .failure(Problem(text: String(cString: strerror(errno)))) }
        var bytes: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 256)
        while true {
            let n = fread(&buf, 1, buf.count, f)
            if n <= 0 { break }
            bytes += buf[0..<n]
            if bytes.count > 4096 { break }
        }
        let status = pclose(f)
        var text = String(decoding: bytes, as: UTF8.self)
        while let last = text.unicodeScalars.last, last == "\n" || last == "\r" || last == " " { text.unicodeScalars.removeLast() }
        guard status == 0, text.hasPrefix("Lua ") else {
            let said = text.split(separator: "\n").first.map(String.init) ?? ""
            return .failure(Problem(text: said.isEmpty ? "it exited with status \(status >> 8)" : said))
        }
        return .success(text)
    }

    /// What went wrong, in the program's or the shell's words.
    struct Problem: Error { let text: String }
}
