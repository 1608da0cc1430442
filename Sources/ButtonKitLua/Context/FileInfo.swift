import ButtonKit
import ButtonKitIB

/// What a file says of one loaded control, kept by the state beside the
/// control (held weakly, so the entry goes when the control does): a
/// script may keep a control and drop its document.
final class FileInfo {
    weak var control: Button?
    let info: IBControlInfo
    init(_ control: Button, _ info: IBControlInfo) { self.control = control; self.info = info }
}

extension LuaContext {
    /// Remembers what `d` says of each of its controls, forgetting the
    /// entries of controls that are gone.
    func remember(_ d: IBDocument) {
        fileInfos = fileInfos.filter { $0.value.control != nil }
        // doc:on handlers whose controls are all gone (their document was
        // collected without doc:off) have nothing left to remove.
        documentHandlers = documentHandlers.filter { $0.value.connections.contains { $0.control != nil } }
        for b in d.controls {
            if let info = d.info(for: b) { fileInfos[ObjectIdentifier(b)] = FileInfo(b, info) }
        }
    }

    /// What the file said of `control`; nil for a control a script made.
    func fileInfo(of control: Button) -> IBControlInfo? {
        guard let e = fileInfos[ObjectIdentifier(control)], e.control === control else { return nil }
        return e.info
    }
}

extension LuaContext {
    /// The Lua code `render` and `audit` run for a storyboard or XIB named
    /// on the command line (`lua/appfile.lua`): `...` is the file, then the
    /// catalogs to use.
    public static var appFileChunk: (source: String, name: String) {
        let c = EmbeddedLua.modules["appfile"]
        return (c?.source ?? "error('appfile.lua is missing from this build', 0)", c?.chunkName ?? "=appfile")
    }

    /// Whether a command-line argument names an Interface Builder file
    /// rather than a script.
    public static func isAppFile(_ path: String) -> Bool {
        let p = path.lowercased()
        return p.hasSuffix(".storyboard") || p.hasSuffix(".xib") || p.hasSuffix(".swift") || Files.isDirectory(path)
    }
}
