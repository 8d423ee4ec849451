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
///
/// With a high-contrast theme (``/GtkKit/ThemeAppearance/isHighContrast``) a second stylesheet
/// (``highContrastCSS``) is installed above the first, and taken away when the theme changes back:
/// the rules that keep every text of the default components at a contrast of 4.5:1 or more there.
@MainActor
package enum FrameworkStyle {
    /// The stylesheet, once installed.
    package private(set) static var styleSheet: StyleSheet?
    /// The high-contrast additions, installed while the theme is a high-contrast one.
    package private(set) static var highContrastSheet: StyleSheet?
    /// Follows the theme, to add or take away ``highContrastSheet``.
    private static var themeObservation: ThemeAppearance.Observation?
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
        if sheet.install(priority: .framework) {
            styleSheet = sheet
            themeObservation = ThemeAppearance.observe { followContrast() }
            followContrast()
        }
    }

    /// Installs the high-contrast rules while the theme is a high-contrast one, just above the
    /// framework's own (so that an application's rules still win), and takes them away after.
    private static func followContrast() {
        guard ThemeAppearance.isHighContrast else {
            highContrastSheet?.uninstall()
            return
        }
        if highContrastSheet == nil {
            do {
                highContrastSheet = try StyleSheet(css: highContrastCSS)
            } catch {
                report("\(error)")
                return
            }
        }
        highContrastSheet?.install(priority: StyleSheet.Priority(rawValue: StyleSheet.Priority.framework.rawValue + 1))
    }

    private static func report(_ message: String) {
        HubLogging.logger("gtk.style").error("default components are unstyled: \(message)")
    }
}
