import Foundation

/// Where selecting a component leads: a view URI to open, content to show there at once, and
/// actions to perform.
public struct ComponentTarget: Equatable, Sendable {
    /// The URI the default selection action opens.
    public let uri: URL?
    /// Content shown by the destination view until its own content has loaded.
    public let initialViewModel: ViewModel?
    /// Actions performed, in order, when the component is selected; nil when there are none.
    public let actionIdentifiers: [Identifier]?
    /// Data for the app, free-form.
    public let customData: JSONObject?

    init(uri: URL?, initialViewModel: ViewModel?, actionIdentifiers: [Identifier]?, customData: JSONObject?) {
        self.uri = uri
        self.initialViewModel = initialViewModel
        self.actionIdentifiers = actionIdentifiers
        self.customData = customData
    }
}
