/// What a view shows in its navigation bar (the stand-in for `UINavigationItem`). A value type:
/// a view model holds its own copy, independent of the builder it came from.
public struct NavigationItem: Hashable, Sendable {
    /// The title of the view.
    public var title: String?
    /// Names a custom widget to show instead of the title; the app maps the name to a widget.
    public var titleViewIdentifier: String?
    /// A line of text above the title.
    public var prompt: String?
    /// The title of the back button of views pushed on top of this one.
    public var backButtonTitle: String?
    /// Hides the back button.
    public var hidesBackButton: Bool
    /// Buttons at the leading end of the bar.
    public var leftItems: [BarButtonItem]
    /// Buttons at the trailing end of the bar.
    public var rightItems: [BarButtonItem]
    /// Shows the left items next to the back button instead of replacing it.
    public var leftItemsSupplementBackButton: Bool

    /// Creates an item; every property defaults to empty (no title, no buttons, flags off).
    public init(title: String? = nil, titleViewIdentifier: String? = nil, prompt: String? = nil,
        backButtonTitle: String? = nil, hidesBackButton: Bool = false, leftItems: [BarButtonItem] = [],
        rightItems: [BarButtonItem] = [], leftItemsSupplementBackButton: Bool = false)
    {
        self.title = title
        self.titleViewIdentifier = titleViewIdentifier
        self.prompt = prompt
        self.backButtonTitle = backButtonTitle
        self.hidesBackButton = hidesBackButton
        self.leftItems = leftItems
        self.rightItems = rightItems
        self.leftItemsSupplementBackButton = leftItemsSupplementBackButton
    }

    /// Takes over every property of `other`. A nil item (a view model without navigation item)
    /// resets every property to its default, `leftItemsSupplementBackButton` included — the
    /// original left that one flag behind (quirk 14 in docs/quirks.md, fixed here).
    public mutating func update(from other: NavigationItem?) {
        self = other ?? NavigationItem()
    }
}
