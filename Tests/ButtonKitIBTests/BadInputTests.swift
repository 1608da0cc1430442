#if canImport(Glibc)
import Glibc
#endif
import Testing
import ButtonKit
@testable import ButtonKitIB

/// Every bad input is a clear error naming file, line and column (or an
/// ignored entry when the rest of the file still makes sense): never a
/// crash, a hang, a file read beyond the document, or a network access.
@Suite struct BadInputTests {
    static let head = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" targetRuntime="iOS.CocoaTouch">
        <objects>
    """
    static let tail = """
        </objects>
    </document>
    """

    func error(_ text: String) -> IBError? {
        do { _ = try Fixtures.load(text: text); return nil } catch { return error }
    }

    func error(bytes: [UInt8]) -> IBError? {
        do { _ = try Fixtures.load(bytes: bytes); return nil } catch { return error }
    }

    /// A view beside a scene's root view (an outlet's view shown later) is
    /// on no screen; its buttons are each listed, not dropped unseen.
    @Test func buttonsOutsideTheRootViewAreAScreenOfTheirOwn() throws {
        let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="14490" targetRuntime="iOS.CocoaTouch">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController id="vc" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="root">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                                <subviews>
                                    <button opaque="NO" contentMode="scaleToFill" id="in">
                                        <rect key="frame" x="10" y="10" width="100" height="44"/>
                                        <state key="normal" title="In"/>
                                    </button>
                                </subviews>
                            </view>
                        </viewController>
                        <view contentMode="scaleToFill" id="extra">
                            <rect key="frame" x="0.0" y="0.0" width="240" height="128"/>
                            <subviews>
                                <button opaque="NO" contentMode="scaleToFill" id="out">
                                    <rect key="frame" x="0" y="0" width="100" height="44"/>
                                    <state key="normal" title="Out"/>
                                </button>
                            </subviews>
                        </view>
                    </objects>
                </scene>
            </scenes>
        </document>
        """
        let doc = try Fixtures.load(bytes: Array(text.utf8), name: "case.storyboard")
        // Every <button> is a control: the view beside the root view is a
        // screen of its own (as a XIB's top-level view is), not a list entry.
        #expect(doc.find("In") != nil && doc.find("Out") != nil)
        #expect(doc.scenes.map(\.id) == ["vc", "extra"])
        #expect(doc.scene(named: "extra")?.controls.map(\.id) == ["out"])
        #expect(!doc.ignored.contains { $0.element == "button" })
    }

    @Test func malformedXMLNamesLineAndColumn() throws {
        let e = try #require(error(Self.head + "\n<view id=\"a\"><rect key=\"frame\" x=\"0\" y=\"0\" width=\"10\" height=\"10\"/></wrong>\n" + Self.tail))
        #expect(e.file == "/tmp/case.storyboard")
        #expect(e.line == 4)
        #expect(e.column > 1)
        #expect(e.message.contains("malformed XML"))
        #expect(e.description.hasPrefix("/tmp/case.storyboard:4:"))
    }

    @Test func truncatedFile() throws {
        let full = try Files.read(Fixtures.path("Legacy/Legacy.storyboard"))
        let cut = String(full.utf8.prefix(full.utf8.count / 2))!
        let e = try #require(error(cut))
        #expect(e.line > 1 && e.column >= 1)
    }

    @Test func binaryNibsAreRecognised() throws {
        let bplist = try #require(error(bytes: Array("bplist00\u{0}\u{1}".utf8)))
        #expect(bplist.message.contains("compiled nib") && bplist.message.contains("binary property list"))
        let archive = try #require(error(bytes: Array("NIBArchive\u{1}\u{0}".utf8)))
        #expect(archive.message.contains("NIBArchive"))
        #expect(archive.line == 1 && archive.column == 1)
    }

    @Test func emptyAndNotIBFiles() throws {
        #expect(error(bytes: [])?.message.contains("empty") == true)
        #expect(error("<?xml version=\"1.0\"?><plist/>")?.message.contains("not an Interface Builder document") == true)
        let mac = "<document type=\"com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB\" targetRuntime=\"MacOSX.Cocoa\"/>"
        #expect(error(mac)?.message.contains("AppKit") == true)
    }

    @Test func fiftyMegabytesIsRefusedBeforeParsing() throws {
        var big = Array((Self.head).utf8)
        big += [UInt8](repeating: 32, count: 50 * 1024 * 1024)
        big += Array(Self.tail.utf8)
        let e = try #require(error(bytes: big))
        #expect(e.message.contains("more than the 32 MB"))
    }

    @Test func deepNestingIsBounded() throws {
        let depth = 10_000
        var s = Self.head
        s += String(repeating: "<view>", count: depth)
        s += String(repeating: "</view>", count: depth)
        s += Self.tail
        let e = try #require(error(s))
        #expect(e.line >= 1 && e.column >= 1)
        #expect(e.message.contains("256") || e.message.contains("deep"))
    }

    @Test func billionLaughsIsRefusedNotExpanded() throws {
        var s = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n"
        for i in 1...9 { s += " <!ENTITY lol\(i) \"" + String(repeating: "&lol\(i == 1 ? "" : String(i - 1));", count: 10) + "\">\n" }
        s += "]>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\">&lol9;</document>\n"
        let start = clock()
        let e = try #require(error(s))
        #expect(e.line == 3 && e.column == 2)
        #expect(e.message.contains("entities"))
        #expect(Double(clock() - start) / Double(CLOCKS_PER_SEC) < 1)
    }

    @Test func externalEntitiesReadNoFile() throws {
        let s = """
        <?xml version="1.0"?>
        <!DOCTYPE document [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB"><objects>&xxe;</objects></document>
        """
        let e = try #require(error(s))
        #expect(e.line == 2)
        #expect(!e.message.contains("root:"))
    }

    /// An external DTD is never loaded: the entity it would define stays
    /// undefined, so the file is an error (not a read of the DTD, not a fetch).
    @Test func externalDTDIsNotLoaded() throws {
        let dtd = "/tmp/buttonkit-ib-test-\(getpid()).dtd"
        try Files.makeDirectories("/tmp")
        let f = fopen(dtd, "w")
        fputs("<!ENTITY title \"LOADED\">", f)
        fclose(f)
        defer { unlink(dtd) }
        for system in [dtd, "http://127.0.0.1:9/x.dtd"] {
            let s = """
            <?xml version="1.0"?>
            <!DOCTYPE document SYSTEM "\(system)">
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB"><objects>
            <button id="b"><rect key="frame" x="0" y="0" width="10" height="10"/><state key="normal" title="&title;"/></button>
            </objects></document>
            """
            let e = try #require(error(s))
            #expect(e.line == 4)
            #expect(e.message.contains("title"))
        }
    }

    @Test func libxmlPrintsNothingToStandardError() throws {
        let path = "/tmp/buttonkit-ib-stderr-\(getpid()).txt"
        fflush(nil)
        let saved = dup(2)
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        dup2(fd, 2)
        _ = error(Self.head + "<view><oops></view>" + Self.tail)
        _ = error("<document><unclosed attr=\"x></document>")
        fflush(nil)
        dup2(saved, 2)
        close(fd)
        close(saved)
        defer { unlink(path) }
        // Other suites may write to the same descriptor meanwhile: look for
        // libxml2's own words rather than for an empty file.
        let written = String(decoding: try Files.readBytes(path), as: UTF8.self)
        #expect(!written.contains("parser error") && !written.contains("mismatch") && !written.contains("Entity:"),
                "libxml2 wrote: \(written)")
    }

    @Test func colourNamedInNoCatalogIsAnIgnoredEntry() throws {
        let doc = try Fixtures.load(text: Self.head + """
        <button id="b"><rect key="frame" x="0" y="0" width="10" height="10"/>
        <color key="backgroundColor" name="Nowhere"/>
        <state key="normal" title="B"/></button>
        """ + Self.tail)
        let b = try #require(doc.find("B"))
        #expect(b.appearance.backgroundColor == .clear)
        let entry = try #require(doc.ignored.first { $0.element == "color" && $0.attribute == "name" })
        #expect(entry.reason.contains("Nowhere") && entry.line == 4)
    }

    @Test func badValuesAreListedNotFatal() throws {
        let doc = try Fixtures.load(text: Self.head + """
        <button id="b" alpha="lots" tag="x" buttonType="weird"><rect key="frame" x="nan" y="0" width="1e400" height="10"/>
        <fontDescription key="fontDescription" type="system" pointSize="-3"/>
        <state key="sideways" title="S"/>
        <inset key="contentEdgeInsets" minX="1e9" minY="0" maxX="0" maxY="0"/>
        <state key="normal" title="B"/></button>
        """ + Self.tail)
        let b = try #require(doc.find("B"))
        #expect(b.contentEdgeInsets == .zero)
        #expect(doc.ignored.contains { $0.element == "inset" })
        let attrs = Set(doc.ignored.compactMap(\.attribute))
        #expect(attrs.isSuperset(of: ["alpha", "tag", "buttonType", "x", "width", "pointSize", "key"]))
    }

    /// A storyboard written on one line (minified): every ignored entry
    /// still gets its own column, and listing thousands of them does not
    /// rescan the line for each (this took minutes before the cursors).
    @Test func oneLineFileGetsColumnsInOnePass() throws {
        var s = Self.head.replacingNewlines()
        for i in 0..<2_000 {
            s += "<button opaque=\"YES\" contentMode=\"redraw\" lineBreakMode=\"wordWrap\" id=\"b\(i)\">"
                + "<rect key=\"frame\" x=\"0\" y=\"\(i)\" width=\"10\" height=\"10\"/><state key=\"normal\" title=\"B\(i)\"/></button>"
        }
        s += Self.tail.replacingNewlines()
        let start = clock()
        let doc = try Fixtures.load(text: s)
        #expect(Double(clock() - start) / Double(CLOCKS_PER_SEC) < 20)
        #expect(doc.controls.count == 2_000)
        let columns = doc.ignored.filter { $0.attribute == "opaque" }.map(\.column)
        #expect(columns.count == 2_000)
        #expect(Set(columns).count == 2_000)   // each button's own
        #expect(columns == columns.sorted())
    }

    /// Millions of empty elements are refused, not built into a tree.
    @Test func tooManyElementsIsRefused() throws {
        let s = Self.head + String(repeating: "<a/>", count: 1_000_001) + Self.tail
        let e = try #require(error(s))
        #expect(e.message.contains("more than 1000000 elements"))
    }

    /// A button with 10,000 attributes lists each without rescanning its tag.
    @Test func manyAttributesAreListedQuickly() throws {
        var attrs = ""
        for i in 0..<10_000 { attrs += " x\(i)=\"1\"" }
        let s = Self.head + "<button id=\"b\"\(attrs)><rect key=\"frame\" x=\"0\" y=\"0\" width=\"1\" height=\"1\"/></button>" + Self.tail
        let start = clock()
        let doc = try Fixtures.load(text: s)
        #expect(Double(clock() - start) / Double(CLOCKS_PER_SEC) < 20)
        #expect(doc.ignored.filter { $0.element == "button" }.count == 10_000)
    }
}

extension String {
    func replacingNewlines() -> String { String(map { $0 == "\n" ? " " : $0 }) }
}
