import Foundation
import Testing
import ButtonKitTestSupport

@Suite("Did-you-mean for commands and options", .serialized)
struct DidYouMeanTests {
    @Test func unknownCommandsSuggestTheClosest() throws {
        let tset = try CLI.run(["tset"])
        #expect(tset.status == 2)
        #expect(tset.stderr == "buttonkit: unknown command 'tset'; did you mean 'test'? (see 'buttonkit help')\n")
        #expect(try CLI.run(["rendr", "x.lua"]).stderr.contains("unknown command 'rendr'; did you mean 'render'?"))
        let help = try CLI.run(["help", "tst"])
        #expect(help.status == 2)
        #expect(help.stderr.contains("no help for 'tst'; did you mean 'test'?"))
        // Nothing close: the topics there are.
        #expect(try CLI.run(["help", "xyzzy"]).stderr.contains("topics: run, test, repl, render"))
        #expect(try CLI.run(["completion", "bsh"]).stderr.contains("did you mean 'bash'?"))
    }

    @Test func unknownOptionsSuggestTheClosestAndTheCommandsHelp() throws {
        let run = try CLI.run(["run", "--verison"])
        #expect(run.status == 2)
        #expect(run.stderr == "buttonkit: unknown option '--verison'; did you mean '--version'? (see 'buttonkit help run')\n")
        // What it suggests works.
        #expect(try CLI.run(["run", "--version"]).stdout.hasPrefix("buttonkit "))
        #expect(try CLI.run(["test", "--verison"]).stderr.contains("did you mean '--version'? (see 'buttonkit help test')"))
        #expect(try CLI.run(["render", "--ouput", "x"]).stderr.contains("did you mean '--output'? (see 'buttonkit help render')"))
        #expect(try CLI.run(["test", "--no-verbos"]).stderr.contains("did you mean '--no-verbose'?"))
        // busted's multi-letter short options keep their single dash.
        #expect(try CLI.run(["test", "-Xoutpt", "x"]).stderr.contains("did you mean '-Xoutput'?"))
    }
}
