import Foundation
import Testing
import ButtonKitTestSupport

/// Non-ASCII typed at the REPL's line editor arrives whole (newcomer round
/// four: libedit in the "C" locale dropped every byte above 127, so
/// `print("♡ Like €5 价格")` ran as `print(" Like 5 ")`).
@Suite("the REPL reads what is typed in the user's character set", .serialized)
struct ReplLocaleTests {
    @Test(arguments: [["LANG": "C.UTF-8"], ["LANG": "", "LC_ALL": "", "LC_CTYPE": ""]])
    func nonASCIITypedArrivesWhole(_ env: [String: String]) throws {
        let history = FileManager.default.temporaryDirectory.appendingPathComponent("bk-history-\(UUID().uuidString)").path
        let repl = try PTY([CLI.binary.path, "repl", "--history", history], env: env)
        _ = repl.read(until: "leave\r\n> ")
        repl.send("print(#\"♡ Like €5 价格\", \"♡ Like €5 价格\")\r")
        let out = repl.read(until: "格\r\n> ")
        // 3 + 6 + 3 + 2 + 6 + ... bytes: the UTF-8 length proves every byte came.
        #expect(out.contains("\(Array("♡ Like €5 价格".utf8).count)\t♡ Like €5 价格"), "\(repl.transcript)")
        repl.send(":quit\r")
        _ = repl.read(timeout: 1)
        #expect(repl.wait() == 0)
    }
}
