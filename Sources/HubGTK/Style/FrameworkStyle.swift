import Foundation
import GtkKit
import HubFramework
import Logging

/// HubGTK's own style sheets: how the view controller's states and the default components look.
/// They are the framework's resource bundle's (`resource:///org/hubframework/HubGTK/style.css`, and
/// `style-hc.css` added while the theme is a high-contrast one; sources in
/// data/resources/HubGTK), linked into the library, so that an app built on HubGTK gets styled
/// components wherever its binary is installed or copied, with nothing to find at run time, and the
/// GTK Inspector names every rule by its resource path. They are installed for the screen the first
/// time a ``ViewController`` is created or a default component loads its view, so that an
/// application gets styled components without a stylesheet of its own. (GtkKit, which sets GTK up,
/// knows nothing of HubGTK, so the components that need the rules install them.) They sit at
/// ``/GtkKit/StyleSheet/Priority/framework``, below application CSS: an application restyles any
/// `hub-*` class by installing rules for it at the default priority.
@MainActor
package enum FrameworkStyle {
    /// The style sheets, once installed.
    package private(set) static var styleSheets: ResourceStyleSheets?
    /// `style.css`, once installed.
    package static var styleSheet: StyleSheet? { styleSheets?.base }
    /// `style-hc.css`: the rules added in high contrast (every text at 4.5:1 or more).
    package static var highContrastSheet: StyleSheet? { styleSheets?.highContrast }
    /// Set after a failure, so that a broken resource is reported once rather than per view.
    private static var failed = false

    /// Installs the style sheets unless they already are. Without a screen (no display yet) it does
    /// nothing, and the next call tries again.
    package static func installIfNeeded() {
        guard styleSheets == nil, !failed else { return }
        FrameworkResources.registerIfNeeded()
        let sheets = ResourceStyleSheets(folder: FrameworkResources.hubGTKPath, priority: .framework)
        do {
            if try sheets.install() { styleSheets = sheets }
        } catch {
            failed = true
            HubLogging.logger("gtk.style").error("default components are unstyled: \(error)")
        }
    }
}
