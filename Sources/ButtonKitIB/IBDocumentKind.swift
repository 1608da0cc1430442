/// Which document a load made: a storyboard (scenes of view controllers) or
/// a XIB (top-level views), decided by the root element, not the file's
/// extension, so a renamed file still loads as what it is; `swift` for a
/// Swift file and `app` for a folder (its storyboards, XIBs and code joined).
public enum IBDocumentKind: String, Sendable {
    case storyboard, xib, swift, app
}
