/// A button of a navigation bar, described as data; the view controller turns it into a widget.
public struct BarButtonItem: Hashable, Sendable {
    /// The button's label, if it shows text.
    public var title: String?
    /// The name of a themed icon (for example `list-add`), if it shows an icon.
    public var iconName: String?
    /// The action performed when the button is clicked.
    public var actionIdentifier: Identifier?
    /// Custom data passed along with the action.
    public var customData: JSONObject?

    /// Creates a button description; give it a title, an icon name or both.
    /// - Parameters:
    ///   - title: the label; nil shows none.
    ///   - iconName: a themed icon name; nil shows none.
    ///   - actionIdentifier: the action to perform on click; nil makes a button that does nothing.
    ///   - customData: data passed along with the action.
    public init(title: String? = nil, iconName: String? = nil, actionIdentifier: Identifier? = nil,
        customData: JSONObject? = nil)
    {
        self.title = title
        self.iconName = iconName
        self.actionIdentifier = actionIdentifier
        self.customData = customData
    }
}
