/// Namespace of the machinery shared by every bound kind.
enum Binding {
    /// The kinds of objects Lua can hold; stored in each userdata box so the
    /// C dispatchers serve only their own kind.
    enum Kind: Int32, CaseIterable {
        case button = 1, sortButton, radioGroup, sortBar, screen, store, styleBuilder, document

        /// The name scripts and messages use.
        var name: String {
            switch self {
            case .button: return "button"
            case .sortButton: return "sortButton"
            case .radioGroup: return "radioGroup"
            case .sortBar: return "sortBar"
            case .screen: return "screen"
            case .store: return "store"
            case .styleBuilder: return "style builder"
            case .document: return "document"
            }
        }
    }

    static func kindName(_ k: Int32) -> String { Kind(rawValue: k)?.name ?? "userdata" }
}
