import ButtonKit

/// A condition on a button's state that a configuration update handler or
/// an `updateConfiguration()` override tests (`button.isHighlighted`,
/// `switch button.state { case .selected: }`, `!isEnabled`), kept so the
/// model can ask it of each state the button is drawn in, as UIKit runs the
/// handler after every state change.
indirect enum StateTest: Equatable {
    case always
    /// The state includes these flags (`isHighlighted`, `state.contains(.selected)`).
    case has(ControlState)
    /// The state is exactly this (`state == .highlighted`, a `case` of a
    /// `switch` on the state: Swift compares the whole option set).
    case equals(ControlState)
    case not(StateTest)
    case all([StateTest])
    case any([StateTest])

    func holds(_ s: ControlState) -> Bool {
        switch self {
        case .always: return true
        case .has(let x): return s.isSuperset(of: x)
        case .equals(let x): return s == x
        case .not(let t): return !t.holds(s)
        case .all(let list): return list.allSatisfy { $0.holds(s) }
        case .any(let list): return list.contains { $0.holds(s) }
        }
    }

    /// The opposite test (`!!x` is `x`).
    var negated: StateTest {
        if case .not(let t) = self { return t }
        return .not(self)
    }

    /// Both tests (`always` dropped).
    func and(_ other: StateTest) -> StateTest {
        if self == .always { return other }
        if other == .always { return self }
        if case .all(let a) = self { return .all(a + [other]) }
        return .all([self, other])
    }

    /// The one state whose per-state style this test describes, for a
    /// property the classic per-state styles hold (`alpha`,
    /// `backgroundColor`): a flag or a state is its state, anything that
    /// holds in the normal state (`!isHighlighted`, `always`) is normal;
    /// nil when it is more than that (`isSelected && isHighlighted`).
    var styleState: ControlState? {
        if holds(.normal) {
            // Holds in the normal state: normal, if it holds in no other single-flag state it excludes.
            return .normal
        }
        switch self {
        case .has(let x), .equals(let x): return x
        case .all(let list) where list.count == 2 && list.contains(.always): return list.first { $0 != .always }?.styleState
        default: return nil
        }
    }
}
