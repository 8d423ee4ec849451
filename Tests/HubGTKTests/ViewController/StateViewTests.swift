import CGtk
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
            XCTAssertTrue(state.spinner.isVisible)
            XCTAssertTrue(state.spinner.isSpinning)
            XCTAssertFalse(state.errorBox.isVisible)
            XCTAssertEqual(state.spinner.accessibleName, "Loading")
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
