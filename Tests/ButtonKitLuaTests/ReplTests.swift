import Foundation
import Glibc
import Testing
import CTestSupport
@testable import ButtonKitLua
import ButtonKit
import ButtonKitTestSupport


@Suite("REPL", .serialized)
struct ReplTests {
    func session() throws -> ReplSession { try ReplSession(options: LuaContext.Options()) }

    @Test func expressionsPrintTheirValues() throws {
        let s = try session()
        #expect(s.feed("1 + 1").text == "2\n")
        #expect(s.feed("1, 'two', nil").text == "1\ttwo\tnil\n")
        #expect(s.feed("= 6 * 7").text == "42\n")
        #expect(s.feed("x = 5").text == "")
        #expect(s.feed("x").text == "5\n")
    }

    @Test func multilineDefinitionsContinue() throws {
        let s = try session()
        #expect(s.feed("function double(n)").text == "")
        #expect(s.prompt == ">> ")
        #expect(s.feed("  return n * 2").text == "")
        #expect(s.feed("end").text == "")
        #expect(s.prompt == "> ")
        #expect(s.feed("double(21)").text == "42\n")
    }

    @Test func anErrorLeavesTheSessionUsable() throws {
        let s = try session()
        let out = s.feed("error('oops')")
        #expect(out.error.contains("stdin:1: oops"))
        #expect(s.feed("'still here'").text == "still here\n")
        #expect(s.feed("local = 3").error.contains("syntax error") || s.feed("1").text == "1\n")
    }

    @Test func tablesArePrettyPrintedWithSortedKeysAndCycles() throws {
        let s = try session()
        #expect(s.feed("{ b = 2, a = 'x', 10, 20 }").text == "{ 10, 20, a = \"x\", b = 2 }\n")
        let cyc = s.feed("t = { name = 'loop' } t.self = t return t")
        _ = cyc
        #expect(s.feed("t").text.contains("self = <cycle"))
        let deep = s.feed("{ a = { b = { c = { d = { e = 1 } } } } }").text
        #expect(deep.contains("{...}"))
    }

    @Test func buttonsPrintAsOneLine() throws {
        let s = try session()
        _ = s.feed("b = ui.button { id = 'buy', title = 'Buy', style = { ['highlighted|selected'] = { backgroundColor = 'red' } } }")
        _ = s.feed("b.selected = true b.highlighted = true")
        #expect(s.feed("b").text == "<button buy \"Buy\" highlighted|selected bg #FF0000FF>\n")
        s.color = true
        s.truecolor = true
        #expect(s.feed("b").text.contains("\u{1B}[48;2;255;0;0m"))
    }

    /// A sort bar or button says what its words are: `key=nil direction=none`,
    /// not `none none`.
    @Test func sortBarsAndButtonsNameTheirKeyAndDirection() throws {
        let s = try session()
        _ = s.feed("bar = ui.sortBar { id = 'sort', { key = 'price' }, { key = 'name' } }")
        #expect(s.feed("bar").text == "<sortBar sort key=nil direction=none>\n")
        _ = s.feed("bar:button('price'):tap()")
        let direction = String(s.feed("= bar.direction").text.dropLast())
        #expect(direction != "none")
        #expect(s.feed("bar").text == "<sortBar sort key=price direction=\(direction)>\n")
        #expect(s.feed("bar.buttons[1]").text.contains(" key=price direction=\(direction) "))
    }

    /// Tab inside a constructor's table offers its option keys, not globals.
    @Test func completionOffersOptionKeysInsideConstructors() throws {
        let s = try session()
        #expect(s.completions(for: "ui.button { tit") == ButtonBinding.optionNames(sort: false).filter { $0.hasPrefix("tit") }.sorted())
        #expect(s.completions(for: "ui.button { tit").contains("title"))
        #expect(s.completions(for: "b = ui.button { id = 'x', tit").contains("title"))
        #expect(s.completions(for: "ui.button({ st").contains("style"))
        #expect(s.completions(for: "ui.sortBar { { ke") == ["key"])
        #expect(s.completions(for: "ui.radioGroup { options = { { val") == ["value"])
        #expect(s.completions(for: "ui.radioGroup { allow") == ["allowsEmpty"])
        #expect(s.completions(for: "ui.screen { wid") == ["width"])
        // A value position is code again: globals, not keys.
        #expect(s.completions(for: "ui.button { title = tos") == ["tostring"])
    }

    /// `:load FILE ARGS` passes ARGS as `arg` and `...`, as `buttonkit run` does.
    @Test func loadTakesArgumentsAsRunDoes() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bk-load-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("checkout.lua").path
        try "seen = { arg[0], arg[1], arg[2], select('#', ...), ... }".write(toFile: file, atomically: true, encoding: .utf8)
        let s = try session()
        #expect(s.feed(":load \(file) dark 'two words'").text == "loaded \(file)\n")
        #expect(s.feed("= seen[1] == '\(file)', seen[2], seen[3], seen[4], seen[5]").text == "true\tdark\ttwo words\t2\tdark\n")
        #expect(s.feed(":load \(file) 'open").error == ":load: unclosed ' in '\(file) 'open'\n")
        #expect(s.feed(":load").error.contains(":load needs a file name"))
    }

    @Test func completionKnowsGlobalsFieldsAndMethods() throws {
        let s = try session()
        #expect(s.completions(for: "ui.radioG") == ["ui.radioGroup"])
        _ = s.feed("b = ui.button {}")
        let methods = s.completions(for: "b:")
        #expect(methods.contains("b:tap") && methods.contains("b:setUpStyle"))
        #expect(!methods.contains("b:selected"))
        #expect(s.completions(for: "b.sel") == ["b.selected"])
        #expect(s.completions(for: "whi") == ["while"])
    }

    @Test func completionInsideStringsOffersTheModelsNames() throws {
        let s = try session()
        _ = s.feed("b = ui.button {}")
        // The method says which names fit; the editor's word is what follows the quote.
        #expect(s.completions(for: "b:style(\"hig", word: "hig") == ["highlighted"])
        #expect(s.completions(for: "b:style(\"selected|hig", word: "hig") == ["highlighted"])
        #expect(s.completions(for: "b:on('touchUpI", word: "touchUpI") == ["touchUpInside"])
        #expect(s.completions(for: "ui.color(\"light", word: "light") == ["lightGray", "lightText"])
        #expect(s.completions(for: "b:unstyle('normal', 'backg", word: "backg") == ["backgroundColor", "backgroundImage"])
        #expect(s.completions(for: "x = { backgroundColor = \"whi", word: "whi") == ["white"])
        // Names the model ignores the case of complete in any case.
        #expect(s.completions(for: "b:style(\"Hig", word: "Hig") == ["highlighted"])
        // Elsewhere in a string, every kind of name; after the string, code again.
        #expect(s.completions(for: "print(\"sel", word: "sel") == ["selected"])
        #expect(s.completions(for: "x = 'done' .. ui.radioG", word: "ui.radioG") == ["ui.radioGroup"])
        // Not in comments or long strings.
        #expect(s.completions(for: "-- \"hig", word: "hig").isEmpty)
        // The lists are the model's own.
        for (kind, names) in ReplSession.stringNames {
            #expect(!names.isEmpty, "\(kind)")
        }
        #expect(ReplSession.stringNames.first { $0.kind == "colors" }?.names
                == Color.named.map(\.name) + SystemColor.allCases.map(\.rawValue) + ["tintColor"])
    }

    @Test func completionInsideStringsKnowsTodaysUIKit() throws {
        let s = try session()
        _ = s.feed("b = ui.button {}")
        #expect(s.completions(for: "ui.color(\"systemInd", word: "systemInd") == ["systemIndigo"])
        #expect(s.completions(for: "b.tintColor = \"systemInd", word: "systemInd") == ["systemIndigo"])
        #expect(s.completions(for: "ui.color(\"lab", word: "lab") == ["label"])
        #expect(s.completions(for: "b.userInterfaceStyle = \"da", word: "da") == ["dark"], "not darkGray")
        #expect(s.completions(for: "ui.button { configuration = \"fil", word: "fil") == ["filled"])
        #expect(s.completions(for: "x = { style = \"borderedP", word: "borderedP") == ["borderedProminent"])
        #expect(s.completions(for: "x = { cornerStyle = \"cap", word: "cap") == ["capsule"])
        #expect(s.completions(for: "x = { type = \"sys", word: "sys") == ["system"])
    }

    @Test func aMultiLineStatementIsOneHistoryEntry() throws {
        let s = try session()
        #expect(s.feed("function double(n)").historyEntry == nil)
        #expect(s.feed("  return n * 2").historyEntry == nil)
        #expect(s.feed("end").historyEntry == "function double(n)\n  return n * 2\nend")
        // Recalled whole, it runs as one chunk and is one entry again.
        let again = s.feed("function triple(n)\n  return n * 3\nend")
        #expect(again.historyEntry == "function triple(n)\n  return n * 3\nend")
        #expect(s.feed("triple(2)").text == "6\n")
        #expect(s.feed("= 1").historyEntry == "= 1")
        #expect(s.feed(":help").historyEntry == ":help")
        _ = s.feed("if true then")
        s.cancelLine()
        #expect(s.feed("2").historyEntry == "2")
    }

    @Test func tableErrorsPrintLikeValues() throws {
        let s = try session()
        #expect(s.feed("error({ code = 7, reason = 'x' })").error == "{ code = 7, reason = \"x\" }\n")
        #expect(s.feed("error(setmetatable({}, { __tostring = function() return 'custom' end }))").error == "custom\n")
        #expect(s.feed("error('plain')").error.hasPrefix("stdin:1: plain"))
        #expect(s.feed("'still here'").text == "still here\n")
    }

    @Test func helpNameLooksUpTheReference() throws {
        let ref = APIReference.shared
        func rendered(_ query: String) -> String { MarkdownText.plain(ref.entries(matching: query).map(APIReference.render).joined(separator: "\n")) }
        let s = try session()
        let button = s.feed(":help ui.button")
        #expect(button.text.hasPrefix("ui.button(") && button.text == rendered("ui.button"), "\(button)")
        // A session's object stands for its kind: b:tap is button:tap.
        _ = s.feed("b = ui.button {}")
        let tap = s.feed(":help b:tap")
        #expect(tap.text.hasPrefix("button:tap(") && tap.text == rendered("button:tap"), "\(tap)")
        #expect(s.feed(":help b.selected").text == rendered("button.selected"))
        // A bare name: every kind's.
        let every = s.feed(":help tap").text
        #expect(every.contains("button:tap(") && every.contains("screen:tap("))
        #expect(s.feed(":help ui.buton").error == "no reference entry for ui.buton; did you mean ui.button?\n")
        #expect(s.feed(":help no_such_name_at_all").error == "no reference entry for no_such_name_at_all\n")
        #expect(s.feed(":help").text.contains(":help NAME"))
    }

    @Test func commandsWork() throws {
        let s = try session()
        #expect(s.feed(":help").text.contains(":trace EXPR"))
        _ = s.feed("b = ui.button {}")
        _ = s.feed("b:tap()")
        #expect(s.feed(":trace b").text.hasPrefix("   1  touchDown\n   2  highlighted=true\n"))
        #expect(s.feed(":trac b").error.contains("did you mean ':trace'"))
        _ = s.feed("keep = 1")
        #expect(s.feed(":reset").text == "fresh state\n")
        #expect(s.feed("keep").text == "nil\n")
        _ = s.feed(":quit")
        #expect(s.wantsExit)
    }

    /// Where the kernel confines the REPL, `:load` of a file outside the
    /// working tree says so and what to do, not a bare "Permission denied".
    @Test func loadOutsideTheTreeSaysWhy() throws {
        guard try CLI.run(["--version"]).stdout.contains("landlock") else { return }
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("bk-outside-\(UUID().uuidString).lua")
        try "print('ran')".write(to: outside, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: outside) }
        let tree = FileManager.default.temporaryDirectory.appendingPathComponent("bk-tree-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: tree) }
        let r = try CLI.run(["repl"], in: tree, stdin: ":load \(outside.path)\n")
        #expect(r.stderr.contains("cannot open \(outside.path): the REPL is confined to the working tree"), "\(r.stderr)")
        #expect(r.stderr.contains("or with --unsafe") && !r.stdout.contains("ran"))
    }

    @Test func pipedInputWorksWithoutPrompts() throws {
        let r = try CLI.run(["repl"], stdin: "function f(x)\nreturn x + 1\nend\nf(1)\nerror('x')\n'after'\n")
        #expect(r.status == 0)
        #expect(r.stdout == "2\nafter\n")
        #expect(r.stderr.contains("stdin:1: x"))
    }

    @Test func terminalCompletionAndHistoryAcrossSessions() throws {
        let history = FileManager.default.temporaryDirectory.appendingPathComponent("bk-history-\(UUID().uuidString)").path
        let bin = CLI.binary.path
        let first = try PTY([bin, "repl", "--history", history])
        #expect(first.read(until: "leave\r\n> ").contains("ButtonKit"))
        first.send("ui.radioG\t")
        #expect(first.read(until: "Group").contains("Group"))
        first.send("\u{15}b = ui.button { title = 'Tab' }\r")
        _ = first.read(until: "}\r\n> ")
        first.send("b:ta\t")
        #expect(first.read(until: "\u{1B}[7Gp").contains("p"))
        first.send("()\r")
        #expect(first.read(until: "true\r\n> ").contains("true"))
        first.send("\u{04}")
        _ = first.read(until: "^D", timeout: 3)
        let firstStatus = first.wait()
        #expect(firstStatus == 0, "transcript: \(first.transcript.debugDescription)")
        let saved = try String(contentsOfFile: history, encoding: .utf8)
        #expect(saved.contains("b:tap()"))

        let second = try PTY([bin, "repl", "--history", history])
        _ = second.read(until: "leave\r\n> ")
        second.send("b = ui.button { title = 'again' }\r")
        _ = second.read(until: "}\r\n> ")
        second.send("\u{1B}[A\u{1B}[A")  // Up twice: the previous session's last line
        let recalled = second.read(until: "b:tap()", timeout: 2)
        #expect(recalled.contains("b:tap()"))
        second.send("\r")
        #expect(second.read(until: "true\r\n> ").contains("true"))
        second.send(":quit\r")
        _ = second.read(timeout: 1)
        #expect(second.wait() == 0)
    }

    @Test func terminalRecallsAMultiLineStatementWholeAcrossSessions() throws {
        let history = FileManager.default.temporaryDirectory.appendingPathComponent("bk-history-\(UUID().uuidString)").path
        let bin = CLI.binary.path
        let first = try PTY([bin, "repl", "--history", history])
        _ = first.read(until: "leave\r\n> ")
        first.send("function double(n)\r")
        _ = first.read(until: ">> ")
        first.send("  return n * 2\r")
        _ = first.read(until: ">> ")
        first.send("end\r")
        _ = first.read(until: "end\r\n> ")
        first.send("\u{1B}[A")  // Up: the whole function, not its `end`
        let here = first.read(until: "\nend", timeout: 3)
        #expect(here.contains("function double(n)") && here.contains("return n * 2") && here.contains("\nend"),
                "transcript: \(first.transcript.debugDescription)")
        first.send("\r")
        _ = first.read(until: "> ", timeout: 2)
        first.send("\u{04}")
        _ = first.read(timeout: 1)
        #expect(first.wait() == 0)
        let saved = try String(contentsOfFile: history, encoding: .utf8)
        #expect(!saved.split(separator: "\n").contains("end"), "history: \(saved.debugDescription)")

        let second = try PTY([bin, "repl", "--history", history])
        _ = second.read(until: "leave\r\n> ")
        second.send("\u{1B}[A")
        let recalled = second.read(until: "\nend", timeout: 3)
        #expect(recalled.contains("function double(n)") && recalled.contains("\nend"),
                "transcript: \(second.transcript.debugDescription)")
        second.send("\r")
        _ = second.read(until: "> ", timeout: 2)
        second.send("double(21)\r")
        #expect(second.read(until: "42\r\n> ").contains("42"), "transcript: \(second.transcript.debugDescription)")
        second.send(":quit\r")
        _ = second.read(timeout: 1)
        #expect(second.wait() == 0)
    }

    /// Closing the terminal saves the history, as :quit and Ctrl-D do; so
    /// does closing it while code runs.
    @Test func aClosedTerminalKeepsTheHistory() throws {
        for running in [false, true] {
            let history = FileManager.default.temporaryDirectory.appendingPathComponent("bk-history-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: history) }
            let p = try PTY([CLI.binary.path, "repl", "--history", history])
            _ = p.read(until: "leave\r\n> ")
            p.send("answer=6*7\r")
            _ = p.read(until: "> ")
            if running {
                p.send("while true do end\r")
                #expect(p.waitUntilRunning(), "\(p.transcript.debugDescription)")
            }
            #expect(p.hangUp() == 129, "transcript: \(p.transcript.debugDescription)")
            let saved = (try? String(contentsOfFile: history, encoding: .utf8)) ?? ""
            #expect(saved.contains("answer=6*7"), "running: \(running), history: \(saved.debugDescription)")
        }
    }

    /// `kill` (SIGTERM) and `os.exit` from a line keep the history too; a
    /// history file that cannot be written is said at the start.
    @Test func killAndOsExitKeepTheHistory() throws {
        for how in ["term", "exit"] {
            let history = FileManager.default.temporaryDirectory.appendingPathComponent("bk-history-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: history) }
            let p = try PTY([CLI.binary.path, "repl", "--unsafe", "--history", history])
            _ = p.read(until: "leave\r\n> ")
            p.send("answer=6*7\r")
            _ = p.read(until: "> ")
            let status: Int32
            if how == "term" {
                kill(p.pid, SIGTERM)
                status = p.wait()
                #expect(status == 143, "transcript: \(p.transcript.debugDescription)")
            } else {
                p.send("os.exit(3)\r")
                status = p.wait()
                #expect(status == 3, "transcript: \(p.transcript.debugDescription)")
            }
            let saved = (try? String(contentsOfFile: history, encoding: .utf8)) ?? ""
            #expect(saved.contains("answer=6*7"), "\(how): history: \(saved.debugDescription)")
        }
        let p = try PTY([CLI.binary.path, "repl", "--history", "/nonexistent-folder/h"])
        let start = p.read(until: "leave\r\n> ")
        #expect(start.contains("cannot write the history file /nonexistent-folder/h (No such file or directory)"), "\(start)")
        p.send("\u{04}")
        #expect(p.wait() == 0)
    }

    @Test func terminalCompletesNamesInStringsAndPrintsTableErrorsAndHelp() throws {
        let p = try PTY([CLI.binary.path, "repl", "--history", "/dev/null"])
        _ = p.read(until: "leave\r\n> ")
        p.send("b = ui.button {}\r")
        _ = p.read(until: "}\r\n> ")
        p.send("b:style(\"hig\t")
        #expect(p.read(until: "hlighted").contains("hlighted"), "transcript: \(p.transcript.debugDescription)")
        p.send("\u{15}ui.color(\"lightG\t")
        #expect(p.read(until: "ray").contains("ray"), "transcript: \(p.transcript.debugDescription)")
        p.send("\u{15}b:on('touchUpI\t")
        #expect(p.read(until: "nside").contains("nside"), "transcript: \(p.transcript.debugDescription)")

        p.send("\u{15}error({ code = 7 })\r")
        let err = p.read(until: "\r\n{ code = 7 }\r\n> ")
        #expect(err.contains("\r\n{ code = 7 }\r\n"), "transcript: \(p.transcript.debugDescription)")
        #expect(!err.contains("error object"))

        p.send(":help b:tap\r")
        let heading = try #require(APIReference.shared.entries(matching: "button:tap").first?.signature)
        #expect(p.read(until: heading).contains(heading), "transcript: \(p.transcript.debugDescription)")
        p.send("\u{04}")
        _ = p.read(timeout: 1)
        #expect(p.wait() == 0)
    }

    @Test func ctrlCInterruptsRunningCodeAndKeepsTheSession() throws {
        let p = try PTY([CLI.binary.path, "repl", "--history", "/dev/null"])
        _ = p.read(until: "leave\r\n> ")
        p.send("while true do end\r")
        // Ctrl-C once the loop runs (the editor gave the terminal back), not
        // after a fixed pause a loaded machine may not honour.
        #expect(p.waitUntilRunning(), "\(p.transcript.debugDescription)")
        p.send("\u{03}", whileRunning: true)
        #expect(p.read(until: "chunk\r\n> ").contains("interrupted"))
        p.send("40 + 2\r")
        #expect(p.read(until: "42").contains("42"))
        p.send("\u{04}")
        _ = p.read(timeout: 1)
        #expect(p.wait() == 0)
    }
}
