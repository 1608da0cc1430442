import Testing
import ButtonKit
@testable import ButtonKitIB

/// `doc.platform`: a tvOS file is audited without the touch-target rule and
/// with tvOS's text sizes; a macOS (AppKit) file stays a clear refusal.
@Suite struct PlatformTests {
    @Test func tvOSFilesKnowTheirPlatformAndTextSizes() throws {
        let doc = try Fixtures.load("Kinds/Player.xib")
        #expect(doc.platform == .tvOS)
        #expect(doc.scenes[0].screen.platform == .tvOS)
        let play = try #require(doc.find("Play"))
        #expect(play.styleFor(.normal).font == Font(size: 29, weight: .regular))   // body on tvOS, fixed
        #expect(doc.info(for: play)?.property == "playButton")
        let problems = AccessibilityAudit.audit(doc.controls)
        // 40x40 pt would fail the HIG's 44 pt on iOS; tvOS is focus-driven.
        #expect(!problems.contains { $0.check == .hitTarget })
        #expect(!problems.contains { $0.check == .dynamicType })
        #expect(!problems.contains { ($0.contentSize ?? .large) != .large })
        #expect(AccessibilityAudit.skippedByPlatform(doc.controls).map(\.platform) == [.tvOS])
        // The same button on an iOS screen is checked.
        doc.scenes[0].screen.platform = .iOS
        #expect(AccessibilityAudit.audit(doc.controls).contains { $0.check == .hitTarget })
    }

    @Test func iOSAndCatalystFiles() throws {
        #expect(try Fixtures.load("Kinds/Login.xib").platform == .iOS)
        let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch">
            <device id="mac" appearance="light" renderMode="macOS"/>
            <objects>
                <view contentMode="scaleToFill" id="v"><rect key="frame" x="0.0" y="0.0" width="800" height="600"/></view>
            </objects>
        </document>
        """
        #expect(try Fixtures.load(text: text).platform == .macCatalyst)
        let mac = text.replacingOccurrences(of: "targetRuntime=\"iOS.CocoaTouch\"", with: "targetRuntime=\"MacOSX.Cocoa\"")
        #expect(throws: IBError.self) { try Fixtures.load(text: mac) }
    }
}
