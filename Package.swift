// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "ButtonKit",
    products: [
        .library(name: "ButtonKit", targets: ["ButtonKit"]),
        .library(name: "ButtonKitLua", targets: ["ButtonKitLua"]),
        .library(name: "ButtonKitTesting", targets: ["ButtonKitTesting"]),
        .library(name: "ButtonKitIB", targets: ["ButtonKitIB"]),
        .executable(name: "buttonkit", targets: ["buttonkit"]),
    ],
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
        // Pictures: SVG of controls, strips and screens (no Lua).
        .target(name: "ButtonKitSVG", dependencies: ["ButtonKit"]),
        // Compiles the .lua files shipped inside the tool to bytecode in Swift source.
        .executableTarget(name: "EmbedLua", dependencies: ["CLua"]),
        .plugin(name: "EmbedLuaPlugin", capability: .buildTool(), dependencies: ["EmbedLua"]),
        // The bridge: Lua state, limits, sandbox, bindings, the `ui` module.
        .target(
            name: "ButtonKitLua",
            dependencies: ["ButtonKit", "ButtonKitIB", "ButtonKitSVG", "ButtonKitText", "CLuaShim", "CLuaSandbox"],
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
        // Test-only C helpers (a pseudo-terminal for driving the REPL).
        .target(name: "CTestSupport", path: "Tests/CTestSupport"),
        .testTarget(name: "ButtonKitLuaTests", dependencies: ["ButtonKitLua", "ButtonKitTesting", "ButtonKit", "CLuaShim", "CLuaSandbox", "CLuaRunner", "CTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
