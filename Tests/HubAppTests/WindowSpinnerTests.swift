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
    /// Runs `body` with the Atlas app's window, mapped; closes the app after.
    private func withAtlasWindow(_ body: @MainActor (HubWindow) throws -> Void) throws {
        try onMain {
            let app = try AtlasApp.make()
            app.startup()
            let window = app.activate()
            defer { app.close() }
            pump(until: { window.window.isMapped }, "the window")
            try body(window)
        }
    }

    func testTheSpinnerTurnsOnlyForALoadThatLasts() throws {
        try withAtlasWindow { window in
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
        try withAtlasWindow { window in

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

    /// A reload that takes a while tells the window twice (loading, loaded); the bar buttons stay the
    /// ones the person may be on, with the keyboard focus, as long as the view's navigation item is
    /// the same. They used to be made again at every notification.
    func testTheBarButtonsOutlastAReload() throws {
        try onMain {
            let app = try AtlasApp.make()
            let loads = LoadCounter()
            let favourite = AtlasApp.favourite
            let slowAgain = BlockContentOperationFactory { _ in
                [BackgroundContentOperation { context in
                    if loads.next() > 1 { Thread.sleep(forTimeInterval: 0.4) }
                    context.viewModelBuilder.navigationBarTitle = "Slow again"
                    context.viewModelBuilder.navigationItem.rightItems = [
                        BarButtonItem(title: "Favourite", iconName: "starred-symbolic", actionIdentifier: favourite)
                    ]
                    context.viewModelBuilder.bodyComponentModelBuilder(withIdentifier: "row").title = "Row"
                }]
            }
            try app.hub.featureRegistry.registerFeature(
                identifier: "slowAgain", viewURIPredicate: ViewURIPredicate { $0.scheme == "slow-again" },
                title: "Slow again", contentOperationFactories: [slowAgain])
            app.startup()
            let window = app.activate()
            defer { app.close() }
            XCTAssertTrue(app.navigator.open("slow-again:view"))
            let page = try XCTUnwrap(app.navigator.currentPage)
            pump(until: { window.window.isMapped && !page.viewController.isLoading && window.barItemsBox.children.count == 1 },
                 "the view and its bar button")
            let button = try XCTUnwrap(window.barItemsBox.children.first)
            button.grabFocus()
            pump(until: { button.hasFocus }, "the focus on the bar button")

            app.navigator.reload()
            pump(until: { window.spinner.isSpinning }, "the spinner of the reload")
            pump(until: { !page.viewController.isLoading && !window.spinner.isSpinning }, "the reloaded view")
            XCTAssertEqual(window.barItemsBox.children.map(\.gtkWidget), [button.gtkWidget], "the same button")
            XCTAssertTrue(button.hasFocus, "with the focus still on it")
        }
    }

}
