import Foundation
import XCTest

@testable import HubFramework

/// The action registry (the original's HUBActionRegistryTests), the selection action and the block
/// helpers.
final class ActionRegistryTests: XCTestCase, @unchecked Sendable {
    func testFactoryCreatesTheActionForItsNamespace() throws {
        try MainActor.assumeIsolated {
            let registry = ActionRegistry(selectionAction: SelectionAction(opener: nil))
            let action = BlockAction { _ in true }
            var askedNames: [String] = []
            let factory = BlockActionFactory { name in
                askedNames.append(name)
                return name == "name" ? action : nil
            }
            XCTAssertNoThrow(try registry.registerActionFactory(factory, forNamespace: "namespace"))
            XCTAssertTrue(registry.createCustomAction(for: Identifier(namespace: "namespace", name: "name")) === action)
            XCTAssertNil(registry.createCustomAction(for: Identifier(namespace: "namespace", name: "unknown")))
            XCTAssertNil(registry.createCustomAction(for: Identifier(namespace: "other", name: "name")))
            XCTAssertEqual(askedNames, ["name", "unknown"], "the factory is asked with the name part")
        }
    }

    // Actions are created fresh for every event.
    func testFactoryIsAskedForEveryEvent() {
        MainActor.assumeIsolated {
            let registry = ActionRegistry(selectionAction: SelectionAction(opener: nil))
            try? registry.registerActionFactory(BlockActionFactory { _ in BlockAction { _ in true } },
                                                forNamespace: "fresh")
            let identifier = Identifier(namespace: "fresh", name: "action")
            let first = registry.createCustomAction(for: identifier)
            let second = registry.createCustomAction(for: identifier)
            XCTAssertNotNil(first)
            XCTAssertFalse(first === second)
        }
    }

    func testNamespaceTakenThrowsUntilUnregistered() throws {
        try MainActor.assumeIsolated {
            let registry = ActionRegistry(selectionAction: SelectionAction(opener: nil))
            let factory = BlockActionFactory { _ in nil }
            XCTAssertNoThrow(try registry.registerActionFactory(factory, forNamespace: "namespace"))
            XCTAssertThrowsError(try registry.registerActionFactory(BlockActionFactory { _ in nil },
                                                                    forNamespace: "namespace"))
            { error in
                XCTAssertEqual(error as? RegistrationError,
                               RegistrationError(kind: "action factory", identifier: "namespace", reason: .duplicate))
            }
            XCTAssertNoThrow(try registry.registerActionFactory(factory, forNamespace: "other namespace"),
                             "the same factory may serve another namespace")
            registry.unregisterActionFactory(forNamespace: "namespace")
            XCTAssertNoThrow(try registry.registerActionFactory(factory, forNamespace: "namespace"))
        }
    }

    func testSelectionActionOpensTheTargetURI() {
        MainActor.assumeIsolated {
            let opener = TestURIOpener(result: true)
            let action = SelectionAction(opener: opener)
            let builder = LoadingFixtures.schema().makeViewModelBuilder()
            let componentBuilder = builder.bodyComponentModelBuilder(withIdentifier: "row")
            componentBuilder.targetBuilder.uri = URL(string: "hub:destination")
            let withTarget = componentBuilder.build()
            XCTAssertTrue(action.perform(with: selectionContext(withTarget)))
            XCTAssertEqual(opener.opened, [URL(string: "hub:destination")!])

            opener.result = false
            XCTAssertFalse(action.perform(with: selectionContext(withTarget)), "the opener's answer")

            let withoutTarget = builder.bodyComponentModelBuilder(withIdentifier: "plain").build()
            XCTAssertFalse(action.perform(with: selectionContext(withoutTarget)))
            XCTAssertFalse(action.perform(with: selectionContext(nil)))
            XCTAssertEqual(opener.opened.count, 2)

            action.opener = nil
            XCTAssertFalse(action.perform(with: selectionContext(withTarget)), "nothing to open with")
        }
    }

    func testBlockHelpersRunTheirBlocks() {
        MainActor.assumeIsolated {
            var seen: [Identifier?] = []
            let action = BlockAction { context in
                seen.append(context.customActionIdentifier)
                return false
            }
            let handler = BlockActionHandler { context in context.customData?["handled"] == .bool(true) }
            let context = LoadingFixtures.actionContext(identifier: Identifier(namespace: "a", name: "b"),
                                                        customData: ["handled": .bool(true)])
            XCTAssertFalse(action.perform(with: context))
            XCTAssertEqual(seen, [Identifier(namespace: "a", name: "b")])
            XCTAssertTrue(handler.handleAction(with: context))
            XCTAssertFalse(handler.handleAction(with: LoadingFixtures.actionContext(identifier: nil)))
        }
    }

    func testActionContextCarriesEverythingAndHoldsTheViewControllerWeakly() {
        MainActor.assumeIsolated {
            let viewModel = LoadingFixtures.schema().makeViewModelBuilder().build()
            var controller: NSObject? = NSObject()
            let context = ActionContext(
                trigger: .component, customActionIdentifier: Identifier(namespace: "n", name: "a"),
                customData: ["k": .string("v")], featureInfo: LoadingFixtures.featureInfo,
                viewURI: LoadingFixtures.viewURI, viewModel: viewModel, componentModel: nil,
                viewController: controller)
            XCTAssertEqual(context.trigger, .component)
            XCTAssertEqual(context.customData, ["k": .string("v")])
            XCTAssertEqual(context.featureInfo, LoadingFixtures.featureInfo)
            XCTAssertEqual(context.viewURI, LoadingFixtures.viewURI)
            XCTAssertTrue(context.viewModel === viewModel)
            XCTAssertTrue(context.viewController === controller)
            controller = nil
            XCTAssertNil(context.viewController)
        }
    }

    @MainActor
    private func selectionContext(_ model: ComponentModel?) -> ActionContext {
        ActionContext(trigger: .selection, customActionIdentifier: nil, customData: nil,
                      featureInfo: LoadingFixtures.featureInfo, viewURI: LoadingFixtures.viewURI,
                      viewModel: LoadingFixtures.schema().makeViewModelBuilder().build(), componentModel: model,
                      viewController: nil)
    }
}

/// Records the URIs it opens and answers as told.
@MainActor
final class TestURIOpener: URIOpener {
    var result: Bool
    private(set) var opened: [URL] = []
    init(result: Bool) { self.result = result }
    func open(_ uri: URL) -> Bool {
        opened.append(uri)
        return result
    }
}

/// The initial view model registry (the original's HUBInitialViewModelRegistryTests).
final class InitialViewModelRegistryTests: XCTestCase, @unchecked Sendable {
    func testRegisteredViewModelIsReturnedForItsURIOnly() {
        MainActor.assumeIsolated {
            let registry = InitialViewModelRegistry()
            let uri = URL(string: "spotify:hub:framework")!
            let builder = LoadingFixtures.schema().makeViewModelBuilder()
            builder.navigationBarTitle = "initial"
            let viewModel = builder.build()
            registry.register(viewModel, forViewURI: uri)
            XCTAssertTrue(registry.initialViewModel(forViewURI: uri) === viewModel)
            XCTAssertNil(registry.initialViewModel(forViewURI: URL(string: "spotify:hub:other")!))
            registry.removeInitialViewModel(forViewURI: uri)
            XCTAssertNil(registry.initialViewModel(forViewURI: uri))
        }
    }
}

/// The block content operation (the original's HUBBlockContentOperationTests) and the block factory.
final class BlockContentOperationTests: XCTestCase, @unchecked Sendable {
    func testContextCarriesTheArgumentsAndTheCallersBuilder() {
        MainActor.assumeIsolated {
            let builder = LoadingFixtures.schema().makeViewModelBuilder()
            let previous = LoadingTestError("previous")
            var contexts: [ContentOperationContext] = []
            let operation = BlockContentOperation { context in
                contexts.append(context)
                context.viewModelBuilder.navigationBarTitle = "from the block"
            }
            let delegate = CountingOperationDelegate()
            operation.delegate = delegate
            operation.perform(forViewURI: LoadingFixtures.viewURI, featureInfo: LoadingFixtures.featureInfo,
                              connectivityState: .offline, viewModelBuilder: builder, previousError: previous)
            XCTAssertEqual(contexts.count, 1)
            let context = contexts[0]
            XCTAssertEqual(context.viewURI, LoadingFixtures.viewURI)
            XCTAssertEqual(context.featureInfo, LoadingFixtures.featureInfo)
            XCTAssertEqual(context.connectivityState, .offline)
            XCTAssertTrue(context.viewModelBuilder === builder)
            XCTAssertEqual(context.previousError as? LoadingTestError, previous)
            XCTAssertEqual(builder.navigationBarTitle, "from the block")
            XCTAssertEqual(delegate.finished, 1, "reports success at once")
            XCTAssertEqual(delegate.failed, 0)
            XCTAssertEqual(delegate.rescheduled, 0)
        }
    }

    func testBlockOperationSilencesThePreviousErrorInAChain() {
        MainActor.assumeIsolated {
            let failing = LoadingTestOperation("A", completion: .fail(LoadingTestError("a")))
            var seen: String?
            let block = BlockContentOperation { context in seen = loadingErrorName(context.previousError) }
            let (loader, recorder) = LoadingFixtures.loader([failing, block])
            loader.loadViewModel()
            XCTAssertEqual(seen, "a")
            XCTAssertEqual(recorder.events, ["load"])
        }
    }

    func testBlockFactoryRunsItsBlockEveryTime() {
        MainActor.assumeIsolated {
            var uris: [URL] = []
            let factory = BlockContentOperationFactory { uri in
                uris.append(uri)
                return [BlockContentOperation { _ in }, BlockContentOperation { _ in }]
            }
            let first = factory.createContentOperations(forViewURI: LoadingFixtures.viewURI)
            let second = factory.createContentOperations(forViewURI: URL(string: "spotify:other")!)
            XCTAssertEqual(first.count, 2)
            XCTAssertFalse(first[0] === second[0], "new operations per view")
            XCTAssertEqual(uris, [LoadingFixtures.viewURI, URL(string: "spotify:other")!])
        }
    }
}

/// Counts reports.
final class CountingOperationDelegate: ContentOperationDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var counts = (finished: 0, failed: 0, rescheduled: 0)
    var finished: Int { lock.withLock { counts.finished } }
    var failed: Int { lock.withLock { counts.failed } }
    var rescheduled: Int { lock.withLock { counts.rescheduled } }
    private var storedErrors: [any Error] = []

    func contentOperationDidFinish(_ operation: any ContentOperation) { lock.withLock { counts.finished += 1 } }
    func contentOperation(_ operation: any ContentOperation, didFailWithError error: any Error) {
        lock.withLock {
            counts.failed += 1
            storedErrors.append(error)
        }
    }
    func contentOperationRequiresRescheduling(_ operation: any ContentOperation) {
        lock.withLock { counts.rescheduled += 1 }
    }
    var lastError: (any Error)? { lock.withLock { storedErrors.last } }
}

/// The manual connectivity resolver.
final class ManualConnectivityStateResolverTests: XCTestCase, @unchecked Sendable {
    func testObserversHearOfActualChangesOnly() {
        MainActor.assumeIsolated {
            let resolver = ManualConnectivityStateResolver()
            XCTAssertEqual(resolver.resolveConnectivityState(), .online, "online by default")
            let observer = CountingConnectivityObserver()
            resolver.addObserver(observer)
            resolver.addObserver(observer)  // added once
            resolver.state = .online
            XCTAssertEqual(observer.states, [])
            resolver.state = .offline
            resolver.state = .offline
            resolver.state = .online
            XCTAssertEqual(observer.states, [.offline, .online])
            resolver.notifyObservers()
            XCTAssertEqual(observer.states, [.offline, .online, .online], "an explicit notification always goes out")
            resolver.removeObserver(observer)
            resolver.state = .offline
            XCTAssertEqual(observer.states.count, 3)
        }
    }

    func testObserversAreHeldWeakly() {
        MainActor.assumeIsolated {
            let resolver = ManualConnectivityStateResolver(state: .offline)
            weak var weakObserver: CountingConnectivityObserver?
            do {
                let observer = CountingConnectivityObserver()
                weakObserver = observer
                resolver.addObserver(observer)
            }
            XCTAssertNil(weakObserver)
            resolver.state = .online  // no crash, nobody to tell
            XCTAssertEqual(resolver.resolveConnectivityState(), .online)
        }
    }
}

@MainActor
final class CountingConnectivityObserver: ConnectivityStateResolverObserver {
    private(set) var states: [ConnectivityState] = []
    func connectivityStateResolverStateDidChange(_ resolver: any ConnectivityStateResolver) {
        states.append(resolver.resolveConnectivityState())
    }
}
