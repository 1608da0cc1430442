/// The ButtonKit version, shown by `buttonkit --version` and as `ui.version`.
public let version = UIModule.version
