import Foundation
import HubFramework
import HubGTKTestSupport
import XCTest
@testable import HubGTK

/// The view's state applied to its document off the main thread (a large view), when the state is
/// replaced while that evaluation runs.
final class StateApplicationTests: GtkTestCase, @unchecked Sendable {
    /// A navigator gives a page its own state; a state that takes the place of another while a large
    /// view is evaluated off the main thread is the one the view shows when that evaluation ends: the
    /// evaluation is done again with it, not with the state it replaced.
    func testAStateThatReplacesAnotherDuringABackgroundEvaluationIsTheOneShown() throws {
        try onMain {
            let rows = (0..<(StateApplication.backgroundThreshold + 1)).map {
                #"{"id": "r\#($0)", "text": {"title": "count @{c}"}}"#
            }
            let json = #"{"state": {"c": 0}, "body": [\#(rows.joined(separator: ","))]}"#
            let builder = HubManager(componentMargin: 0).makeViewModelBuilder()
            XCTAssertEqual(try builder.addJSON(data: Data(json.utf8)), [])
            let source = builder.build()

            let application = StateApplication(limits: .default)
            var shown: [String?] = []
            let deliver: StateApplication.Delivery = { viewModel, _ in
                shown.append(viewModel.bodyComponentModels.first?.title)
            }
            let first = ViewState()
            application.sourceArrived(source, state: first, deliver: deliver)
            XCTAssertTrue(application.isEvaluating, "a view this large is evaluated off the main thread")

            let second = ViewState()
            second.adopt(source.stateDeclarations, components: source.componentStateDeclarations)
            XCTAssertTrue(second.setValue(.integer(7), for: "c"))
            application.stateChanged(second, deliver: deliver)

            pump(until: { !application.isEvaluating && !shown.isEmpty }, timeout: 30, "the evaluation to end")
            XCTAssertEqual(shown.last, "count 7", "the state that took the other's place is the one shown")
            withExtendedLifetime(first) {}
        }
    }
}
