/// Which Interface Builder document a file is: a storyboard (scenes of view
/// controllers) or a XIB (top-level views). Decided by the root element, not
/// the file's extension, so a renamed file still loads as what it is.
public enum IBDocumentKind: String, Sendable {
    case storyboard, xib
}
