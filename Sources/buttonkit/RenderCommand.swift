import ButtonKit
import ButtonKitLua
import ButtonKitSVG

/// `buttonkit render SCRIPT -o DIR`: runs the script, then writes the
/// all-states strip of every control it created and a gallery page.
enum RenderCommand {
    static let options: [Arguments.Option] = [
        .init("output", short: "o", value: true, help: "folder for the pictures (required)"),
        .init("timeout", value: true, help: "seconds before a runaway script stops"),
        .init("max-memory", value: true, help: "memory ceiling in MB"),
        .init("unsafe", help: "lift the sandbox"),
        .init("lpath", value: true, help: "extra package.path entry"),
        .init("help", short: "h", help: "show help"),
    ]

    static func main(_ args: [String]) throws(UsageError) -> Int32 {
        let a = try Arguments(args, options: options, command: "render")
        if a.flag("help") { Terminal.out(Help.render + "\n"); return 0 }
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
            for b in controls {
                try Files.writeAtomically(Pictures.strip(b), to: dir + "/" + fileName(b.id) + ".svg")
            }
            try Files.writeAtomically(Gallery.html(controls, script: script), to: dir + "/index.html")
        } catch {
            Terminal.err("buttonkit: \(error)")
            return 1
        }
        Terminal.err("rendered \(controls.count) control\(controls.count == 1 ? "" : "s") to \(dir)/ (open \(dir)/index.html)")
        return 0
    }

    /// A file name from an id: anything but letters, digits, `-` and `_` becomes `_`.
    static func fileName(_ id: String) -> String {
        String(id.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
    }
}
