#if canImport(Glibc)
import Glibc
#endif
import ButtonKitSwiftIR
import SwiftParser

// buttonkit-swift-reader: Swift source in, syntax IR out, over stdin and
// stdout (ReaderFrame messages). It opens no file: ButtonKit reads the
// files under its run's confinement and sends their bytes. It runs apart
// from ButtonKit because SwiftSyntax's libraries need the shared Swift
// runtime, which ButtonKit's static binary must not load a second copy of
// (docs/decisions.md, "The app's own code").
//
//   buttonkit-swift-reader [--max-memory BYTES]      serve frames on stdin/stdout
//   buttonkit-swift-reader --time FILE...            parse only, print the time (measurements)
//   buttonkit-swift-reader --time-ir FILE...         parse and make the IR, print the time
//   buttonkit-swift-reader --dump FILE                the IR as text
//   buttonkit-swift-reader --version

let args = Array(CommandLine.arguments.dropFirst())

func monotonic() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

func readWhole(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, 65536) }
        if n <= 0 { break }
        out += chunk[0..<n]
    }
    return out
}

func writeAll(_ bytes: [UInt8]) -> Bool {
    var at = 0
    while at < bytes.count {
        let n = bytes.withUnsafeBytes { write(1, $0.baseAddress! + at, bytes.count - at) }
        if n < 0 { if errno == EINTR { continue }; return false }
        at += n
    }
    return true
}

func readExactly(_ count: Int) -> [UInt8]? {
    var out = [UInt8](repeating: 0, count: count)
    var at = 0
    while at < count {
        let n = out.withUnsafeMutableBytes { read(0, $0.baseAddress! + at, count - at) }
        if n < 0 { if errno == EINTR { continue }; return nil }
        if n == 0 { return nil }
        at += n
    }
    return out
}

if args.first == "--version" {
    print("buttonkit-swift-reader IR \(SyntaxIR.version)")
    exit(0)
}

if args.first == "--dump", args.count == 2 {
    // The IR of one file as text, decoded from the bytes sent (a check of both halves).
    guard let b = readWhole(args[1]) else { FileHandleless.fail("cannot read \(args[1])") }
    do { print(try SyntaxIR.decode(Reading.ir(b)).dump(), terminator: "") } catch { FileHandleless.fail("\(error)") }
    exit(0)
}

if args.first == "--time" || args.first == "--time-ir" {
    // The measurement the docs compare a folder load with: SwiftParser
    // alone over the same files (--time), or with the IR made (--time-ir).
    let ir = args.first == "--time-ir"
    var files = 0, bytes = 0, out = 0
    let start = monotonic()
    for path in args.dropFirst() {
        guard let b = readWhole(path) else { continue }
        files += 1; bytes += b.count
        if ir { out += Reading.ir(b).count } else {
            let tree = b.withUnsafeBufferPointer { Parser.parse(source: $0) }
            out += tree.statements.count > 0 ? 1 : 0
        }
    }
    let t = monotonic() - start
    print("\(files) files, \(bytes) bytes, \(ir ? "IR \(out) bytes, " : "")\(Int(t * 1000)) ms")
    exit(0)
}

var i = 0
while i < args.count {
    if args[i] == "--max-memory", i + 1 < args.count, let n = Int(args[i + 1]), n > 0 {
        var limit = rlimit(rlim_cur: rlim_t(n), rlim_max: rlim_t(n))
        _ = setrlimit(RLIMIT_AS_, &limit)
        i += 2
    } else {
        FileHandleless.fail("unknown argument '\(args[i])'")
    }
}

// Serve: one answer per message, until stdin ends. SwiftParser's
// lookahead recurses without bound on some inputs (thousands of `[`): the
// stack overflows and this process dies, fast. ButtonKit lists that file
// as not read and starts another reader for the rest. (A bigger stack
// only turns the crash into minutes of backtracking: measured, 10 minutes
// of CPU on a 3.5 KB file with a 512 MB stack.)
func serve() {
    while let header = readExactly(8) {
        let (id, length) = ReaderFrame.parse(header, at: 0)
        guard length <= ReaderFrame.maxLength, let source = readExactly(length) else {
            FileHandleless.fail("a message cut off or too long (\(length) bytes)")
        }
        let ir = Reading.ir(source)
        guard writeAll(ReaderFrame.header(id: id, length: ir.count)), writeAll(ir) else { exit(1) }
    }
    exit(0)
}
serve()
