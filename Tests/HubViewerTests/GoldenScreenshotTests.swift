import CGtk
import Foundation
import HubGTKTestSupport
import XCTest
@testable import HubGTK

/// Renders views with the real `hub-viewer --screenshot` and compares them with the golden images
/// in `Tests/HubViewerTests/Golden/`, with `GoldenImage`'s tolerance for anti-aliasing. After an intended visual
/// change, regenerate them with `HUB_UPDATE_GOLDEN=1 make test` and look at the new PNGs.
final class GoldenScreenshotTests: GtkTestCase, @unchecked Sendable {
    private static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden")

    /// A Hebrew and a German locale compiled into a folder of the test run's (`localedef`, from
    /// Debian's `locales`, which `make test` installs), so that the viewer can run as a Hebrew or a
    /// German desktop's apps do without the machine's locales being configured.
    private static let locales: Result<URL, Error> = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-locales-\(getpid())")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for locale in ["he_IL", "de_DE"] {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/localedef")
                process.arguments = ["-i", locale, "-f", "UTF-8", folder.appendingPathComponent("\(locale).UTF-8").path]
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                process.waitUntilExit()
                guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(locale).UTF-8").path) else {
                    throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "localedef made no \(locale).UTF-8"])
                }
            }
            return .success(folder)
        } catch {
            return .failure(error)
        }
    }()

    /// Renders `uri` with `--screenshot`, in `locale` (`he_IL` or `de_DE`) when one is given.
    private func render(_ uri: String, to path: String, scale: Int = 1, locale: String? = nil) throws {
        guard let viewer = ChildProcess.executable("hub-viewer") else {
            throw XCTSkip("the hub-viewer binary is not built")
        }
        let process = Process()
        process.executableURL = viewer
        process.arguments = ["--screenshot", path, "--size", "800x600", uri]
        var environment = ProcessInfo.processInfo.environment
        if scale != 1 {
            // GDK_SCALE is how a HiDPI desktop tells GTK to draw every point with scale² pixels.
            environment["GDK_SCALE"] = String(scale)
        }
        if let locale {
            // GTK reads right to left in a Hebrew locale (its own translations say so), and the
            // framework's strings come from the catalogues `make test` compiled next to the viewer.
            environment["LOCPATH"] = try Self.locales.get().path
            environment["LANG"] = "\(locale).UTF-8"
            environment["LANGUAGE"] = nil
            environment["LC_ALL"] = nil
            environment["LC_MESSAGES"] = nil
        }
        process.environment = environment
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "hub-viewer --screenshot \(uri)")
    }

    /// The person's style, as the settings portal tells it (issue 39, goal 4).
    private struct Style {
        /// 0 no preference, 1 dark, 2 light.
        var colorScheme: UInt32 = 0
        /// 0 normal, 1 high.
        var contrast: UInt32 = 0
    }

    /// Compares the picture of `uri` with a golden one; with `style`, the viewer draws it as a fake
    /// settings portal on the tests' session bus says the person chose.
    @MainActor
    private func compare(_ uri: String, golden name: String, scale: Int = 1, locale: String? = nil,
                         style: Style? = nil) throws
    {
        let actual = NSTemporaryDirectory() + "golden-\(getpid())-\(name)"
        defer { try? FileManager.default.removeItem(atPath: actual) }
        let portal = try style.map { try FakeSettingsPortal(colorScheme: $0.colorScheme, contrast: $0.contrast) }
        defer { portal?.stop() }
        try render(uri, to: actual, scale: scale, locale: locale)
        try GoldenImage.assertMatches(actual, golden: Self.goldenDirectory.appendingPathComponent(name), what: uri)
    }

    func testRootViewMatchesItsGoldenImage() throws {
        try onMain { try compare("hub-demo:root", golden: "root.png") }
    }

    func testCitiesViewMatchesItsGoldenImage() throws {
        try onMain { try compare("cities:overview", golden: "cities.png") }
    }

    /// Issue 27, goal 2: in a Hebrew locale the shell and the views read right to left: the Cities
    /// pictures fill their rows from the right, the margins and the scroll bar swap sides.
    func testCitiesViewRightToLeftMatchesItsGoldenImage() throws {
        try onMain { try compare("cities:overview", golden: "cities-rtl.png", locale: "he_IL") }
    }

    func testShowcaseRightToLeftMatchesItsGoldenImage() throws {
        try onMain { try compare("showcase:", golden: "showcase-rtl.png", locale: "he_IL") }
    }

    /// Issue 27, goal 1: the framework's and the viewer's strings in German and in Hebrew: the
    /// window's title, the empty list's row and its hint, and (in Hebrew) the header bar mirrored.
    func testTheTodoListInGermanMatchesItsGoldenImage() throws {
        try onMain { try compare("hub-demo:todoList", golden: "todo-de.png", locale: "de_DE") }
    }

    func testTheTodoListInHebrewMatchesItsGoldenImage() throws {
        try onMain { try compare("hub-demo:todoList", golden: "todo-he.png", locale: "he_IL") }
    }

    /// Issue 39, goal 4: the showcase's default components as the person's style asks, through the
    /// settings portal: light, dark, high contrast and high contrast with dark.
    func testTheShowcaseInTheLightStyleMatchesItsGoldenImage() throws {
        try onMain { try compare("showcase:", golden: "showcase-light.png", style: Style(colorScheme: 2)) }
    }

    func testTheShowcaseInTheDarkStyleMatchesItsGoldenImage() throws {
        try onMain { try compare("showcase:", golden: "showcase-dark.png", style: Style(colorScheme: 1)) }
    }

    func testTheShowcaseInHighContrastMatchesItsGoldenImage() throws {
        try onMain { try compare("showcase:", golden: "showcase-high-contrast.png", style: Style(contrast: 1)) }
    }

    func testTheShowcaseInDarkHighContrastMatchesItsGoldenImage() throws {
        try onMain {
            try compare("showcase:", golden: "showcase-high-contrast-dark.png", style: Style(colorScheme: 1, contrast: 1))
        }
    }

    /// On a HiDPI screen the screenshot has device pixels (1,620×1,312 for the 810×656-point
    /// window), with text and pictures drawn at that resolution rather than scaled up.
    func testCitiesViewAtTwiceTheScaleMatchesItsGoldenImage() throws {
        try onMain { try compare("cities:overview", golden: "cities@2x.png", scale: 2) }
    }
}
