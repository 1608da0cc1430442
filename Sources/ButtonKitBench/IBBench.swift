#if canImport(Glibc)
import Glibc
#endif
import ButtonKit
import ButtonKitIB
import ButtonKitLua

/// Interface Builder files (issue 17): a generated storyboard of 2,000
/// buttons (about 3 MB) loaded by `IBDocument.load` against `xmllint
/// --noout` parsing the same file (target ≤ 3×), and the heap a loaded
/// button keeps against a button made in Lua with the same look (≤ 2×).
enum IBBench {
    static let buttons = 2_000
    static let perScene = 20

    /// A storyboard as Xcode writes one: scenes of view controllers, each
    /// root view holding buttons (frames, constraints, colours, fonts, two
    /// states, an action, an accessibility id, and two constraints on the
    /// superview each, where Xcode keeps them).
    static func storyboard(buttons n: Int) -> String {
        var s = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22155" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
            <device id="retina6_12" orientation="portrait" appearance="light"/>
            <scenes>

        """
        var i = 0
        var scene = 0
        while i < n {
            s += """
                    <scene sceneID="sc\(scene)-aa-bbb">
                        <objects>
                            <viewController storyboardIdentifier="Scene\(scene)" id="vc\(scene)-aa-bbb" customClass="ListViewController" customModule="App" customModuleProvider="target" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="vw\(scene)-aa-bbb">
                                    <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                    <subviews>

            """
            let sceneStart = i
            for k in 0..<perScene where i < n {
                let y = 20 + k * 40
                s += """
                                        <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="b\(i)-aa-bbb">
                                            <rect key="frame" x="16" y="\(y)" width="240" height="34"/>
                                            <accessibility key="accessibilityConfiguration" identifier="item\(i)"/>
                                            <constraints>
                                                <constraint firstAttribute="height" constant="34" id="h\(i)-aa-bbb"/>
                                            </constraints>
                                            <color key="backgroundColor" red="0.20000000298023224" green="0.40000000596046448" blue="0.80000001192092896" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                                            <fontDescription key="fontDescription" type="boldSystem" pointSize="15"/>
                                            <state key="normal" title="Item \(i)">
                                                <color key="titleColor" white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                                            </state>
                                            <state key="highlighted" title="Pressed \(i)"/>
                                            <connections>
                                                <action selector="itemTapped:" destination="vc\(scene)-aa-bbb" eventType="touchUpInside" id="a\(i)-aa-bbb"/>
                                            </connections>
                                        </button>

                """
                i += 1
            }
            // Xcode keeps most constraints on the superview: two a button here.
            s += """
                                    </subviews>
                                    <constraints>

            """
            for b in sceneStart..<i {
                s += """
                                        <constraint firstItem="b\(b)-aa-bbb" firstAttribute="leading" secondItem="vw\(scene)-aa-bbb" secondAttribute="leading" constant="16" id="cl\(b)-aa-bbb"/>
                                        <constraint firstItem="b\(b)-aa-bbb" firstAttribute="top" secondItem="sa\(scene)-aa-bbb" secondAttribute="top" constant="\(20 + (b % perScene) * 40)" id="ct\(b)-aa-bbb"/>

                """
            }
            s += """
                                    </constraints>
                                    <viewLayoutGuide key="safeArea" id="sa\(scene)-aa-bbb"/>
                                    <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                                </view>
                            </viewController>
                            <placeholder placeholderIdentifier="IBFirstResponder" id="fr\(scene)-aa-bbb" sceneMemberID="firstResponder"/>
                        </objects>
                        <point key="canvasLocation" x="0.0" y="0.0"/>
                    </scene>

            """
            scene += 1
        }
        s += """
            </scenes>
            <resources>
                <systemColor name="labelColor"><color white="0.0" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/></systemColor>
                <systemColor name="systemBackgroundColor"><color white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/></systemColor>
            </resources>
        </document>

        """
        return s
    }

    /// Resident bytes now, after handing freed heap back to the system
    /// (glibc's malloc_trim, found with dlsym: malloc.h is not in Swift's
    /// Glibc module), so what remains is what is kept.
    static func residentBytes() -> Int {
        if let sym = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
            let trim = unsafeBitCast(sym, to: (@convention(c) (Int) -> Int32).self)
            _ = trim(0)
        }
        guard let f = fopen("/proc/self/statm", "r") else { return 0 }
        defer { fclose(f) }
        var size = 0, resident = 0
        _ = withUnsafeMutablePointer(to: &size) { a in withUnsafeMutablePointer(to: &resident) { b in vfscanf_ld(f, a, b) } }
        return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Reads two integers from statm (fscanf is variadic: read the text instead).
    static func vfscanf_ld(_ f: UnsafeMutablePointer<FILE>, _ a: UnsafeMutablePointer<Int>, _ b: UnsafeMutablePointer<Int>) -> Int32 {
        var buf = [CChar](repeating: 0, count: 128)
        guard fgets(&buf, 128, f) != nil else { return 0 }
        let parts = String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).split(separator: " ")
        a.pointee = parts.count > 0 ? Int(parts[0]) ?? 0 : 0
        b.pointee = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        return 2
    }

    /// The buttons used for the memory figure (more than the load's, for a steadier figure).
    static let memoryButtons = 10_000

    /// In a fresh process: the bytes a loaded storyboard keeps per button.
    static func memoryIB(_ path: String) throws {
        var options = IBLoadOptions.plainFiles()
        options.assetCatalogs = []
        let before = residentBytes()
        let doc = try IBDocument.load(path: path, options: options)
        let after = residentBytes()
        print(Double(after - before) / Double(doc.controls.count), doc.ignored.count / max(1, doc.controls.count))
    }

    /// In a fresh process: the bytes a button made in Lua keeps, with the
    /// same frame, type, titles, colours and font as a generated one.
    static func memoryLua(_ n: Int) throws {
        var o = LuaContext.Options()
        o.timeout = 0
        let ctx = try LuaContext(options: o)
        try ctx.run("collectgarbage('collect')")
        let before = residentBytes()
        try ctx.run("""
        keep = {}
        for i = 1, \(n) do
          keep[i] = ui.button {
            id = "item" .. i, type = "system", frame = { 16, 20 + (i % 20) * 40, 240, 34 },
            style = {
              normal = { title = "Item " .. i, titleColor = "#FFFFFF", backgroundColor = "#3366CC",
                         font = { size = 15, weight = "bold" } },
              highlighted = { title = "Pressed " .. i },
            },
          }
        end
        collectgarbage('collect')
        """)
        print(Double(residentBytes() - before) / Double(n))
    }

    static func write(_ text: String, to path: String) throws {
        guard let f = fopen(path, "w") else { throw UsageError("cannot write \(path)") }
        fputs(text, f)
        fclose(f)
    }

    static func run(xmllint: String, bench: String) throws {
        Table.section("Interface Builder files (release build)")
        let path = "/tmp/buttonkit-bench-\(getpid()).storyboard"
        let text = storyboard(buttons: buttons)
        try write(text, to: path)
        defer { unlink(path) }
        var options = IBLoadOptions.plainFiles()
        options.assetCatalogs = []
        var loaded = 0
        let load = try Timing.best(5) { loaded = try IBDocument.load(path: path, options: options).controls.count }
        let lint = (0..<5).map { _ in Timing.spawn([xmllint, "--noout", path]) }.min() ?? .nan
        let mb = Double(text.utf8.count) / 1_048_576
        Table.row("load \(loaded) buttons (\(Table.fmt(mb)) MB)", Table.ms(load), baseline: "xmllint --noout " + Table.ms(lint),
                  ratio: Table.x(load / lint), target: "<= 3x", ok: load / lint <= 3)

        // Memory kept per button, each side in a fresh process.
        let big = "/tmp/buttonkit-bench-\(getpid())-memory.storyboard"
        try write(storyboard(buttons: memoryButtons), to: big)
        defer { unlink(big) }
        let ib = Timing.capture([bench, "ib-memory", "ib", big]).split(whereSeparator: { $0 == " " || $0 == "\n" })
        let lua = Timing.capture([bench, "ib-memory", "lua", String(memoryButtons)])
        let ibBytes = ib.first.flatMap { Double($0.trimmingSpaces()) } ?? .nan
        let ignored = ib.count > 1 ? String(ib[1].trimmingSpaces()) : "?"
        let luaBytes = lua.split(whereSeparator: { $0 == " " || $0 == "\n" }).first.flatMap { Double($0) } ?? .nan
        Table.row("memory per loaded button (\(ignored) ignored entries each)", Table.fmt(ibBytes / 1024, 2) + " KB",
                  baseline: "Lua button " + Table.fmt(luaBytes / 1024, 2) + " KB", ratio: Table.x(ibBytes / luaBytes),
                  target: "<= 2x", ok: ibBytes / luaBytes <= 2)
    }
}
