import Foundation
import Testing
import ButtonKitTestSupport

/// Issue 27, "writing outside the tree": the files a confined command
/// writes for the caller (`render -o DIR`, `test --junit/--report FILE`)
/// resolve beneath the working tree like every other path of the run, and
/// replace only a file ButtonKit wrote. Each test failed before the change
/// (the link was followed and the outside `index.html` replaced, the reports
/// written outside, the user's files replaced).
@Suite("Output paths of a confined run")
struct OutputPlaceTests {
    /// A tree whose `link` leads to the sibling `outside/`, which holds the
    /// user's own `index.html`.
    func setUp(link: String) throws -> Escape {
        let e = try Escape()
        try e.write("<html>mine</html>\n", to: e.outsideFile("index.html"))
        try FileManager.default.createSymbolicLink(atPath: e.inTree(link).path, withDestinationPath: "../outside")
        try e.write("ui.button { id = \"pay\", title = \"Pay\" }\n", to: e.inTree("s.lua"))
        try e.write("it('passes', function() end)\n", to: e.inTree("spec/a_spec.lua"))
        return e
    }

    @Test func renderThroughALinkPlantedInTheTreeWritesNothingOutside() throws {
        let e = try setUp(link: "out")
        let r = try Spawned.run(["render", "s.lua", "-o", "out"], in: e.tree, limit: 60)
        #expect(r.exitCode == 1 && r.stderr.contains("through a symbolic link inside it"), "\(r.summary)")
        #expect(e.read(e.outsideFile("index.html")) == "<html>mine</html>\n", "the outside index.html was replaced")
        #expect(e.outsideListing() == ["index.html"], "pictures written outside: \(e.outsideListing())")
    }

    @Test func reportsThroughALinkPlantedInTheTreeAreNotWrittenOutside() throws {
        let e = try setUp(link: "reports")
        let r = try Spawned.run(["test", "--sandbox", "--no-config", "-o", "plain", "--junit", "reports/j.xml", "--report", "reports/r.html",
                                 "spec/a_spec.lua"], in: e.tree, limit: 60)
        #expect(r.exitCode == 1, "\(r.summary)")
        #expect(r.stderr.contains("'reports/j.xml': leads outside the working tree") && r.stderr.contains("'reports/r.html': leads outside"), "\(r.summary)")
        #expect(e.outsideListing() == ["index.html"], "reports written outside: \(e.outsideListing())")
    }

    @Test func aFolderTheCallerNamesOutsideIsStillWritten() throws {
        let e = try setUp(link: "out")
        let r = try Spawned.run(["render", "s.lua", "-o", "../outside/pics"], in: e.tree, limit: 60)
        #expect(r.exitCode == 0, "\(r.summary)")
        #expect(e.exists(e.outsideFile("pics/pay.svg")) && e.exists(e.outsideFile("pics/index.html")), "\(e.outsideListing())")
    }

    @Test func renderReplacesItsOwnPicturesButNotTheUsersFiles() throws {
        let e = try setUp(link: "out")
        let again = try Spawned.run(["render", "s.lua", "-o", "pics"], in: e.tree, limit: 60)
        let rerun = try Spawned.run(["render", "s.lua", "-o", "pics"], in: e.tree, limit: 60)
        #expect(again.exitCode == 0 && rerun.exitCode == 0, "a render over its own pictures: \(rerun.summary)")
        try FileManager.default.createDirectory(at: e.inTree("site"), withIntermediateDirectories: true)
        try e.write("<html>the user's page</html>\n", to: e.inTree("site/index.html"))
        let r = try Spawned.run(["render", "s.lua", "-o", "site"], in: e.tree, limit: 60)
        #expect(r.exitCode == 1 && r.stderr.contains("not replacing site/index.html"), "\(r.summary)")
        #expect(e.read(e.inTree("site/index.html")) == "<html>the user's page</html>\n")
        #expect(!e.exists(e.inTree("site/pay.svg")), "a picture was written before the refusal")
        try e.write("<svg>drawn by hand</svg>\n", to: e.inTree("pics/pay.svg"))
        let svg = try Spawned.run(["render", "s.lua", "-o", "pics"], in: e.tree, limit: 60)
        #expect(svg.exitCode == 1 && svg.stderr.contains("not replacing pics/pay.svg"), "\(svg.summary)")
        #expect(e.read(e.inTree("pics/pay.svg")) == "<svg>drawn by hand</svg>\n")
    }

    @Test func aReportReplacesAReportButNotANotesFile() throws {
        let e = try setUp(link: "out")
        try e.write("my notes\n", to: e.inTree("notes.xml"))
        let args = ["test", "--sandbox", "--no-config", "-o", "plain", "spec/a_spec.lua"]
        let r = try Spawned.run(args + ["--junit", "notes.xml"], in: e.tree, limit: 60)
        #expect(r.exitCode == 1 && r.stderr.contains("not replacing notes.xml"), "\(r.summary)")
        #expect(e.read(e.inTree("notes.xml")) == "my notes\n")
        let first = try Spawned.run(args + ["--junit", "j.xml"], in: e.tree, limit: 60)
        let second = try Spawned.run(args + ["--junit", "j.xml"], in: e.tree, limit: 60)
        #expect(first.exitCode == 0 && second.exitCode == 0, "a report over its own last one: \(second.summary)")
    }
}
