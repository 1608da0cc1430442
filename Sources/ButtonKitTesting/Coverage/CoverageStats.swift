#if canImport(Glibc)
import Glibc
#endif
import ButtonKit
import ButtonKitLua

/// Line counts per file, as luacov keeps them and writes them to
/// `luacov.stats.out`: per file name, the highest line hit (`max`) and the
/// hits of each line up to it.
///
/// The file format, byte for byte (luacov 0.17's `stats.save`): one record
/// per file, sorted by name in byte order: `<max>:<name>\n`, then each
/// line's count followed by one space (the last one too), then `\n`.
/// Reading it back follows luacov's reader, which tolerates any whitespace
/// between numbers and stops at the first thing it cannot read.
public struct CoverageStats: Equatable, Sendable {
    public struct File: Equatable, Sendable {
        /// The highest line hit (luacov's `max`).
        public var max = 0
        /// hits[line], 1-based (hits[0] is unused); lines past the end have 0.
        public var hits: [Int] = [0]

        public init() {}

        public subscript(line: Int) -> Int { line >= 1 && line < hits.count ? hits[line] : 0 }

        /// The most hits of a line.
        public var maxHits: Int { hits.max() ?? 0 }

        /// Lines past any real file's length are ignored and counts stop at
        /// Int.max: a stats file or a worker's record comes from a spec,
        /// which could otherwise make the runner trap on overflow or grow
        /// an array to any size.
        public static let maxLine = 1 << 24

        public mutating func add(line: Int, _ count: Int) {
            guard line >= 1, line <= File.maxLine, count > 0 else { return }
            if line >= hits.count { hits += Array(repeating: 0, count: line - hits.count + 1) }
            let (sum, overflow) = hits[line].addingReportingOverflow(count)
            hits[line] = overflow ? Int.max : sum
        }

        /// luacov's `update_stats`: the larger max, counts added.
        public mutating func merge(_ other: File) {
            max = Swift.max(max, other.max)
            for (line, n) in other.hits.enumerated() where n > 0 { add(line: line, n) }
        }
    }

    public var files: [String: File] = [:]

    public init() {}

    public var isEmpty: Bool { files.isEmpty }

    /// Adds one worker's counts for `name` (line -> hits).
    public mutating func add(_ name: String, counts: [Int: Int]) {
        var f = files[name] ?? File()
        for (line, n) in counts where n > 0 && line >= 1 && line <= File.maxLine {
            f.add(line: line, n)
            f.max = Swift.max(f.max, line)
        }
        files[name] = f
    }

    public mutating func merge(_ other: CoverageStats) {
        for (name, f) in other.files {
            if files[name] == nil { files[name] = f } else { files[name]?.merge(f) }
        }
    }

    /// Names in byte order (Lua's `<` on strings in the C locale).
    public var sortedNames: [String] { files.keys.sorted(by: CoverageStats.byteOrder) }

    static func byteOrder(_ a: String, _ b: String) -> Bool { Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8)) }

    /// The stats file's bytes.
    public var serialized: [UInt8] {
        var out: [UInt8] = []
        for name in sortedNames {
            guard let f = files[name] else { continue }
            out += Array(String(f.max).utf8)
            out.append(58)  // ":"
            out += Array(name.utf8)
            out.append(10)
            if f.max > 0 {
                for line in 1...f.max {
                    out += Array(String(f[line]).utf8)
                    out.append(32)
                }
            }
            out.append(10)
        }
        return out
    }

    /// Reads a stats file's bytes as luacov's reader does.
    public static func parse(_ bytes: [UInt8]) -> CoverageStats {
        var stats = CoverageStats()
        var r = Reader(bytes: bytes)
        while let max = r.number(), r.byte() == 58 {
            guard let name = r.line() else { break }
            var f = File()
            f.max = Swift.min(max, File.maxLine)
            if max >= 1 {
                for line in 1...max {
                    guard let hits = r.number(), r.byte() == 32 else { break }
                    if hits > 0 { f.add(line: line, hits) }
                }
            }
            // A name seen twice: the later record replaces the earlier one.
            stats.files[name] = f
        }
        return stats
    }

    /// The stats in the file at `path`, nil when it cannot be opened.
    public static func load(_ path: String) -> CoverageStats? { load(path, CoverageFiles(tree: nil)) }

    static func load(_ path: String, _ files: CoverageFiles) -> CoverageStats? {
        guard case .success(let bytes) = files.read(path) else { return nil }
        return parse(bytes)
    }

    /// The reads luacov's loader makes: `read("n")`, `read(1)`, `read("l")`.
    struct Reader {
        let bytes: [UInt8]
        var i = 0

        static func isSpace(_ c: UInt8) -> Bool { c == 32 || (c >= 9 && c <= 13) }
        static func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }

        /// A numeral after optional whitespace, as Lua's read("n") reads it
        /// (integers here; a fraction or exponent makes it not a count).
        mutating func number() -> Int? {
            while i < bytes.count && Reader.isSpace(bytes[i]) { i += 1 }
            var text: [UInt8] = []
            if i < bytes.count && (bytes[i] == 45 || bytes[i] == 43) { text.append(bytes[i]); i += 1 }
            while i < bytes.count && (Reader.isDigit(bytes[i]) || bytes[i] == 46) { text.append(bytes[i]); i += 1 }
            guard let s = String(validating: text, as: UTF8.self) else { return nil }
            if let v = Int(s) { return v }
            if let d = Double(s), d.isFinite, d == d.rounded(), abs(d) < 1e15 { return Int(d) }
            return nil
        }

        mutating func byte() -> UInt8? {
            guard i < bytes.count else { return nil }
            defer { i += 1 }
            return bytes[i]
        }

        /// The rest of the line, without its newline; nil at the end.
        mutating func line() -> String? {
            guard i < bytes.count else { return nil }
            let start = i
            while i < bytes.count && bytes[i] != 10 { i += 1 }
            let s = String(decoding: bytes[start..<i], as: UTF8.self)
            if i < bytes.count { i += 1 }
            return s
        }
    }
}

/// Raw file reads and writes for coverage files (names and sources may hold
/// any bytes). A sandboxed run's scripts chose the names (`.luacov`, a spec
/// calling luacov.runner.init, chunk names): then every file is read,
/// written and removed through the working tree's `Confinement`, beneath it.
struct CoverageFiles {
    /// The working tree of a sandboxed run; nil: names are used as given.
    let tree: Confinement?

    /// Why a file cannot be read.
    struct Unreadable: Error { let why: String }

    /// The file's bytes, or why it cannot be read.
    func read(_ path: String) -> Result<[UInt8], Unreadable> {
        guard let tree else {
            do { return .success(try Files.readBytes(path)) } catch { return .failure(Unreadable(why: String(cString: strerror(errno)))) }
        }
        switch tree.open(path, "coverage") {
        case .failure(.io(_, _, let reason)): return .failure(Unreadable(why: reason))
        case .failure(let e): return .failure(Unreadable(why: e.message))
        case .success(let fd):
            defer { close(fd) }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, 65536) }
                if n < 0 { if errno == EINTR { continue }; return .failure(Unreadable(why: String(cString: strerror(errno)))) }
                if n == 0 { return .success(bytes) }
                bytes.append(contentsOf: chunk[0..<n])
            }
        }
    }

    /// Writes (creating or replacing) `path`, and the folders it names
    /// (`--coverage-format html` into `out/`, a statsfile under `coverage/`);
    /// the reason when it cannot.
    func write(_ bytes: [UInt8], to path: String) -> String? {
        guard let tree else { return CoverageFiles.writeInPlace(bytes, to: path) }
        do {
            let (folder, name) = try tree.keptFile(path, "coverage", makingFolders: true)
            try folder.writeAtomically(bytes, to: name)
            return nil
        } catch {
            return error.message
        }
    }

    /// Removes `path` (luacov's deletestats).
    func remove(_ path: String) {
        guard let tree else { unlink(path); return }
        if let (folder, name) = try? tree.keptFile(path, "coverage") { folder.remove(name) }
    }

    /// Writes in place (truncating), as luacov does.
    static func writeInPlace(_ bytes: [UInt8], to path: String) -> String? {
        do { try Files.makeDirectories(Files.directory(of: path)) } catch { return error.message }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        defer { close(fd) }
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { buf -> Int in
                guard let base = buf.baseAddress else { return 0 }
                return Glibc.write(fd, base + done, buf.count - done)
            }
            if n < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            done += n
        }
        return nil
    }
}
