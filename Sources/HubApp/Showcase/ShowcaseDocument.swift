import Foundation

/// A view the component showcase links to below its components (``HubApplication/showcaseDocuments``):
/// one written in JSON alone that shows what a document can do with the components, such as the
/// example views that respond (a counter, a filter, settings, a sign-up form).
public struct ShowcaseDocument: Sendable, Hashable {
    /// The row's title.
    public let title: String
    /// What the document shows, under the title.
    public let subtitle: String
    /// The view URI the row opens (a `hub-json:file://…` document, a manifest feature's URI).
    public let uri: URL

    /// A document the showcase lists with `title` and `subtitle`, opening `uri`.
    public init(title: String, subtitle: String, uri: URL) {
        self.title = title
        self.subtitle = subtitle
        self.uri = uri
    }
}
