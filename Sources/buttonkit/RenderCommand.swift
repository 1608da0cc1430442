import ButtonKit
import ButtonKitLua
import ButtonKitSVG

/// `buttonkit render SCRIPT -o DIR`: runs the script, then writes the
/// all-states strip of every control it created and a gallery page.
enum RenderCommand {
    static let options: [Option] = [
        Option("output", short: "o", value: "DIR", help: "where to write (created if missing; required)"),
        Option("timeout", value: "SECONDS", help: "stop a runaway script (default 30)"),
        Option("max-memory", value: "MB", help: "memory ceiling (default 1024)"),
        Option("unsafe", help: "lift the sandbox"),
        Option("lpath", value: "PATH", help: "add PATH to package.path"),
        Option("version", help: "print the version"),
        Option("help", short: "h", help: "show this help"),
    ]

    static let help = HelpText.render(
        usage: "Usage: buttonkit render [OPTIONS] SCRIPT -o DIR [ARGS...]",
        intro: """
        Runs SCRIPT, then writes DIR/<id>.svg for every control it created — a
        labelled strip of its normal, highlighted, selected, selected|highlighted
        and disabled appearances — and DIR/index.html, a gallery of them.
        Ids that read alike as file names (a.b, a_b) get -2, -3, ...
        Inside scripts, ui.svg(control [, { states = "all" }]) and ui.svg(screen)
        return the same pictures as strings.
        """,
        options: options)

    static func main(_ args: [String]) throws(UsageError) -> Int32 {
        let a = try Arguments(args, options: options, command: "render")
        if a.flag("help") { Terminal.out(help); return 0 }
        if a.flag("version") { Terminal.out(Commands.versionLine); return 0 }
        guard let script = a.positionals.first else { throw UsageError("render needs a SCRIPT", command: "render") }
        guard let dir = a.value("output") else { throw UsageError("render needs -o DIR", command: "render") }
        let opts = try RunCommand.contextOptions(a, command: "render", defaultTimeout: 30)
        let ctx: LuaContext
        do { ctx = try LuaContext(options: opts) } catch {
            Terminal.err("buttonkit: \(error)")
            return 1
        }
        ctx.trackCreatedControls = true
        let status = RunCommand.execute(ctx, code: nil, positionals: a.positionals)
        if status != 0 { return status }
        // One picture per id: a control re-created under the same id keeps the newest.
        var seen = Set<String>()
        var controls: [Button] = []
        for b in ctx.createdControls.reversed() where seen.insert(b.id).inserted { controls.append(b) }
        controls.reverse()
        do {
            try Files.makeDirectories(dir)
            for (b, name) in zip(controls, fileNames(controls.map(\.id))) {
                try Files.writeAtomically(Pictures.strip(b), to: dir + "/" + name + ".svg")
            }
            try Files.writeAtomically(Gallery.html(controls, script: script), to: dir + "/index.html")
        } catch {
            Terminal.err("buttonkit: \(error)")
            return 1
        }
        Terminal.err("rendered \(controls.count) control\(controls.count == 1 ? "" : "s") to \(dir)/ (open \(dir)/index.html)")
        return 0
    }

    /// A file name from an id: anything but letters, digits, `-` and `_`
    /// becomes `_`, and a long id is cut to 100 bytes (file names have 255,
    /// and the temporary file of an atomic write needs some of them).
    static func fileName(_ id: String) -> String {
        var name = "", bytes = 0
        for c in id {
            let kept: Character = c.isLetter || c.isNumber || c == "-" || c == "_" ? c : "_"
            bytes += kept.utf8.count
            if bytes > 100 { break }
            name.append(kept)
        }
        return name
    }

    /// One distinct file name per id, in order: ids that read alike once
    /// cleaned (`a.b`, `a_b`, or long ids that share their first 100 bytes)
    /// get `-2`, `-3`, ... so no picture overwrites
    /// another. Names are compared ignoring case, for file systems that do.
    static func fileNames(_ ids: [String]) -> [String] {
        var taken = Set<String>()
        var names: [String] = []
        for id in ids {
            let base = fileName(id)
            var name = base, n = 1
            while taken.contains(name.lowercased()) {
                n += 1
                name = "\(base)-\(n)"
            }
            taken.insert(name.lowercased())
            names.append(name)
        }
        return names
    }
}
