import Foundation
import HubApp

/// Who the viewer is, for `hub-viewer`'s `main.swift` (which builds the shell with it) and the tests
/// (which build the same app in their process).
public enum Viewer {
    /// The reverse-DNS application id, also the name of the `.desktop` file and of the icon.
    public static let applicationID = "org.hubframework.Viewer"
    /// The viewer's name for people.
    public static let title = "Hub Viewer"
    /// What `hub-viewer --version` prints.
    public static let version = "0.1.0"
    /// What the window opens first: the root view, which lists every demo feature.
    public static let startURI = DemoFeatures.rootURI

    /// The example views that respond (Examples/backend/views, written in JSON alone), which the
    /// showcase lists below the components.
    @MainActor
    public static var showcaseDocuments: [ShowcaseDocument] {
        [
            // Translators: the showcase's rows for the example views written in JSON alone.
            ("counter.json", localized("Counter"), localized("A button that counts, and a text that follows")),
            ("filter.json", localized("Filter"), localized("A thousand rows that hide themselves as you type")),
            ("settings.json", localized("Settings"), localized("A switch that shows a section, and a dropdown")),
            ("signup.json", localized("Sign up"), localized("A form that checks itself before it can be sent")),
        ].map { file, title, subtitle in
            // The file URL percent-encodes what a path may hold (a space, a '#'); wrapped, it stays a URI.
            let file = ResourceLocator.examplesDirectory.appendingPathComponent(file).standardizedFileURL
            return ShowcaseDocument(title: title, subtitle: subtitle,
                                    uri: URL(string: "hub-json:" + file.absoluteString) ?? file)
        }
    }
}
