import CGtk
import Foundation
import HubGTKTestSupport
import XCTest
@testable import GtkKit

/// Issue 39, goal 4: the app follows the person's light or dark choice and high contrast, from the
/// settings portal (a fake one on the tests' session bus) and, without one, from GSettings.
final class SystemStyleTests: GtkTestCase, @unchecked Sendable {
    @MainActor
    private static var prefersDark: Bool { hub_settings_get_boolean("gtk-application-prefer-dark-theme", 0) != 0 }

    /// A window of a few labels drawn into a PNG: the mean luminance of its pixels.
    @MainActor
    private func windowLuminance() throws -> Double {
        let window = Window()
        let box = Box(.vertical, spacing: 6)
        for text in ["Light or dark", "The window's background follows the style"] { box.append(Label(text)) }
        window.add(box)
        window.resize(width: 240, height: 120)
        window.showAll()
        defer { window.destroy() }
        pump(until: { window.isMapped }, "the window on screen")
        pump(for: 0.2)
        let path = NSTemporaryDirectory() + "style-\(getpid())-luminance.png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try window.writePNG(to: URL(fileURLWithPath: path))
        return try PixelImage(contentsOfFile: path).meanLuminance
    }

    func testFollowsThePortalFromLightToDarkAndBack() throws {
        try onMain {
            let portal = try FakeSettingsPortal(colorScheme: 2)
            defer { portal.stop() }
            let style = SystemStyle()
            defer { style.stop() }
            style.start()
            pump(until: { style.hasSettled }, "the portal's answer")
            XCTAssertEqual(style.colorScheme, .preferLight)
            XCTAssertEqual(style.colorSchemeSource, .portal)
            XCTAssertEqual(style.contrastSource, .portal)
            XCTAssertFalse(Self.prefersDark)
            let light = try windowLuminance()
            XCTAssertGreaterThan(light, 0.5, "a light window")

            try portal.set("color-scheme", 1)
            pump(until: { Self.prefersDark }, "the dark style after the portal's SettingChanged")
            XCTAssertEqual(style.colorScheme, .preferDark)
            XCTAssertTrue(ThemeAppearance.drawsDark)
            let dark = try windowLuminance()
            XCTAssertLessThan(dark, 0.2, "a dark window")

            try portal.set("color-scheme", 2)
            pump(until: { !Self.prefersDark }, "the light style again")
            XCTAssertGreaterThan(try windowLuminance(), 0.5, "a light window again")
            try portal.set("color-scheme", 0)
            pump(until: { style.colorScheme == .noPreference }, "no preference")
            XCTAssertFalse(Self.prefersDark, "no preference draws the default, light, style")
        }
    }

    /// A portal of the first version has no `ReadOne`: `Read` answers, its value in a variant of its own.
    func testReadsAPortalOfTheFirstVersion() throws {
        try onMain {
            let portal = try FakeSettingsPortal(colorScheme: 1, version: 1)
            defer { portal.stop() }
            let style = SystemStyle()
            defer { style.stop() }
            style.start()
            pump(until: { style.hasSettled }, "the portal's answer")
            XCTAssertEqual(style.colorScheme, .preferDark)
            XCTAssertEqual(style.colorSchemeSource, .portal)
            XCTAssertTrue(Self.prefersDark)
        }
        // Stopping gives the setting back.
        onMain { XCTAssertFalse(Self.prefersDark) }
    }

    func testHighContrastFromThePortalSwitchesToTheHighContrastTheme() throws {
        try onMain {
            let before = Self.themeName
            let portal = try FakeSettingsPortal(colorScheme: 0, contrast: 1)
            defer { portal.stop() }
            let style = SystemStyle()
            style.start()
            pump(until: { style.hasSettled }, "the portal's answer")
            XCTAssertTrue(style.prefersHighContrast)
            XCTAssertEqual(Self.themeName, "HighContrast")
            try portal.set("color-scheme", 1)
            pump(until: { Self.themeName == "HighContrastInverse" }, "the dark high-contrast theme")
            try portal.set("contrast", 0)
            pump(until: { Self.themeName == before }, "the desktop's theme back")
            XCTAssertTrue(Self.prefersDark)
            try portal.set("contrast", 1)
            pump(until: { Self.themeName == "HighContrastInverse" }, "high contrast again")
            style.stop()
            XCTAssertEqual(Self.themeName, before, "stopping gives the theme back")
            XCTAssertFalse(Self.prefersDark)
        }
    }

    /// Without a portal, GSettings (`org.gnome.desktop.interface` `color-scheme`,
    /// `org.gnome.desktop.a11y.interface` `high-contrast`, the memory backend here) decides, and is
    /// followed as it changes.
    func testWithoutAPortalFollowsGSettings() throws {
        try onMain {
            guard let interface = Settings(schemaID: "org.gnome.desktop.interface"), interface.hasKey("color-scheme"),
                  let accessibility = Settings(schemaID: "org.gnome.desktop.a11y.interface")
            else { throw XCTSkip("gsettings-desktop-schemas is not installed (make deps installs it)") }
            defer {
                interface.reset("color-scheme")
                accessibility.reset("high-contrast")
            }
            interface.setString("prefer-dark", forKey: "color-scheme")
            let style = SystemStyle()
            defer { style.stop() }
            style.start()
            pump(until: { style.hasSettled }, "no portal to answer")
            XCTAssertEqual(style.colorSchemeSource, .settings)
            XCTAssertEqual(style.colorScheme, .preferDark)
            XCTAssertTrue(Self.prefersDark)
            interface.setString("prefer-light", forKey: "color-scheme")
            pump(until: { !Self.prefersDark }, "the light style from GSettings")
            accessibility.setBool(true, forKey: "high-contrast")
            pump(until: { Self.themeName == "HighContrast" }, "high contrast from GSettings")
            accessibility.setBool(false, forKey: "high-contrast")
            pump(until: { Self.themeName != "HighContrast" }, "the theme back")
        }
    }

    /// A portal without the appearance namespace (`NotFound`) leaves the choice to GSettings.
    func testAPortalWithoutTheAppearanceLeavesItToGSettings() throws {
        try onMain {
            guard let interface = Settings(schemaID: "org.gnome.desktop.interface"), interface.hasKey("color-scheme")
            else { throw XCTSkip("gsettings-desktop-schemas is not installed (make deps installs it)") }
            defer { interface.reset("color-scheme") }
            interface.setString("prefer-dark", forKey: "color-scheme")
            let portal = try FakeSettingsPortal(hasAppearance: false)
            defer { portal.stop() }
            let style = SystemStyle()
            defer { style.stop() }
            style.start()
            pump(until: { style.hasSettled }, "the portal's answer")
            XCTAssertEqual(style.colorSchemeSource, .settings)
            XCTAssertTrue(Self.prefersDark)
        }
    }

    func testTheColorSchemesNamesAndNumbers() {
        XCTAssertEqual(ColorSchemePreference(portalValue: 0), .noPreference)
        XCTAssertEqual(ColorSchemePreference(portalValue: 1), .preferDark)
        XCTAssertEqual(ColorSchemePreference(portalValue: 2), .preferLight)
        XCTAssertNil(ColorSchemePreference(portalValue: 3))
        XCTAssertEqual(ColorSchemePreference(settingsValue: "default"), .noPreference)
        XCTAssertEqual(ColorSchemePreference(settingsValue: "prefer-dark"), .preferDark)
        XCTAssertEqual(ColorSchemePreference(settingsValue: "prefer-light"), .preferLight)
        XCTAssertNil(ColorSchemePreference(settingsValue: "dark"))
    }
}
