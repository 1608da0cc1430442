/// Where a legacy button's title goes and what of it is drawn: the insets
/// UIKit's `UIButton` had before configurations, and the title laid out in
/// the frame (`TitleLayout` decides; this only gathers the inputs).
extension Button {
    /// `contentEdgeInsets`: the frame's margin around image and title.
    public var contentEdgeInsets: ButtonInsets {
        get { modern?.contentEdgeInsets ?? .zero }
        set { if newValue != contentEdgeInsets && !refusesChangeInPreview("set contentEdgeInsets") { features.contentEdgeInsets = newValue } }
    }

    /// `titleEdgeInsets`: the title's own margin inside the content.
    public var titleEdgeInsets: ButtonInsets {
        get { modern?.titleEdgeInsets ?? .zero }
        set { if newValue != titleEdgeInsets && !refusesChangeInPreview("set titleEdgeInsets") { features.titleEdgeInsets = newValue } }
    }

    /// UIView's `semanticContentAttribute`: whether the content flips right to left.
    public var semanticContentAttribute: SemanticContentAttribute {
        get { modern?.semanticContentAttribute ?? .unspecified }
        set {
            if newValue != semanticContentAttribute && !refusesChangeInPreview("set semanticContentAttribute") {
                features.semanticContentAttribute = newValue
            }
        }
    }

    /// UIControl's `contentHorizontalAlignment` (default `center`): where
    /// the title and image sit across the content; `leading`/`trailing`
    /// mirror right to left. It moves the content, not its room, so what
    /// fits (text-fit, the audit's clipped text) is the same.
    public var contentHorizontalAlignment: ContentHorizontalAlignment {
        get { modern?.contentHorizontalAlignment ?? .center }
        set {
            if newValue != contentHorizontalAlignment && !refusesChangeInPreview("set contentHorizontalAlignment") {
                features.contentHorizontalAlignment = newValue
            }
        }
    }

    /// UIControl's `contentVerticalAlignment` (default `center`).
    public var contentVerticalAlignment: ContentVerticalAlignment {
        get { modern?.contentVerticalAlignment ?? .center }
        set {
            if newValue != contentVerticalAlignment && !refusesChangeInPreview("set contentVerticalAlignment") {
                features.contentVerticalAlignment = newValue
            }
        }
    }

    /// The image names of this button that are SF Symbols (drawn as a
    /// symbol placeholder with the name; never missing from a catalog).
    public var symbolImages: Set<String> {
        get { modern?.symbolImages ?? [] }
        set { if newValue != symbolImages { features.symbolImages = newValue } }
    }

    /// The horizontal alignment with `leading`/`trailing` resolved in the
    /// content's direction.
    public var effectiveContentHorizontalAlignment: ContentHorizontalAlignment {
        contentHorizontalAlignment.effective(under: effectiveLayoutDirection)
    }

    /// The direction the button's content is laid out in: the layout
    /// direction, unless `semanticContentAttribute` says otherwise.
    public var effectiveLayoutDirection: LayoutDirection {
        semanticContentAttribute.direction(under: layoutDirection)
    }

    /// The title of `appearance` (one of this button's) laid out in the frame.
    public func titleLayout(of appearance: Appearance, metrics: TextMetrics = .shared) -> TitleLayout {
        TitleLayout.lay(appearance, width: frame.width, height: frame.height,
                        contentInsets: contentEdgeInsets, titleInsets: titleEdgeInsets, metrics: metrics)
    }

    /// The title of `state` under `overrides`, laid out in the frame.
    public func titleLayout(for state: ControlState, under overrides: TraitOverrides = TraitOverrides()) -> TitleLayout {
        titleLayout(of: appearance(for: state, under: overrides))
    }
}
