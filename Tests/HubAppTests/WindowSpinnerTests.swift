import Foundation
import HubGTKTestSupport
import XCTest
@testable import GtkKit
@testable import HubApp
@testable import HubGTK

/// The header bar's spinner turns for a load that lasts, as the view's own does
/// (`ViewController.loadingIndicatorDelay`): a load that ends within the delay shows none flashing
/// for a frame, and GTK does not load the spinner's icon for it.
final class WindowSpinnerTests: GtkTestCase, @unchecked Sendable {
    func testTheSpinnerTurnsOnlyForALoadThatLasts() throws {
        try onMain {
            let app = try AtlasApp.make()
            app.startup()
            let window = app.activate()
            defer { app.close() }
            pump(until: { window.window.isMapped }, "the window")

            // A load that ends within the delay: no spinner then or after.
            window.isLoading = true
            XCTAssertTrue(window.isLoading)
            XCTAssertFalse(window.spinner.isSpinning, "not at once")
            window.isLoading = false
            pump(for: ViewController.loadingIndicatorDelay * 2)
            XCTAssertFalse(window.spinner.isSpinning)
            XCTAssertFalse(window.isLoading)

            // A load that lasts: the spinner turns after the delay, not before, and stops at once.
            window.isLoading = true
            let started = ProcessInfo.processInfo.systemUptime
            pump(until: { window.spinner.isSpinning }, "the spinner")
            XCTAssertGreaterThanOrEqual(ProcessInfo.processInfo.systemUptime - started,
                                        ViewController.loadingIndicatorDelay * 0.9)
            window.isLoading = true
            XCTAssertTrue(window.spinner.isSpinning, "told again while it turns: it goes on")
            window.isLoading = false
            XCTAssertFalse(window.spinner.isSpinning)
            XCTAssertFalse(window.isLoading)
        }
    }

    /// The window is told that its page loads at every change of what it shows of the page
    /// (`HubWindowController.navigatorCurrentPageDidChange`: a title, the back button): told again
    /// while the spinner waits, the wait goes on from the first, or a page that changes more often
    /// than the delay would never show the spinner.
    func testLoadingToldAgainWhileTheSpinnerWaitsDoesNotPutItOff() throws {
        try onMain {
            let app = try AtlasApp.make()
            app.startup()
            let window = app.activate()
            defer { app.close() }
            pump(until: { window.window.isMapped }, "the window")

            window.isLoading = true
            let started = ProcessInfo.processInfo.systemUptime
            let delay = ViewController.loadingIndicatorDelay
            while !window.spinner.isSpinning, ProcessInfo.processInfo.systemUptime - started < delay * 5 {
                pump(for: delay / 4)
                window.isLoading = true
            }
            XCTAssertTrue(window.spinner.isSpinning, "the spinner turns once the first load told has lasted the delay")
            window.isLoading = false
        }
    }
}
