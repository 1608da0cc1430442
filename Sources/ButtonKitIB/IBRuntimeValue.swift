import ButtonKit

/// The value of a user-defined runtime attribute (`<userDefinedRuntimeAttribute
/// type="number" keyPath="layer.cornerRadius">`). Every key is kept as data,
/// even the ones applied to the model, because apps use them for their own
/// classes' properties and a script may want to check them.
public enum IBRuntimeValue: Sendable, Hashable {
    case number(Double)
    case bool(Bool)
    case string(String)
    case color(ColorValue)
    case point(Double, Double)
    case size(Double, Double)
    case rect(Rect)
    /// `type="nil"`: the key is set to nil.
    case nil_
}
