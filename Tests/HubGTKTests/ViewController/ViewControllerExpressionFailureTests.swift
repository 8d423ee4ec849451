import CGtk
import Foundation
import HubFramework
import HubGTKTestSupport
import Logging
import XCTest
@testable import GtkKit
@testable import HubGTK

/// A view whose expressions fail as its state changes: it shows the document's fallback or the empty
/// value, logs each failing place once with its JSON path, and stays live.
final class ViewControllerExpressionFailureTests: GtkTestCase, @unchecked Sendable {
    private static let document = #"""
        {"state": {"text": "abc", "divisor": 0, "items": ["a", "b"], "index": 5},
         "body": [
           {"id": "fallback", "component": {"id": "test:row"}, "text": {"title": "Value: @{toInteger(text) !: -1}"}},
           {"id": "empty", "component": {"id": "test:row"}, "text": {"title": "Value: @{toInteger(text)}"}},
           {"id": "ratio", "component": {"id": "test:row"}, "text": {"title": "@{toString(10 / divisor)}"}},
           {"id": "element", "component": {"id": "test:row"}, "text": {"title": "@{getStringFromArray(items, index)}"}},
           {"id": "positive", "component": {"id": "test:row"}, "text": {"title": "Positive"}, "visible": "@{toInteger(text) > 0}"}]}
        """#

    /// Opens `document` in `harness`'s window, with the controller's failures logged into `logged`
    /// from before its content loads.
    @MainActor
    private func open(_ document: String, in harness: ViewControllerHarness, logging logged: LoggedLines) throws
        -> ViewController
    {
        let url = URL(string: "test:failures")!
        let operation = BlockContentOperation { context in
            XCTAssertEqual(try? context.viewModelBuilder.addJSON(data: Data(document.utf8)), [], "every expression compiles")
        }
        try harness.hub.featureRegistry.registerFeature(
            identifier: url.absoluteString, viewURIPredicate: ViewURIPredicate(viewURI: url), title: "Test",
            contentOperationFactories: [BlockContentOperationFactory { _ in [operation] }])
        let controller = try XCTUnwrap(harness.hub.viewControllerFactory.createViewController(forViewURI: url))
        controller.expressionFailureLogger = Logger(label: "org.hubframework.gtk.state") { _ in LineCollector(logged) }
        let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        gtk_window_set_default_size(hub_window(window), 400, 300)
        gtk_container_add(hub_container(window), controller.view.gtkWidget)
        gtk_widget_show_all(window)
        controller.viewWillAppear()
        harness.window = window
        harness.controller = controller
        return controller
    }

    func testFailuresShowTheFallbackOrNothingAreLoggedOnceWithTheirPathAndTheViewStaysLive() throws {
        try onMain {
            let harness = ViewControllerHarness()
            harness.register("row") { RecordingComponent() }
            defer { harness.tearDown() }
            let logged = LoggedLines()
            let controller = try open(Self.document, in: harness, logging: logged)
            @MainActor func titles() -> [String] { controller.viewModel?.bodyComponentModels.map { $0.title ?? "-" } ?? [] }
            @MainActor func shown() -> [String] {
                harness.components("row", as: RecordingComponent.self).compactMap { $0.model }.map { $0.title ?? "-" }.sorted()
            }
            // The try operator's fallback, or the empty value; the row that needs a number is hidden.
            pump(until: { titles() == ["Value: -1", "", "", ""] }, "the fallback and the empty values")
            pump(until: { shown() == ["", "", "", "Value: -1"] }, "the rows on screen")
            let uri = controller.viewURI.absoluteString
            func line(_ failure: String) -> String { "warning \(uri): an expression failed, its value is empty: \(failure)" }
            let first = [
                line("body[1].text.title: Failed to evaluate [toInteger('abc')]. Unable to convert value to Integer."),
                line("body[2].text.title: Failed to evaluate [10 / 0]. Division by zero is not supported."),
                line("body[3].text.title: Failed to evaluate [getStringFromArray(<array>, 5)]. Requested index (5) out of "
                     + "bounds array size (2)."),
                line("body[4].visible: Failed to evaluate [toInteger('abc')]. Unable to convert value to Integer."),
            ]
            XCTAssertEqual(logged.lines, first)

            // Typing more text that is not a number: the same places fail again, and are not logged again.
            for text in ["x", "xy", "xyz"] {
                XCTAssertTrue(controller.state.setValue(.string(text), for: "text"))
                pump(until: { controller.viewModel?.bodyComponentModels.count == 4 && !controller.isLoading }, "\(text)")
            }
            XCTAssertEqual(titles(), ["Value: -1", "", "", ""])
            XCTAssertEqual(logged.lines, first)

            // Values that work: everything shows, the hidden row too; the view was live all along.
            XCTAssertTrue(controller.state.setValue(.string("12"), for: "text"))
            XCTAssertTrue(controller.state.setValue(.integer(4), for: "divisor"))
            XCTAssertTrue(controller.state.setValue(.integer(1), for: "index"))
            pump(until: { titles() == ["Value: 12", "Value: 12", "2", "b", "Positive"] }, "the values")
            pump(until: { shown() == ["2", "Positive", "Value: 12", "Value: 12", "b"] }, "the rows with their values")

            // Places that fail again later, for other reasons (a shorter array), are not logged again.
            XCTAssertTrue(controller.state.setValue(.integer(0), for: "divisor"))
            XCTAssertTrue(controller.state.setValue(.array([.string("a")]), for: "items"))
            pump(until: { titles() == ["Value: 12", "Value: 12", "", "", "Positive"] }, "the second failures")
            XCTAssertEqual(logged.lines, first)
        }
    }
}

/// Lines logged, as "<level> <message>".
private final class LoggedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []

    var lines: [String] { lock.withLock { stored } }

    func append(_ line: String) { lock.withLock { stored.append(line) } }
}

/// Keeps what is logged through it in a `LoggedLines`.
private struct LineCollector: LogHandler {
    let lines: LoggedLines
    var logLevel: Logger.Level = .trace
    var metadata: Logger.Metadata = [:]

    init(_ lines: LoggedLines) { self.lines = lines }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) { lines.append("\(event.level) \(event.message)") }
}
