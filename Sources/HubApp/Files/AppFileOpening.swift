import Foundation
import HubFramework
import HubGTK

/// Opening JSON files: the desktop's file chooser (`app.open`, Ctrl+O), filtered to JSON, one at a
/// time; which dropped files are JSON documents; and the desktop's recent files, where every file
/// the user opens is noted so that the desktop lists it.
@MainActor
final class AppFileOpening {
    /// Whether the app offers Open… and opens files dropped on its windows. Read when the
    /// application starts up and when a window is made.
    var isEnabled = false
    /// Where opened files are noted; nil notes nothing. The desktop's list for an app with an id,
    /// set when the application starts up; an app without one (a test) is not a desktop app.
    var recentFiles: RecentFiles?
    /// The chooser, while it is shown.
    private(set) var chooser: FileChooser?

    /// Shows the file chooser over `parent`, listing JSON documents, and calls `open` with the
    /// files chosen (nothing when the user cancels). While a chooser is shown, it comes to the front
    /// again instead.
    func choose(parent: Window?, open: @escaping @MainActor ([URL]) -> Void) {
        guard chooser == nil else { return }
        // Translators: the title of the dialog for choosing a file to open.
        let chooser = FileChooser(title: localized("Open a JSON Document"),
                                  // Translators: the button of the file chooser that opens the chosen files.
                                  acceptLabel: localized("_Open"), parent: parent,
                                  // Translators: the name of the file chooser's filter that lists JSON files.
                                  filters: [.init(name: localized("JSON documents"), mimeTypes: ["application/json"],
                                                  patterns: ["*.json", "*.JSON"])])
        chooser.allowsMultipleSelection = true
        self.chooser = chooser
        chooser.present { [weak self] urls in
            self?.chooser = nil
            open(urls)
        }
    }

    /// The JSON documents among files dropped on a window: `file:` URLs whose name ends in `.json`
    /// (what a file manager drags is a list of URIs, which may hold other files, folders and links).
    static func jsonDocuments(among urls: [URL]) -> [URL] {
        urls.filter { $0.isFileURL && $0.pathExtension.lowercased() == "json" }
    }

    /// Notes `uri` in the recent files when it names a local file (`file:`): the user opened it.
    func noteOpened(_ uri: String) {
        guard let recentFiles, let url = URL(string: uri), url.isFileURL else { return }
        recentFiles.add(url)
    }
}
