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
        return [
            .buildCommand(
                displayName: "Compiling \(files.count) Lua files into \(target.name)",
                executable: try context.tool(named: "EmbedLua").url,
                // The runner's framework loads in every spec file's process:
                // its bytecode is stripped (see EmbedLua).
                arguments: (target.name == "ButtonKitTesting" ? ["--strip"] : []) + [output.path, dir.path, target.name] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            ),
        ]
    }
}
