import CGtk
import Foundation
import HubGTKTestSupport
import XCTest
@testable import GtkKit
@testable import HubGTK

/// The loading spinner and the error page a view controller floats over its content.
final class StateViewTests: GtkTestCase, @unchecked Sendable {
    private struct Failure: Error, CustomStringConvertible { var description: String { "The backend said no" } }

    func testLoadingShowsOnlyTheTurningSpinner() {
        onMain {
            let state = StateView {}
            defer { state.tearDown() }
            state.show(.loading)
            XCTAssertEqual(state.currentDescription, "loading")
            XCTAssertTrue(state.view.isVisible)
            XCTAssertFalse(state.spinner.isVisible, "not before the view has loaded for a moment")
            XCTAssertFalse(state.spinner.isSpinning)
            pump(until: { state.spinner.isSpinning }, timeout: 5, "the spinner")
            XCTAssertTrue(state.spinner.isVisible)
            XCTAssertTrue(state.spinner.isSpinning)
            XCTAssertFalse(state.errorBox.isVisible)
            XCTAssertEqual(state.spinner.accessibleName, "Loading")
            // Loading again while it turns: it goes on turning.
            state.show(.loading)
            XCTAssertTrue(state.spinner.isVisible)
            XCTAssertTrue(state.spinner.isSpinning)
        }
    }

    /// Content that comes within the delay is shown without a spinner before it: none turns later
    /// either (its icon, an SVG, is then never loaded).
    func testContentThatComesInAMomentShowsNoSpinner() {
        onMain {
            let state = StateView {}
            defer { state.tearDown() }
            let started = ProcessInfo.processInfo.systemUptime
            state.show(.loading)
            state.hide()
            pump(for: ViewController.loadingIndicatorDelay * 2)
            XCTAssertFalse(state.spinner.isVisible)
            XCTAssertFalse(state.spinner.isSpinning)

            // A load that outlasts the delay shows it, not sooner than the delay.
            state.show(.loading)
            let shown = ProcessInfo.processInfo.systemUptime
            pump(until: { state.spinner.isSpinning }, timeout: 5, "the spinner")
            XCTAssertGreaterThanOrEqual(ProcessInfo.processInfo.systemUptime - shown, ViewController.loadingIndicatorDelay * 0.9)
            XCTAssertGreaterThan(shown, started)

            // An error within the delay: no spinner turns after it.
            state.hide()
            state.show(.loading)
            state.show(.error(Failure(), compact: false))
            pump(for: ViewController.loadingIndicatorDelay * 2)
            XCTAssertFalse(state.spinner.isVisible)
            XCTAssertFalse(state.spinner.isSpinning)
            XCTAssertTrue(state.errorBox.isVisible)
        }
    }

    /// Loading told again while the spinner waits for its delay does not start the wait again: the
    /// view controller shows its status at every render and every change of its loading state
    /// (`ViewController.showStatus`), and a view that renders more often than the delay would never
    /// show its spinner.
    func testLoadingToldAgainWhileTheSpinnerWaitsDoesNotPutItOff() {
        onMain {
            let state = StateView {}
            defer { state.tearDown() }
            state.show(.loading)
            let shown = ProcessInfo.processInfo.systemUptime
            while !state.spinner.isSpinning, ProcessInfo.processInfo.systemUptime - shown < ViewController.loadingIndicatorDelay * 5 {
                pump(for: ViewController.loadingIndicatorDelay / 4)
                state.show(.loading)
            }
            XCTAssertTrue(state.spinner.isSpinning, "the spinner turns once the first show has lasted the delay")
            XCTAssertTrue(state.spinner.isVisible)
        }
    }

    func testAnErrorIsAPageWithoutContentAndABarWithContent() {
        onMain {
            var retries = 0
            let state = StateView { retries += 1 }
            defer { state.tearDown() }
            state.show(.loading)
            state.show(.error(Failure(), compact: false))
            XCTAssertEqual(state.currentDescription, "The backend said no")
            XCTAssertFalse(state.spinner.isVisible)
            XCTAssertFalse(state.spinner.isSpinning)
            XCTAssertTrue(state.errorBox.isVisible)
            XCTAssertTrue(state.retryButton.isVisible)
            XCTAssertEqual(state.errorTitle.text, "This view could not be loaded")
            XCTAssertEqual(state.errorDetail.text, "The backend said no")
            XCTAssertEqual(state.view.verticalAlignment, .center)
            XCTAssertFalse(state.view.hasCSSClass("compact"))

            state.show(.error(Failure(), compact: true))
            XCTAssertEqual(state.view.horizontalAlignment, .fill)
            XCTAssertEqual(state.view.verticalAlignment, .end)
            XCTAssertTrue(state.view.hasCSSClass("compact"))

            state.retryButton.click()
            XCTAssertEqual(retries, 1, "Try Again reloads")
        }
    }

    func testAnEmptyViewSaysSoWithoutOfferingToRetry() {
        onMain {
            let state = StateView {}
            defer { state.tearDown() }
            state.show(.error(Failure(), compact: true))
            state.show(.empty)
            XCTAssertEqual(state.currentDescription, "empty")
            XCTAssertEqual(state.errorTitle.text, "Nothing to show here")
            XCTAssertTrue(state.errorBox.isVisible)
            XCTAssertFalse(state.retryButton.isVisible)
            XCTAssertFalse(state.view.hasCSSClass("compact"))
            state.hide()
            XCTAssertNil(state.currentDescription)
            XCTAssertFalse(state.view.isVisible)
        }
    }

    func testTheWarningIconIsDialogSized() {
        onMain {
            let state = StateView {}
            defer { state.tearDown() }
            var size: GtkIconSize = GTK_ICON_SIZE_INVALID
            var name: UnsafePointer<gchar>? = nil
            gtk_image_get_icon_name(hub_image(state.icon.gtkWidget), &name, &size)
            XCTAssertEqual(name.map { String(cString: $0) }, "dialog-warning-symbolic")
            XCTAssertEqual(size, GTK_ICON_SIZE_DIALOG)
        }
    }
}
