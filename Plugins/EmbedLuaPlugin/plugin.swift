import Foundation
import PackagePlugin

/// Embeds every `lua/*.lua` file of a target as a Swift string constant, so
/// the tool reads no files at start-up and needs no resource bundle, while
/// the Lua code stays in real `.lua` files that editors and linters know.
@main
struct EmbedLuaPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let dir = target.directoryURL.appending(path: "lua")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        let files = names.filter { $0.hasSuffix(".lua") }.sorted().map { dir.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedLua.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) Lua files into \(target.name)",
                executable: try context.tool(named: "EmbedLua").url,
                arguments: [output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            ),
        ]
    }
}
