import ButtonKit

/// Groups and bars: levels whose traits a constructor option sets.
protocol TraitSettable {
    func setUserInterfaceStyle(_ s: UserInterfaceStyle?) throws
    func setTintColor(_ c: ColorValue?) throws
}

extension RadioGroup: TraitSettable {}
extension SortBar: TraitSettable {}
