import Foundation
import HubFramework
import HubGTK
import Logging

/// The shell's stylesheet (`AppStyleSheet.swift`, compiled into the module, so that an app built on
/// the shell finds nothing at run time): how the live-problems panel and the showcase headings look.
/// Installed once, when the application starts, between HubGTK's stylesheet and the app's own: it
/// replaces HubGTK's rules for the overlay it draws, and an app restyles any `hub-*` class of the
/// shell with rules of its own at `StyleSheet/Priority/application`.
@MainActor
enum AppStyle {
    /// Above `StyleSheet/Priority/framework`, below `StyleSheet/Priority/application`.
    static let priority = StyleSheet.Priority(
        rawValue: (StyleSheet.Priority.framework.rawValue + StyleSheet.Priority.application.rawValue) / 2)

    /// The stylesheet, once installed (the screen keeps it installed for the life of the process).
    private(set) static var styleSheet: StyleSheet?
    /// Set after a failure, so that it is reported once.
    private static var failed = false

    /// Installs the stylesheet unless it already is; without a screen it does nothing, and the next
    /// call tries again.
    static func installIfNeeded() {
        guard styleSheet == nil, !failed else { return }
        do {
            let sheet = try StyleSheet(css: css)
            if sheet.install(priority: priority) { styleSheet = sheet }
        } catch {
            failed = true
            HubLogging.logger("app.style").error("the shell's components are unstyled: \(error)")
        }
    }
}
