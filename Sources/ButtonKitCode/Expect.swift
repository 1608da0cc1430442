/// What a value is expected to be where it is used: gives an implicit
/// member (`.red`, `.normal`, `.system`) its type.
enum Expect {
    case any, color, font, string, number, bool, state, event, buttonType, image, configuration, textStyle, weight, insets
}
