import Foundation
import HubFramework

/// What an app is called and opens first: its name for people, the view a launch that names none
/// opens, its version and its command's name, and the backend manifest that gave the first two, if
/// one did.
struct AppIdentity {
    /// The app's name for people: the window title until a view gives its own, and in `--help`.
    var title: String
    /// The view URI the window opens when a launch names none.
    var startURI: URL
    /// What `--version` prints after the command name.
    var version: String
    /// The program's name in `--help`, `--version` and messages; by default the name the process was
    /// started with.
    var commandName = URL(fileURLWithPath: CommandLine.arguments.first ?? "app").lastPathComponent
    /// The manifest the app runs, once one was adopted.
    private(set) var manifest: BackendManifest?

    /// An app called `title` that opens `startURI`, at `version`.
    init(title: String, startURI: URL, version: String) {
        self.title = title
        self.startURI = startURI
        self.version = version
    }

    /// Takes `manifest`'s title and start view, and notes that the app runs it.
    mutating func adopt(_ manifest: BackendManifest) {
        self.manifest = manifest
        title = manifest.title
        startURI = manifest.startURI
    }
}
