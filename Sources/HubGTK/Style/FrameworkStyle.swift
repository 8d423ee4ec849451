import Foundation

/// HubGTK's own stylesheet (`Resources/hub-gtk.css`, shipped with the module): how the view
/// controller's states and the default components look. It is installed for the screen the first
/// time GTK is set up through ``GtkRuntime/initialize()`` or a ``ViewController`` is created, so
/// that an application gets styled components without a stylesheet of its own. It sits at
/// ``StyleSheet/Priority/framework``, below application CSS: an application restyles any
/// `hub-*` class by installing rules for it at the default priority.
@MainActor
package enum FrameworkStyle {
    /// The stylesheet, once installed.
    package private(set) static var styleSheet: StyleSheet?
    /// Set after a failure, so that a broken resource is reported once rather than per view.
    private static var failed = false

    /// Where the stylesheet is: in the module's resource bundle, next to the executable (or in the
    /// build folder it was built in).
    package static var stylesheetURL: URL? {
        Bundle.module.url(forResource: "hub-gtk", withExtension: "css")
    }

    /// Installs the stylesheet unless it already is. Without a screen (no display yet) it does
    /// nothing, and the next call tries again.
    package static func installIfNeeded() {
        guard styleSheet == nil, !failed else { return }
        guard let url = stylesheetURL else {
            failed = true
            report("hub-gtk.css is missing from \(Bundle.module.bundlePath)")
            return
        }
        let sheet: StyleSheet
        do {
            sheet = try StyleSheet(contentsOf: url)
        } catch {
            failed = true
            report("cannot load \(url.path): \(error)")
            return
        }
        if sheet.install(priority: .framework) { styleSheet = sheet }
    }

    private static func report(_ message: String) {
        FileHandle.standardError.write(Data("HubGTK: default components are unstyled: \(message)\n".utf8))
    }
}
