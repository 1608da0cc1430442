import Foundation
import PackagePlugin

/// Compiles every `.lua` file under a target's `lua/` folder (subfolders
/// name modules by path: `lua/luassert/spy.lua` is `luassert.spy`) to Lua
/// bytecode embedded as Swift constants, so the tool reads no files and
/// compiles nothing at start-up, while the Lua code stays in real `.lua`
/// files that editors and linters know.
@main
struct EmbedLuaPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let dir = target.directoryURL.appending(path: "lua")
        var files: [URL] = []
        if let e = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil) {
            for case let url as URL in e where url.pathExtension == "lua" { files.append(url) }
        }
        files.sort { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedLua.swift")
        // The bridge also carries the API reference (docs/api.md), which
        // `buttonkit help api`, the REPL's :help and the editor definitions read.
        var texts: [URL] = []
        var textArgs: [String] = []
        if target.name == "ButtonKitLua" {
            let api = context.package.directoryURL.appending(path: "docs/api.md")
            if FileManager.default.fileExists(atPath: api.path) {
                texts.append(api)
                textArgs += ["--text", "api=" + api.path]
            }
        }
        return [
            .buildCommand(
                displayName: "Compiling \(files.count) Lua files into \(target.name)",
                executable: try context.tool(named: "EmbedLua").url,
                // The runner's framework loads in every spec file's process:
                // its bytecode is stripped (see EmbedLua).
                arguments: (target.name == "ButtonKitTesting" ? ["--strip"] : []) + textArgs
                    + [output.path, dir.path, target.name] + files.map(\.path),
                inputFiles: files + texts,
                outputFiles: [output]
            ),
        ]
    }
}
