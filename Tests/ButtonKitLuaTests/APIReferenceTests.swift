import Foundation
import Testing
@testable import ButtonKitLua
import ButtonKitTestSupport

/// docs/api.md against the bindings: every name a script can reach is
/// documented, and every documented name exists. Names come from the
/// binding descriptions and the `ui` tables, not from a hand list.
@Suite("API reference")
struct APIReferenceTests {
    let ref = APIReference.shared

    /// The reference's owner names for each kind.
    static let owners: [(Binding.Kind, String)] = [
        (.button, "button"), (.sortButton, "sortButton"), (.sortBar, "sortBar"), (.radioGroup, "radioGroup"),
        (.screen, "screen"), (.store, "store"), (.styleBuilder, "builder"), (.document, "document"),
    ]

    func documented(_ owner: String, _ kind: APIReference.Entry.Kind) -> Set<String> {
        Set(ref.entries.filter { $0.owner == owner && $0.kind == kind }.map(\.name))
    }

    @Test func theReferenceIsEmbedded() {
        #expect(ref.entries.count > 100)
    }

    @Test func everyBoundNameIsDocumentedAndEveryDocumentedNameIsBound() {
        for (kind, owner) in Self.owners {
            let d = Binding.description(of: kind)
            var fields = documented(owner, .field), methods = documented(owner, .method)
            // A sort button is a button: what it inherits is documented once, under button.
            if kind == .sortButton {
                fields.formUnion(documented("button", .field))
                methods.formUnion(documented("button", .method))
            }
            #expect(Set(d.fieldNames) == fields, "\(owner) fields: bound but undocumented \(Set(d.fieldNames).subtracting(fields).sorted()), documented but unbound \(fields.subtracting(d.fieldNames).sorted())")
            #expect(Set(d.methodNames) == methods, "\(owner) methods: bound but undocumented \(Set(d.methodNames).subtracting(methods).sorted()), documented but unbound \(methods.subtracting(d.methodNames).sorted())")
        }
        let ui = Set(UIModule.functions.map(\.name) + UIModule.tables)
        let documentedUI = documented("ui", .function).union(documented("ui", .field))
        #expect(ui == documentedUI, "ui: bound but undocumented \(ui.subtracting(documentedUI).sorted()), documented but unbound \(documentedUI.subtracting(ui).sorted())")
    }

    @Test func everyEntryHasText() {
        for e in ref.entries { #expect(!e.text.isEmpty, "\(e.qualifiedName) has no text") }
    }

    @Test func signaturesParse() throws {
        let found = ref.entries(matching: "button:tap")
        let tap = try #require(found.first)
        #expect(tap.kind == .method)
        #expect(tap.parameters.map(\.name) == ["options", "y"])
        #expect(tap.parameters.allSatisfy { $0.optional })
        #expect(tap.returns == ["boolean"])
        let ids = ref.entries(matching: "button.id")
        let id = try #require(ids.first)
        #expect(id.kind == .field && id.isReadOnly && id.fieldType == "string")
        let taps = ref.entries(matching: "tap").map(\.qualifiedName)
        #expect(taps == ["button:tap", "screen:tap"])
        #expect(ref.entries(matching: "doc:on").map(\.qualifiedName) == ["document:on"])
        #expect(ref.entries(matching: "doc.screens").map(\.qualifiedName) == ["document.screens"])
        let make = ref.entries(matching: "ui.button").first?.kind
        #expect(make == .function)
    }

    @Test func theEditorDefinitionsAreGeneratedFromTheReference() throws {
        let checkedIn = try String(contentsOf: CLI.root.appendingPathComponent("types/buttonkit.lua"), encoding: .utf8)
        #expect(checkedIn == LuaDefinitions.generate(ref), "types/buttonkit.lua is stale: regenerate it with `buttonkit help api --luals > types/buttonkit.lua`")
        // It is valid Lua.
        let ctx = try LuaContext(options: { var o = LuaContext.Options(); o.sandbox = false; return o }())
        try ctx.load(checkedIn, name: "=types", mode: .text)
    }

    /// Newcomer round four: a text-style font (`{ textStyle = "body" }`,
    /// no size) was flagged by the language server, and `assert.*` had no
    /// definitions at all.
    @Test func theDefinitionsAcceptTextStyleFontsAndDescribeAssert() {
        let defs = LuaDefinitions.generate(ref)
        #expect(defs.contains("{ size?: number, textStyle?: string"))
        #expect(defs.contains("---@class ui.assert: ui.assertions"))
        #expect(defs.contains("---@field are ui.assertions"))
        #expect(defs.contains("---@field same fun("))
        #expect(defs.contains("function assert.appearance(control, expected, state, traits) end"))
    }

    @Test func helpApiShowsEntriesAndSuggests() throws {
        let r = try CLI.run(["help", "api", "tap"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("button:tap(options?: table|number, y?: number) -> boolean"))
        #expect(r.stdout.contains("screen:tap("))
        let bad = try CLI.run(["help", "api", "tapp"])
        #expect(bad.status == 2 && bad.stderr.contains("did you mean 'tap'?"))
        let index = try CLI.run(["help", "api"]).stdout
        #expect(index.contains("  radioGroup:select\n"))
        #expect(index.contains("  Traits\n"), "the Values topics are listed")
    }

    /// An entry's text is what follows its heading, whatever it holds: a
    /// sub-entry (`####`), a table, a code block, even one whose lines look
    /// like headings (a Markdown or shell example), and never the next
    /// entry's text. A `## ` or `### ` line inside a fence ended the entry
    /// there and started a section or an entry of the code.
    @Test func anEntryEndsWhereTheNextHeadingIsNotInsideCode() throws {
        let page = """
        ## Things

        ### a.one(x: number) -> number

        One's text.

        #### Options of one

        | key | meaning |
        |---|---|
        | `k` | a key |

        ### a.two: string

        Two's text.

        ```sh
        ## a comment, not a section
        ### a.fake(): not an entry
        ```

        Two's last line.
        ### a.three(): nothing

        Three's text.

        ## Values

        **Colours.** Red.

        ```
        ## not a section
        **Fonts.** not a topic
        ```

        **States.** Normal.
        """
        let ref = APIReference(text: page)
        #expect(ref.entries.map(\.qualifiedName) == ["a.one", "a.two", "a.three"])
        #expect(ref.entries.map(\.section) == ["Things", "Things", "Things"])
        let text = Dictionary(uniqueKeysWithValues: ref.entries.map { ($0.qualifiedName, $0.text) })
        #expect(text["a.one"] == "One's text.\n\n#### Options of one\n\n| key | meaning |\n|---|---|\n| `k` | a key |")
        #expect(text["a.two"] == "Two's text.\n\n```sh\n## a comment, not a section\n### a.fake(): not an entry\n```\n\nTwo's last line.")
        #expect(text["a.three"] == "Three's text.")
        #expect(ref.topics.map(\.name) == ["Values", "Colours", "States"])
        #expect(ref.topics.first { $0.name == "Colours" }?.text.contains("**Fonts.** not a topic") == true)
    }

    @Test func theValuesSectionAnswersAsTopics() throws {
        // Entries say "(see Values)": each bold paragraph there is a topic.
        let names = ref.topics.map(\.name)
        #expect(names.first == "Values")
        for t in ["Colours", "Fonts", "States", "Traits", "Configuration", "Audit options"] { #expect(names.contains(t), "\(t)") }
        #expect(ref.help(for: "traits")?.hasPrefix("Traits. A table") == true)
        #expect(ref.help(for: "colors")?.hasPrefix("Colours.") == true, "American spelling, plural")
        #expect(ref.help(for: "frames")?.hasPrefix("Frames and points.") == true)
        #expect(ref.help(for: "Values")?.contains("\nAudit options.") == true, "the whole section")
        #expect(ref.help(for: "tap")?.contains("button:tap(") == true, "entries first")
        let both = try #require(ref.help(for: "configuration"))
        #expect(both.hasPrefix("button.configuration: table") && both.contains("\nConfiguration."), "the field, then the topic")
        #expect(ref.help(for: "nothing-like-it") == nil)
        // Fences and links are the page's, not the terminal's.
        #expect(MarkdownText.plain("See [style property](#values) and [x].\n```lua\nlocal b = 1\n```") == "See style property and [x].\n    local b = 1")
        let bar = try #require(ref.help(for: "ui.sortBar"))
        #expect(!bar.contains("```") && !bar.contains("](#"), "\(bar)")
        // Tables print as columns, not as the page's Markdown rows.
        let colours = try #require(ref.help(for: "colours"))
        let lines = colours.split(separator: "\n")
        #expect(!lines.contains { $0.hasPrefix("|") } && !colours.contains("|---") && !colours.contains("**"), "\(colours)")
        #expect(lines.contains { $0.contains("`black`") && $0.contains("`#000000FF`") && $0.contains("`darkGray`") }, "\(colours)")
        let r = try CLI.run(["help", "api", "Traits"])
        #expect(r.status == 0 && r.stdout.contains("tintColor = color"), "\(r.stdout)")
        let near = try CLI.run(["help", "api", "trats"])
        #expect(near.status == 2 && near.stderr.contains("did you mean 'Traits'?"), "\(near.stderr)")
    }
}
