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
}
