import Foundation
import HubApp
import HubGTKTestSupport
import XCTest

/// Issue 24, goal 4: the navigator tells its delegate of the current page once per change of what a
/// window shows of it. An open of a view made at once used to tell it four times (the page, loading
/// started, content, loading finished), and the window rebuilt its bar buttons each time.
final class NavigatorNotificationTests: GtkTestCase, @unchecked Sendable {
    /// Shows each page in a window of its own, as the shell's window does, and counts what it is told.
    @MainActor
    private final class CountingDelegate: NavigatorDelegate {
        let window = Window()
        var shown = 0
        var changes: [(title: String, isLoading: Bool)] = []

        init() {
            window.resize(width: 400, height: 300)
            window.showAll()
        }

        func navigator(_ navigator: Navigator, didShow page: Navigator.Page) {
            shown += 1
            window.removeAll()
            window.add(page.widget)
            page.widget.showAll()
        }

        func navigatorCurrentPageDidChange(_ navigator: Navigator) {
            guard let page = navigator.currentPage else { return }
            changes.append((page.title, page.viewController.isLoading))
        }
    }

    @MainActor
    private func makeHub() throws -> Hub {
        let hub = Hub(componentMargin: 0) { _ in RowComponent() }
        let made = BlockContentOperationFactory { _ in
            [BlockContentOperation { context in
                context.viewModelBuilder.navigationBarTitle = "Made at once"
                context.viewModelBuilder.bodyComponentModelBuilder(withIdentifier: "row").title = "Row"
            }]
        }
        try hub.featureRegistry.registerFeature(
            identifier: "made", viewURIPredicate: ViewURIPredicate { $0.scheme == "made" }, title: "Made",
            contentOperationFactories: [made])
        let later = BlockContentOperationFactory { _ in
            [BackgroundContentOperation { context in
                Thread.sleep(forTimeInterval: 0.3)
                context.viewModelBuilder.navigationBarTitle = "Made later"
                context.viewModelBuilder.bodyComponentModelBuilder(withIdentifier: "row").title = "Row"
            }]
        }
        try hub.featureRegistry.registerFeature(
            identifier: "later", viewURIPredicate: ViewURIPredicate { $0.scheme == "later" }, title: "Later",
            contentOperationFactories: [later])
        // Made at once the first time, in a third of a second when reloaded.
        let loads = LoadCounter()
        let slowAgain = BlockContentOperationFactory { _ in
            [BackgroundContentOperation { context in
                if loads.next() > 1 { Thread.sleep(forTimeInterval: 0.3) }
                context.viewModelBuilder.navigationBarTitle = "Slow again"
                context.viewModelBuilder.bodyComponentModelBuilder(withIdentifier: "row").title = "Row"
            }]
        }
        try hub.featureRegistry.registerFeature(
            identifier: "slowAgain", viewURIPredicate: ViewURIPredicate { $0.scheme == "slow-again" },
            title: "Slow again", contentOperationFactories: [slowAgain])
        return hub
    }


    /// A navigator on `makeHub()`'s features whose delegate counts, torn down after `body`.
    @MainActor
    private func withNavigator(_ body: (Navigator, CountingDelegate) throws -> Void) throws {
        let navigator = Navigator(hub: try makeHub())
        let delegate = CountingDelegate()
        defer {
            navigator.tearDown()
            delegate.window.destroy()
        }
        navigator.delegate = delegate
        try body(navigator, delegate)
    }

    func testAnOpenOfAViewMadeAtOnceIsToldOnce() throws {
        try onMain { try withNavigator { navigator, delegate in
            XCTAssertTrue(navigator.open("made:one"))
            let page = try XCTUnwrap(navigator.currentPage)
            pump(until: { page.viewController.liveBodyComponentCount == 1 && !page.viewController.isLoading }, "the row")
            pump(for: 0.1)
            XCTAssertEqual(delegate.shown, 1)
            XCTAssertEqual(delegate.changes.map(\.title), ["Made at once"], "once, with the content's title")
            XCTAssertEqual(delegate.changes.map(\.isLoading), [false], "no spinner that no frame would show")

            // Back and forward are changes of the page: told at once, once each.
            XCTAssertTrue(navigator.open("made:two"))
            let second = try XCTUnwrap(navigator.currentPage)
            pump(until: { second.viewController.liveBodyComponentCount == 1 && !second.viewController.isLoading }, "two")
            pump(for: 0.1)
            let before = delegate.changes.count
            navigator.goBack()
            XCTAssertEqual(delegate.changes.count, before + 1, "told at once of the page it went back to")
            pump(for: 0.1)
            XCTAssertEqual(delegate.changes.count, before + 1, "and once only")
        } }
    }

    /// A reload that takes a while is told once it has lasted a main-loop turn, and when it ends. It
    /// was put off again at every turn: the window never heard of it, and the main loop spun.
    func testAReloadThatTakesAWhileIsToldWhileItLasts() throws {
        try onMain { try withNavigator { navigator, delegate in
            XCTAssertTrue(navigator.open("slow-again:one"))
            let page = try XCTUnwrap(navigator.currentPage)
            pump(until: { page.viewController.liveBodyComponentCount == 1 && !page.viewController.isLoading }, "the row")
            pump(for: 0.1)
            let before = delegate.changes.count
            XCTAssertEqual(delegate.changes.last?.isLoading, false)
            navigator.reload()
            pump(until: { !page.viewController.isLoading }, "the reloaded content")
            pump(for: 0.1)
            XCTAssertEqual(delegate.changes.dropFirst(before).map(\.isLoading), [true, false])
        } }
    }

    /// Content that takes a while: the spinner turns while it loads, and stops when it has come.
    func testALoadThatTakesAWhileShowsTheSpinnerUntilTheContentComes() throws {
        try onMain { try withNavigator { navigator, delegate in
            XCTAssertTrue(navigator.open("later:one"))
            let page = try XCTUnwrap(navigator.currentPage)
            pump(until: { delegate.changes.last?.isLoading == true }, "the spinner")
            pump(until: { page.viewController.liveBodyComponentCount == 1 && !page.viewController.isLoading },
                 "the content")
            pump(for: 0.1)
            XCTAssertEqual(delegate.changes.map(\.isLoading), [true, false], "the spinner turns, then stops")
            XCTAssertEqual(delegate.changes.map(\.title), ["Later", "Made later"],
                           "the feature's title until the content names one")
        } }
    }
}
