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
