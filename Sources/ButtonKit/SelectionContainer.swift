/// A control that keeps at most one of its buttons selected and can
/// deselect them all: radio groups and sort bars.
public protocol SelectionContainer: AnyObject {
    /// Deselects every member; handlers fire once when something changed.
    func clear() throws
}

extension RadioGroup: SelectionContainer {}
extension SortBar: SelectionContainer {}
