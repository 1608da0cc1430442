// swift-tools-version: 6.1
import PackageDescription
import Foundation

/// The Swift toolchain's own SwiftSyntax and SwiftParser (its
/// `usr/lib/swift/host/`), found from `swift` on PATH with links resolved:
/// the Swift reader links them; nothing else does (docs/decisions.md, "The
/// app's own code"). nil when the toolchain has none (the reader is then
/// not built and reading Swift says what to install).
let swiftSyntaxHost: (host: String, runtime: String)? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for dir in path.split(separator: ":") {
        let candidate = URL(fileURLWithPath: String(dir)).appendingPathComponent("swift")
        guard FileManager.default.isExecutableFile(atPath: candidate.path) else { continue }
        let usr = candidate.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
        let host = usr.appendingPathComponent("lib/swift/host").path
        let runtime = usr.appendingPathComponent("lib/swift/linux").path
        if FileManager.default.fileExists(atPath: host + "/SwiftParser.swiftmodule")
            && FileManager.default.fileExists(atPath: host + "/libSwiftParser.so") {
            return (host, runtime)
        }
        return nil
    }
    return nil
}()

/// The reader executable: SwiftSyntax's shared libraries and the shared
/// Swift runtime they need, never in a process with our binary.
let swiftReaderTargets: [Target] = swiftSyntaxHost.map { t in
    [.executableTarget(
        name: "buttonkit-swift-reader",
        dependencies: ["ButtonKitSwiftIR"],
        path: "Sources/SwiftReader",
        swiftSettings: [.unsafeFlags(["-I", t.host])],
        linkerSettings: [.unsafeFlags(["-L", t.host, "-lSwiftSyntax", "-lSwiftParser", "-lSwiftDiagnostics",
                                       "-lSwiftParserDiagnostics", "-lSwiftBasicFormat", "-lSwiftOperators",
                                       "-Xlinker", "-rpath", "-Xlinker", t.host,
                                       "-Xlinker", "-rpath", "-Xlinker", t.runtime])]
    )]
} ?? []

let package = Package(
    name: "ButtonKit",
    products: [
        .library(name: "ButtonKit", targets: ["ButtonKit"]),
        .library(name: "ButtonKitLua", targets: ["ButtonKitLua"]),
        .library(name: "ButtonKitTesting", targets: ["ButtonKitTesting"]),
        .library(name: "ButtonKitIB", targets: ["ButtonKitIB"]),
        .executable(name: "buttonkit", targets: ["buttonkit"]),
    ] + (swiftSyntaxHost == nil ? [] : [.executable(name: "buttonkit-swift-reader", targets: ["buttonkit-swift-reader"])]),
    targets: [
        // Debian's liblua5.4-dev, found with pkg-config (scripts/bootstrap installs it).
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"])]
        ),
        // Debian's libxml2, loaded with dlopen the first time a document is
        // read (linking it would load libxml2, ICU and libstdc++ into every
        // process at start-up).
        .target(name: "CLibXML2", linkerSettings: [.linkedLibrary("dl")]),
        // Debian's libedit (BSD) for the REPL's line editing, loaded with
        // dlopen by the REPL only (start-up of every other command skips it).
        .target(name: "CEdit", linkerSettings: [.linkedLibrary("dl")]),
        // Debian's FreeType and HarfBuzz (real text metrics), loaded with
        // dlopen the first time text is measured (linked, they and glib,
        // graphite, libpng and brotli would load into every process).
        .target(name: "CText", linkerSettings: [.linkedLibrary("dl")]),
        // The C core of the bridge: Lua's macros as functions, the state,
        // the protected call, the host trampoline (errors raised only after
        // Swift has returned), the limits, the floor, the hang-up, a clock;
        // and the hook owner and deadline observer code built on it
        // registers (it names nothing built on it).
        .target(name: "CLuaShim", dependencies: ["CLua"]),
        // The sandbox on the core: confinement (openat2, Landlock), the
        // sandbox's file functions, the loader.
        .target(name: "CLuaSandbox", dependencies: ["CLuaShim"]),
        // The test runner's runtime on both: the results channel, the chunk
        // cache, line coverage. Linked by ButtonKitTesting only, so the
        // embeddable bridge carries none of it.
        .target(name: "CLuaRunner", dependencies: ["CLuaShim", "CLuaSandbox"]),
        // The model: no Lua, no Foundation.
        .target(name: "ButtonKit"),
        // Text measured with HarfBuzz and FreeType over the fonts the host
        // opens at start-up (the core's TextMeasurer, for real).
        .target(name: "ButtonKitText", dependencies: ["ButtonKit", "CText"]),
        // Interface Builder files and asset catalogs read into the model (no Lua).
        .target(name: "ButtonKitIB", dependencies: ["ButtonKit", "CLibXML2"]),
        // The Swift reader's syntax IR and its compact encoding: pure Swift,
        // no Foundation, compiled into both the reader and ButtonKitCode.
        .target(name: "ButtonKitSwiftIR"),
        // The app's own Swift code read into the same document model as its
        // storyboards (no Lua, no SwiftSyntax: the reader runs apart).
        .target(name: "ButtonKitCode", dependencies: ["ButtonKit", "ButtonKitIB", "ButtonKitSwiftIR"]),
        // Pictures: SVG of controls, strips and screens (no Lua).
        .target(name: "ButtonKitSVG", dependencies: ["ButtonKit"]),
        // Compiles the .lua files shipped inside the tool to bytecode in Swift source.
        .executableTarget(name: "EmbedLua", dependencies: ["CLua"]),
        .plugin(name: "EmbedLuaPlugin", capability: .buildTool(), dependencies: ["EmbedLua"]),
        // The bridge: Lua state, limits, sandbox, bindings, the `ui` module.
        .target(
            name: "ButtonKitLua",
            dependencies: ["ButtonKit", "ButtonKitIB", "ButtonKitCode", "ButtonKitSVG", "ButtonKitText", "CLuaShim", "CLuaSandbox"],
            exclude: ["lua"],
            plugins: ["EmbedLuaPlugin"]
        ),
        // The busted-compatible runner on top of the bridge: the framework
        // (lua/), reporters, coverage; the embeddable bridge does not ship it.
        .target(
            name: "ButtonKitTesting",
            dependencies: ["ButtonKit", "ButtonKitSVG", "ButtonKitLua", "CLuaShim", "CLuaSandbox", "CLuaRunner"],
            exclude: ["lua"],
            plugins: ["EmbedLuaPlugin"]
        ),
        .executableTarget(name: "buttonkit", dependencies: ["ButtonKitTesting", "ButtonKitLua", "ButtonKitIB", "ButtonKitSVG", "CEdit"]),
        .executableTarget(name: "ButtonKitBench", dependencies: ["ButtonKit", "ButtonKitIB", "ButtonKitLua", "ButtonKitTesting", "CLuaShim", "CLuaSandbox", "CLuaRunner"]),
        .testTarget(name: "ButtonKitTests", dependencies: ["ButtonKit", "ButtonKitSVG", "ButtonKitText"]),
        .testTarget(name: "ButtonKitIBTests", dependencies: ["ButtonKitIB", "ButtonKit"]),
        .testTarget(name: "ButtonKitCodeTests", dependencies: ["ButtonKitCode", "ButtonKitIB", "ButtonKitSwiftIR", "ButtonKit"]),
        // Test-only C helpers (a pseudo-terminal for driving the REPL).
        .target(name: "CTestSupport", path: "Tests/CTestSupport"),
        // What the tests below share: the built binary run as a user runs it
        // (`CLI`, `Spawned`), a pseudo-terminal, shells. It names no
        // ButtonKit module, so the tests that drive only the binary build
        // beside the library instead of after it.
        .target(name: "ButtonKitTestSupport", dependencies: ["CTestSupport"], path: "Tests/TestSupport"),
        // The bridge in process (Lua states, the REPL's completion, the API
        // reference), the runner in process, and the command line through
        // the binary: test targets follow the source targets they test.
        .testTarget(name: "ButtonKitLuaTests", dependencies: ["ButtonKitLua", "ButtonKit", "CLuaShim", "CLuaRunner", "CTestSupport", "ButtonKitTestSupport"]),
        .testTarget(name: "ButtonKitTestingTests", dependencies: ["ButtonKitTesting", "ButtonKitLua", "CTestSupport", "ButtonKitTestSupport"]),
        .testTarget(name: "ButtonKitCLITests", dependencies: ["CTestSupport", "ButtonKitTestSupport"]),
    ] + swiftReaderTargets,
    swiftLanguageModes: [.v6]
)
