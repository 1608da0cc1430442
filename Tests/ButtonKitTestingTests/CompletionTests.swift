import Foundation
import Testing
import ButtonKitTesting
import ButtonKitTestSupport


@Suite("Shell completion", .serialized)
struct CompletionTests {
    /// The script `buttonkit completion SHELL` prints, saved to a file.
    func script(_ shell: String) throws -> URL {
        let r = try CLI.run(["completion", shell])
        #expect(r.status == 0, "\(r.stderr)")
        let url = try CLI.scratch().appendingPathComponent("buttonkit.\(shell)")
        try r.stdout.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// What bash offers for `line` (the cursor at its end), through the
    /// function `complete -p buttonkit` names, with COMP_WORDS split as
    /// bash splits them (`=` is a word of its own).
    func bashCompletes(_ line: String, in dir: URL? = nil) throws -> [String] {
        let file = try script("bash")
        let driver = """
        source \(file.path)
        fn=$(complete -p buttonkit | sed -E 's/.*-F ([^ ]+).*/\\1/')
        line=\(CompletionTests.shellQuoted(line))
        read -ra COMP_WORDS <<<"${line//=/ = }"
        [[ $line == *" " || $line == *"=" ]] && COMP_WORDS+=("")
        COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
        COMP_LINE=$line COMP_POINT=${#line}
        "$fn" buttonkit "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
        printf '%s\\n' "${COMPREPLY[@]}"
        """
        let r = try Shell.run("/bin/bash", ["-c", driver], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout.split(separator: "\n").map(String.init).sorted()
    }

    static func shellQuoted(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    @Test func bashScriptIsValid() throws {
        let r = try Shell.run("/bin/bash", ["-n", try script("bash").path])
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test(.enabled(if: Shell.find("zsh") != nil, "zsh is not installed: its script's syntax is not checked"))
    func zshScriptIsValid() throws {
        let r = try Shell.run(Shell.find("zsh") ?? "zsh", ["-n", try script("zsh").path])
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test(.enabled(if: Shell.find("fish") != nil, "fish is not installed: its script's syntax is not checked"))
    func fishScriptIsValid() throws {
        let r = try Shell.run(Shell.find("fish") ?? "fish", ["--no-execute", try script("fish").path])
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test func bashCompletesCommandsOptionsFormatsAndFiles() throws {
        #expect(try bashCompletes("buttonkit te") == ["test"])
        #expect(try bashCompletes("buttonkit test --sh") == ["--shard", "--shuffle", "--shuffle-files", "--shuffle-tests"])
        #expect(try bashCompletes("buttonkit test --no-verb") == ["--no-verbose"])
        #expect(try bashCompletes("buttonkit test -X") == ["-Xhelper", "-Xoutput"])
        #expect(try bashCompletes("buttonkit test -o ") == OutputFormat.names.sorted())
        #expect(try bashCompletes("buttonkit test --output=T") == ["TAP"])
        #expect(try bashCompletes("buttonkit audit --style ") == ["both", "dark", "light"])
        #expect(try bashCompletes("buttonkit audit --check h") == ["hitTarget"])
        // audit's --format is a report format, not one of test's outputs.
        #expect(try bashCompletes("buttonkit audit --format ") == ["json", "junit", "sarif", "text"])
        #expect(try bashCompletes("buttonkit audit --fail-on ") == ["error", "warning"])
        #expect(try bashCompletes("buttonkit help te") == ["test"])
        #expect(try bashCompletes("buttonkit completion ") == ["bash", "fish", "zsh"])
        #expect(try bashCompletes("buttonkit --ver") == ["--version"])

        let dir = try CLI.scratch()
        try "".write(to: dir.appendingPathComponent("example.lua"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("exdir"), withIntermediateDirectories: true)
        #expect(try bashCompletes("buttonkit run ex", in: dir) == ["example.lua", "exdir"])
        #expect(try bashCompletes("buttonkit test -o junit ex", in: dir) == ["example.lua", "exdir"])
        // render's -o is a folder, not a format.
        #expect(try bashCompletes("buttonkit render example.lua -o ", in: dir) == ["exdir"])
    }

    /// The options bash offers are the ones help documents: both come from
    /// the command's option table.
    @Test func completionOffersEveryOptionHelpShows() throws {
        for command in ["run", "test", "repl", "render"] {
            let offered = Set(try bashCompletes("buttonkit \(command) -"))
            let help = try CLI.run(["help", command]).stdout
            var documented: Set<String> = []
            for word in help.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "," }) where word.hasPrefix("-") {
                var w = String((word.split(separator: "=").first ?? word).prefix { $0.isLetter || $0.isNumber || "-[]".contains($0) })
                if w.hasPrefix("--[no-]") {
                    w = "--" + w.dropFirst(7)
                    documented.insert("--no-" + w.dropFirst(2))
                }
                documented.insert(w)
            }
            #expect(documented.isSubset(of: offered), "\(command): not offered: \(documented.subtracting(offered).sorted())")
        }
    }

    /// Every command completion offers is one dispatch runs.
    @Test func everyCompletedCommandDispatches() throws {
        let commands = try bashCompletes("buttonkit ").filter { !$0.hasPrefix("-") }
        #expect(Set(commands).isSuperset(of: ["run", "test", "repl", "render", "help", "lua", "completion"]))
        for c in commands {
            let r = try CLI.run(c == "help" ? ["help"] : [c, "--help"])
            #expect(r.status == 0, "\(c): \(r.stderr)")
            #expect(!r.stdout.isEmpty, "\(c) printed no help")
        }
        for topic in try bashCompletes("buttonkit help ") {
            #expect(try CLI.run(["help", topic]).status == 0, "help \(topic)")
        }
    }
}
