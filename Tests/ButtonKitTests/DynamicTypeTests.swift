import Testing
@testable import ButtonKit

@Suite("Dynamic Type: text styles, content size and layout direction as traits")
struct DynamicTypeTests {
    @Test func textStylesFollowApplesTableAtEveryContentSize() {
        // Rows of the HIG's tables (docs/model.md cites them).
        #expect(ContentSizeCategory.allCases.map { TextStyle.body.size(at: $0) } == [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53])
        #expect(ContentSizeCategory.allCases.map { TextStyle.largeTitle.size(at: $0) } == [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60])
        #expect(ContentSizeCategory.allCases.map { TextStyle.caption2.size(at: $0) } == [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40])
        #expect(ContentSizeCategory.allCases.map { TextStyle.footnote.size(at: $0) } == [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44])
        // The default size of each style, as preferredFont(forTextStyle:) gives it.
        let large = TextStyle.allCases.map { $0.size(at: .large) }
        #expect(large == [34, 28, 22, 20, 17, 17, 16, 15, 13, 12, 11])
        #expect(Font(textStyle: .headline).weight == .semibold)
        #expect(Font(textStyle: .body).weight == .regular)
        #expect(Font(textStyle: .body, weight: .bold).weight == .bold)
    }

    @Test func styleSizesNeverShrinkAsTheContentSizeGrows() {
        for style in TextStyle.allCases {
            let sizes = ContentSizeCategory.allCases.map { style.size(at: $0) }
            #expect(sizes == sizes.sorted(), "\(style)")
        }
    }

    @Test func contentSizesParseByCaseShortAndUIKitNames() throws {
        #expect(try ContentSizeCategory(parsing: "accessibilityExtraExtraExtraLarge") == .accessibilityExtraExtraExtraLarge)
        #expect(try ContentSizeCategory(parsing: "ax5") == .accessibilityExtraExtraExtraLarge)
        #expect(try ContentSizeCategory(parsing: "XXXL") == .extraExtraExtraLarge)
        #expect(try ContentSizeCategory(parsing: "l") == .large)
        #expect(try ContentSizeCategory(parsing: "UICTContentSizeCategoryAccessibilityM") == .accessibilityMedium)
        #expect(ContentSizeCategory.accessibilityMedium.isAccessibilityCategory && !ContentSizeCategory.extraExtraExtraLarge.isAccessibilityCategory)
        #expect(ContentSizeCategory.small < .large && ContentSizeCategory.largest == .accessibilityExtraExtraExtraLarge)
        #expect(throws: ButtonKitError.notOneOf(kind: "content size", name: "larg",
                                                choices: ContentSizeCategory.allCases.map(\.rawValue) + ContentSizeCategory.shortNames)) {
            try ContentSizeCategory(parsing: "larg")
        }
        #expect(ButtonKitError.notOneOf(kind: "content size", name: "larg", choices: ContentSizeCategory.allCases.map(\.rawValue)).message
                    .contains("did you mean 'large'?"))
    }

    @Test func textStylesHaveInterfaceBuildersNames() {
        #expect(TextStyle.largeTitle.uikitName == "UICTFontTextStyleTitle0")
        #expect(TextStyle.subheadline.uikitName == "UICTFontTextStyleSubhead")
        #expect(TextStyle.caption1.uikitName == "UICTFontTextStyleCaption1")
        #expect(TextStyle(uikitName: "UICTFontTextStyleBody") == .body)
        #expect(TextStyle(uikitName: "UICTFontTextStyleTitle0") == .largeTitle)
        #expect(TextStyle(uikitName: "UICTFontTextStyleBogus") == nil)
    }

    @Test func fontStringsMayNameATextStyle() throws {
        #expect(try Font(parsing: "body") == Font(textStyle: .body))
        #expect(try Font(parsing: "bold headline") == Font(textStyle: .headline, weight: .bold))
        #expect(try Font(parsing: "bold 13") == Font(size: 13, weight: .bold))
        #expect(Font(textStyle: .headline).description == "headline 17")
        #expect(Font(textStyle: .body, weight: .bold).description == "bold body 17")
        #expect(throws: ButtonKitError.self) { try Font(parsing: "bold") }
    }

    @Test func aTextStyleTitleTakesTheSizeOfTheButtonsContentSize() throws {
        let s = Screen()
        let b = Button()
        var st = Style()
        st.font = Font(textStyle: .body)
        b.style(.normal, st)
        s.add(.button(b))
        #expect(b.appearance.font.size == 17)
        try s.setContentSize(.accessibilityExtraExtraExtraLarge)
        #expect(b.appearance.font.size == 53)
        #expect(b.appearance.font.textStyle == .body)
        b.setContentSize(.extraSmall)          // the button's own wins
        #expect(b.appearance.font.size == 14)
        b.setContentSize(nil)                  // nil: inherit again
        #expect(b.contentSize == .accessibilityExtraExtraExtraLarge)
        // A fixed size does not scale.
        let fixed = Button()
        s.add(.button(fixed))
        #expect(fixed.appearance.font == Font.systemDefault)
        // A preview under other traits changes nothing.
        #expect(b.appearance(for: .normal, under: TraitOverrides(contentSize: .medium)).font.size == 16)
        #expect(b.appearance.font.size == 53)
    }

    @Test func attributedRunsAndConfigurationsScaleToo() throws {
        let b = Button()
        var st = Style()
        var run = AttributedRun(text: "Buy")
        run.font = Font(textStyle: .title3)
        st.attributedTitle = [run, AttributedRun(text: " now")]
        b.style(.normal, st)
        b.setContentSize(.accessibilityLarge)
        #expect(b.appearance.attributedTitle?.first?.font?.size == 37)
        #expect(b.appearance.attributedTitle?.last?.font == nil)
        let c = Button()
        c.setConfiguration(ButtonConfiguration(style: .filled))
        #expect(c.appearance.font.size == 17 && c.appearance.font.textStyle == .body)
        c.setContentSize(.extraExtraExtraLarge)
        #expect(c.appearance.font.size == 23)
        #expect(c.appearance.layout?.subtitleFont.size == 21)   // subheadline at xxxl
    }

    @Test func contentSizeAndDirectionInheritThroughGroupsAndBars() throws {
        let s = Screen()
        try s.setLayoutDirection(.rightToLeft)
        let g = RadioGroup()
        let member = Button()
        member.info = .string("a")
        try g.add(member)
        s.add(.radioGroup(g))
        #expect(member.layoutDirection == .rightToLeft && member.contentSize == .large)
        try g.setContentSize(.accessibilityMedium)
        #expect(member.contentSize == .accessibilityMedium && s.contentSize == .large)
        try g.setLayoutDirection(.leftToRight)
        #expect(member.layoutDirection == .leftToRight)
        member.setLayoutDirection(.rightToLeft)
        #expect(member.traits.layoutDirection == .rightToLeft)
        try g.setContentSize(nil)
        #expect(member.contentSize == .large)
    }

    @Test func aTraitChangeAsksForAConfigurationUpdate() throws {
        let s = Screen()
        let b = Button()
        s.add(.button(b))
        var seen: [ContentSizeCategory] = []
        try b.setConfigurationUpdateHandler { button, _ in seen.append(button.contentSize) }
        try s.setContentSize(.extraLarge)
        #expect(seen == [.large, .extraLarge])
        // A preview runs the handler under the overrides and puts them back.
        _ = try b.previewAppearance(for: .highlighted, under: TraitOverrides(contentSize: .accessibilityExtraLarge, layoutDirection: .rightToLeft))
        #expect(seen.last == .accessibilityExtraLarge)
        #expect(b.contentSize == .extraLarge && b.layoutDirection == .leftToRight)
    }

    @Test func settingsApplyTheNewTraits() throws {
        let b = Button()
        try b.apply([.contentSize(.accessibilityMedium), .layoutDirection(.rightToLeft), .adjustsFontForContentSizeCategory(true)])
        #expect(b.contentSize == .accessibilityMedium && b.layoutDirection == .rightToLeft && b.adjustsFontForContentSizeCategory)
        #expect(!Button().adjustsFontForContentSizeCategory)   // UIKit's default
    }
}
