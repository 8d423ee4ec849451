import Foundation
import HubFramework
import HubGTK
import Logging

/// The shell's style sheets: how the live-problems panel and the showcase headings look. They are
/// the framework's resource bundle's (`resource:///org/hubframework/HubApp/style.css`, source in
/// data/resources/HubApp), linked into the library, so that an app built on the shell finds nothing
/// at run time. Installed once, when the application starts, between HubGTK's stylesheet and the
/// app's own: it replaces HubGTK's rules for the overlay it draws, and an app restyles any `hub-*`
/// class of the shell with rules of its own at `StyleSheet/Priority/application`.
@MainActor
enum AppStyle {
    /// Above `StyleSheet/Priority/framework`, below `StyleSheet/Priority/application`.
    static let priority = StyleSheet.Priority(
        rawValue: (StyleSheet.Priority.framework.rawValue + StyleSheet.Priority.application.rawValue) / 2)

    /// The style sheets, once installed (the screen keeps them installed for the life of the process).
    private(set) static var styleSheets: ResourceStyleSheets?
    /// `style.css`, once installed.
    static var styleSheet: StyleSheet? { styleSheets?.base }
    /// Set after a failure, so that it is reported once.
    private static var failed = false

    /// Installs the style sheets unless they already are; without a screen it does nothing, and the
    /// next call tries again.
    static func installIfNeeded() {
        guard styleSheets == nil, !failed else { return }
        FrameworkResources.registerIfNeeded()
        let sheets = ResourceStyleSheets(folder: FrameworkResources.hubAppPath, priority: priority)
        do {
            if try sheets.install() { styleSheets = sheets }
        } catch {
            failed = true
            HubLogging.logger("app.style").error("the shell's components are unstyled: \(error)")
        }
    }
}
