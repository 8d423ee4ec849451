import Foundation
import GtkKit
import HubFramework
import Logging

/// How the app looks, beyond the shell's own style sheets (`AppStyle`): the person's light or dark
/// choice and high contrast, followed while ``followsSystemStyle`` says so (`SystemStyle`); the
/// resource bundles the app registered; and the app's style sheets under its resource base path,
/// installed when the application starts up.
@MainActor
final class AppAppearance {
    /// Follows the person's style from the application's start.
    let systemStyle = SystemStyle()
    /// Whether ``systemStyle`` follows the person's style once the application has started; turned
    /// off while the app runs, GTK's settings go back to the desktop's.
    var followsSystemStyle = true {
        didSet {
            guard followsSystemStyle != oldValue, hasStarted else { return }
            if followsSystemStyle { systemStyle.start() } else { systemStyle.stop() }
        }
    }
    /// The app's style sheets, once installed (nil when there are none).
    private(set) var resourceStyleSheets: ResourceStyleSheets?
    /// The bundles the app registered, kept for the life of the application.
    private(set) var resourceBundles: [ResourceBundle] = []
    /// Whether the application has started up.
    private var hasStarted = false

    /// Registers `bundle`: its files are found by their paths from now on.
    func addResourceBundle(_ bundle: ResourceBundle) {
        bundle.register()
        resourceBundles.append(bundle)
    }

    /// The application started up: the style sheets under `resourceBasePath` are installed (if there
    /// are any), and the person's style is followed (with ``followsSystemStyle``).
    func start(resourceBasePath: String?) {
        hasStarted = true
        installResourceStyleSheets(from: resourceBasePath)
        if followsSystemStyle { systemStyle.start() }
    }

    /// Stops following the person's style (the app closes).
    func stop() {
        systemStyle.stop()
    }

    private func installResourceStyleSheets(from path: String?) {
        guard resourceStyleSheets == nil, let path else { return }
        let sheets = ResourceStyleSheets(folder: path, priority: .application)
        do {
            guard try sheets.install() else { return }
            if sheets.base == nil, sheets.dark == nil, sheets.highContrast == nil {
                sheets.uninstall()
            } else {
                resourceStyleSheets = sheets
            }
        } catch {
            HubLogging.logger("app.style").error("the app's style sheets are not installed: \(error)")
        }
    }
}
