import Foundation
import XCTest

@testable import HubFramework
import HubTestSupport

/// Issue "Documents that talk to their server", goal 4: every document request, and every request a
/// document sends, names what the client can show in its `Hub-Client` header, so that a server can
/// choose what to send; the document it sends is read for that client. A loopback server records
/// the requests.
final class ClientHeaderTests: LoopbackServerTestCase, @unchecked Sendable {
    private let client = ClientCapabilities(components: ["default:row", "default:label"], actions: ["set", "request"],
                                            app: "header-test/3.1")

    /// A document with a map the client lacks, and a label in its place.
    private static let mapDocument = #"""
        {"body": [{"id": "map", "component": {"id": "maps:map"}, "text": {"title": "Map"},
                   "fallback": {"component": {"id": "default:label"}, "text": {"title": "No map"}}}]}
        """#

    /// Performs `operation` into a builder read for `client` (none when nil) and waits for its report.
    @MainActor
    private func perform(_ operation: JSONContentOperation, for client: ClientCapabilities?) -> ViewModel {
        let delegate = CountingOperationDelegate()
        operation.delegate = delegate
        operation.cache = nil
        let builder = LoadingFixtures.schema().makeViewModelBuilder(clientCapabilities: client)
        operation.perform(forViewURI: LoadingFixtures.viewURI, featureInfo: LoadingFixtures.featureInfo,
                          connectivityState: .online, viewModelBuilder: builder, previousError: nil)
        XCTAssertTrue(loadingSpin(timeout: 5) { delegate.finished + delegate.failed > 0 })
        return builder.build()
    }

    func testADocumentRequestNamesTheClientAndItsDocumentIsReadForIt() throws {
        server.route("/map.json", .json(Self.mapDocument))
        try MainActor.assumeIsolated {
            let view = perform(JSONContentOperation(url: server.url("/map.json")), for: client)
            XCTAssertEqual(LoadingFixtures.bodyTitles(view), ["No map"])
            let header = try XCTUnwrap(server.requests.last?.headers["hub-client"])
            XCTAssertEqual(header, client.headerValue)
            let sent = try JSONParser().parse(header)
            XCTAssertEqual(sent["components"], .array(["default:label", "default:row"]))
            XCTAssertEqual(sent["actions"], .array(["request", "set"]))
            XCTAssertEqual(sent["expressions"], .number(Double(ExpressionLanguage.version)))
            XCTAssertEqual(sent["app"], .string("header-test/3.1"))
            // A builder read for no client in particular names none, and shows the map.
            let plain = perform(JSONContentOperation(url: server.url("/map.json")), for: nil)
            XCTAssertEqual(LoadingFixtures.bodyTitles(plain), ["Map"])
            XCTAssertNil(server.requests.last?.headers["hub-client"])
        }
    }

    /// A request a document sends (its answer may be a view document) names the client too.
    func testARequestADocumentSendsNamesTheClient() throws {
        server.route("/buy", .json(#"{"ok": true}"#))
        try MainActor.assumeIsolated {
            let builder = LoadingFixtures.schema().makeViewModelBuilder()
            XCTAssertEqual(try builder.addJSON(data: Data(#"""
                {"body": [{"id": "b", "target": {"actions": [{"type": "request", "method": "post", "url": "\#(server.url("/buy"))"}]}}]}
                """#.utf8)), [])
            let viewModel = builder.build()
            let state = ViewState()
            state.adopt(viewModel.stateDeclarations, components: viewModel.componentStateDeclarations)
            var sent: PreparedRequest?
            let interpreter = ActionInterpreter(state: state, limits: .default, perform: { effect in
                if case .send(let request) = effect { sent = request }
                return true
            }, report: { XCTFail($0) })
            _ = interpreter.runTargetActions(of: try XCTUnwrap(viewModel.bodyComponentModels.first))
            let request = try XCTUnwrap(sent)
            var outcome: ServerExchange.Outcome?
            let exchange = ServerExchange(request, formValues: nil, documentURL: nil, origin: .local,
                                          policy: ServerRequestPolicy(allowedOrigins: [server.baseURL]), limits: .default,
                                          clientCapabilities: client) { outcome = $0 }
            XCTAssertTrue(loadingSpin(timeout: 10) { outcome != nil })
            withExtendedLifetime(exchange) {}
            XCTAssertEqual(outcome?.response.ok, true)
            XCTAssertEqual(server.requests.last?.method, "POST")
            XCTAssertEqual(server.requests.last?.headers["hub-client"], client.headerValue)
        }
    }

    /// A feature's loader reads for the client the manager is told of when the loader is made: its
    /// builders have it, its requests name it, and its document's fallbacks are chosen for it.
    func testALoaderFromTheFactoryReadsForTheAppsClient() throws {
        server.route("/map.json", .json(Self.mapDocument))
        try MainActor.assumeIsolated {
            let manager = HubManager(componentMargin: 8)
            manager.clientApp = "atlas/9"
            try manager.actionRegistry.registerActionFactory(BlockActionFactory { _ in nil }, forNamespace: "atlas")
            let url = server.url("/map.json")
            try manager.featureRegistry.registerFeature(
                identifier: "map", viewURIPredicate: ViewURIPredicate(rootViewURI: URL(string: "atlas:map")!), title: "Map",
                contentOperationFactories: [BlockContentOperationFactory { _ in
                    let operation = JSONContentOperation(url: url)
                    operation.cache = nil
                    return [operation]
                }])
            // Weakly, as HubGTK's `Hub` does: the factory belongs to the manager.
            manager.viewModelLoaderFactory.clientCapabilities = { [weak manager] in
                manager?.clientCapabilities(components: ["default:row", "default:label"])
            }
            let loader = try XCTUnwrap(try manager.viewModelLoaderFactory.createViewModelLoader(forViewURI: URL(string: "atlas:map")!))
            XCTAssertEqual(loader.clientCapabilities?.app, "atlas/9")
            XCTAssertEqual(loader.clientCapabilities?.actions, (JSONActionCompiler.types + ["atlas:*"]).sorted())
            XCTAssertEqual(loader.clientCapabilities?.features, ClientCapabilities.builtInFeatures)
            XCTAssertEqual(loader.makeBuilder().clientCapabilities, loader.clientCapabilities)
            let recorder = LoadingRecorder()
            loader.delegate = recorder
            loader.loadViewModel()
            XCTAssertTrue(loadingSpin(timeout: 10) { recorder.lastViewModel != nil })
            XCTAssertEqual(LoadingFixtures.bodyTitles(recorder.lastViewModel), ["No map"])
            XCTAssertEqual(server.requests.last?.headers["hub-client"], loader.clientCapabilities?.headerValue)
        }
    }
}
