#if canImport(Glibc)
import Glibc
#endif

/// Where the Swift reader executable is, and what a confined process must
/// be granted to start it: execute on exactly that file and on its ELF
/// interpreter, read on the folders its RUNPATH names (the toolchain's
/// SwiftSyntax libraries and shared runtime).
public enum ReaderLocation {
    public static let executableName = "buttonkit-swift-reader"

    /// The reader beside the running executable (the installed pair in
    /// PREFIX/bin, the build folder for `swift build`/`swift test`), or nil.
    public static func beside() -> String? {
        guard let me = selfExecutable() else { return nil }
        var dir = me
        while let last = dir.last, last != "/" { dir.removeLast() }
        let candidate = dir + executableName
        return access(candidate, X_OK) == 0 ? candidate : nil
    }

    static func selfExecutable() -> String? {
        var buf = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buf, buf.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buf[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The file's ELF interpreter and RUNPATH folders (empty when it is not
    /// an ELF file ButtonKit can read).
    public static func dependencies(of path: String) -> (interpreter: String?, runpath: [String]) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return (nil, []) }
        defer { close(fd) }
        func bytes(_ offset: Int, _ count: Int) -> [UInt8]? {
            guard count >= 0, count < 1 << 20 else { return nil }
            var b = [UInt8](repeating: 0, count: count)
            let n = b.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
            return n == count ? b : nil
        }
        func u(_ b: [UInt8], _ at: Int, _ size: Int) -> Int {
            var v = 0
            for i in (0..<size).reversed() { v = v << 8 | Int(b[at + i]) }
            return v
        }
        // 64-bit little-endian ELF only (the platforms ButtonKit builds on).
        guard let h = bytes(0, 64), h[0] == 0x7F, h[1] == 0x45, h[2] == 0x4C, h[3] == 0x46, h[4] == 2, h[5] == 1 else { return (nil, []) }
        let phoff = u(h, 32, 8), phentsize = u(h, 54, 2), phnum = u(h, 56, 2)
        guard phentsize >= 56, phnum < 256, let ph = bytes(phoff, phentsize * phnum) else { return (nil, []) }
        var interp: String?
        var loads: [(vaddr: Int, offset: Int, size: Int)] = []
        var dynamic: (offset: Int, size: Int)?
        for i in 0..<phnum {
            let p = i * phentsize
            let type = u(ph, p, 4), offset = u(ph, p + 8, 8), vaddr = u(ph, p + 16, 8), filesz = u(ph, p + 32, 8)
            switch type {
            case 3: if let b = bytes(offset, filesz) { interp = String(decoding: b.prefix { $0 != 0 }, as: UTF8.self) }
            case 1: loads.append((vaddr, offset, filesz))
            case 2: dynamic = (offset, filesz)
            default: break
            }
        }
        guard let dynamic, let dyn = bytes(dynamic.offset, dynamic.size) else { return (interp, []) }
        var strtab = 0, runpaths: [Int] = []
        var i = 0
        while i + 16 <= dyn.count {
            let tag = u(dyn, i, 8), val = u(dyn, i + 8, 8)
            if tag == 0 { break }
            if tag == 5 { strtab = val }
            if tag == 29 || tag == 15 { runpaths.append(val) }   // DT_RUNPATH, DT_RPATH
            i += 16
        }
        guard let seg = loads.first(where: { strtab >= $0.vaddr && strtab < $0.vaddr + $0.size }) else { return (interp, []) }
        let strOffset = strtab - seg.vaddr + seg.offset
        var folders: [String] = []
        for r in runpaths {
            guard let b = bytes(strOffset + r, 4096) ?? bytes(strOffset + r, 256) else { continue }
            let text = String(decoding: b.prefix { $0 != 0 }, as: UTF8.self)
            folders += text.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        }
        return (interp, folders)
    }
}
