import Foundation
import HubFramework
import HubGTKTestSupport
import HubTestSupport
import XCTest
@testable import HubGTK

/// Issue "Documents that talk to their server", goal 4, in a live view: the app's hub says what it
/// can show (its registered components and actions), each view reads its document for that, showing
/// the fallback of what the app lacks before any category fallback, and the requests the document
/// sends name the app in their `Hub-Client` header.
final class ViewControllerClientCapabilitiesTests: GtkTestCase, @unchecked Sendable {
    func testTheHubSaysWhatItsRegistriesHold() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            harness.register("card") { RecordingComponent() }
            try harness.hub.componentRegistry.registerComponentFactory(DefaultComponentFactory(), forNamespace: "default")
            // A factory that lists no names may create any.
            try harness.hub.componentRegistry.registerComponentFactory(UnlistedFactory(), forNamespace: "plugins")
            try harness.hub.actionRegistry.registerActionFactory(BlockActionFactory { _ in nil }, forNamespace: "shop")
            harness.hub.manager.clientApp = "shop/4.2"
            let client = harness.hub.clientCapabilities
            XCTAssertTrue(client.components.contains("test:card"))
            XCTAssertTrue(client.components.contains("default:row"))
            XCTAssertTrue(client.components.contains("default:button"))
            XCTAssertTrue(client.components.contains("plugins:*"))
            XCTAssertEqual(client.components.count, DefaultComponentFactory().showcaseableComponentNames.count + 2)
            XCTAssertEqual(client.actions, (JSONActionCompiler.types + ["shop:*"]).sorted())
            XCTAssertEqual(client.expressions, ExpressionLanguage.version)
            XCTAssertEqual(client.features, ClientCapabilities.builtInFeatures)
            XCTAssertEqual(client.app, "shop/4.2")
        }
    }

    func testAViewShowsTheFallbackOfWhatTheAppLacksAndItsRequestsNameTheApp() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("/order", .json(#"{"state": {"ordered": true}}"#))
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            try harness.hub.componentRegistry.registerComponentFactory(DefaultComponentFactory(), forNamespace: "default")
            harness.hub.manager.clientApp = "orders/1"
            let document = #"""
                {"state": {"ordered": false},
                 "body": [
                   {"id": "map", "component": {"id": "maps:map", "category": "card"}, "text": {"title": "Map"},
                    "fallback": {"component": {"id": "default:label"}, "text": {"title": "Our shop is in Rome"}}},
                   {"id": "chart", "component": {"id": "charts:pie"}, "fallback": "drop"},
                   {"id": "order", "component": {"id": "default:button"}, "text": {"title": "Order"},
                    "requires": {"actions": ["request"]},
                    "target": {"actions": [{"type": "request", "method": "post", "url": "\#(server.url("/order"))"}]},
                    "fallback": {"component": {"id": "default:label"}, "text": {"title": "Call us to order"}}}]}
                """#
            var readFor: ClientCapabilities?
            let controller = try harness.open { builder in
                readFor = builder.clientCapabilities
                XCTAssertEqual(try? builder.addJSON(data: Data(document.utf8)), [], "the document reads without a problem")
            }
            controller.serverRequestPolicy = ServerRequestPolicy(allowedOrigins: [server.baseURL])
            pump(until: { controller.liveBodyComponentCount > 0 && !controller.isLoading }, "the first render")
            XCTAssertEqual(readFor, harness.hub.clientCapabilities, "the loader's builder reads for the app")
            let shown = controller.viewModel?.bodyComponentModels.map {
                "\($0.identifier) \($0.componentIdentifier.identifierString) \($0.title ?? "-")"
            }
            XCTAssertEqual(shown, ["map default:label Our shop is in Rome", "order default:button Order"])
            XCTAssertTrue(controller.liveComponent(atBodyIndex: 0) is LabelComponent, "the fallback, not the card's category fallback")
            XCTAssertEqual(harness.fallbacks, [])
            let order = try XCTUnwrap(controller.viewModel?.bodyComponentModels.first { $0.identifier == "order" })
            XCTAssertTrue(controller.selectComponent(with: order, customData: nil))
            pump(until: { controller.state.value(of: "ordered") == .boolean(true) }, "the answer came")
            let request = try XCTUnwrap(server.requests.first { $0.path == "/order" })
            XCTAssertEqual(request.headers["hub-client"], harness.hub.clientCapabilities.headerValue)
            XCTAssertEqual(try JSONParser().parse(request.headers["hub-client"] ?? "")["app"], .string("orders/1"))
        }
    }
}

/// A component factory that does not list the names it creates.
@MainActor
private final class UnlistedFactory: ComponentFactory {
    func createComponent(forName name: String) -> (any Component)? { nil }
}
