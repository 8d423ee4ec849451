import Foundation
import GtkKit
import HubFramework
import Logging

/// HubGTK's own stylesheet (`FrameworkStyleSheet.swift`, compiled into the module): how the view
/// controller's states and the default components look. It is installed for the screen the first
/// time a ``ViewController`` is created or a default component loads its view, so that an
/// application gets styled components without a stylesheet of its own. (GtkKit, which sets GTK up,
/// knows nothing of HubGTK, so the components that need the rules install them.) It sits at
/// ``/GtkKit/StyleSheet/Priority/framework``, below application CSS: an application restyles any
/// `hub-*` class by installing rules for it at the default priority.
@MainActor
package enum FrameworkStyle {
    /// The stylesheet, once installed.
    package private(set) static var styleSheet: StyleSheet?
    /// Set after a failure, so that a broken resource is reported once rather than per view.
    private static var failed = false

    /// Installs the stylesheet unless it already is. Without a screen (no display yet) it does
    /// nothing, and the next call tries again.
    package static func installIfNeeded() {
        guard styleSheet == nil, !failed else { return }
        let sheet: StyleSheet
        do {
            sheet = try StyleSheet(css: css)
        } catch {
            failed = true
            report("\(error)")
            return
        }
        if sheet.install(priority: .framework) { styleSheet = sheet }
    }

    private static func report(_ message: String) {
        HubLogging.logger("gtk.style").error("default components are unstyled: \(message)")
    }
}
