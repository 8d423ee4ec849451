import Foundation
import XCTest

@testable import HubFramework

/// The original's HUBViewModelLoaderFactoryTests and the toolkit-free parts of its HUBManagerTests,
/// and the getting-started guide's feature set-up.
final class ViewModelLoaderFactoryTests: XCTestCase, @unchecked Sendable {
    private let featureURI = URL(string: "spotify:hub:framework")!

    @MainActor
    private func makeFactory(
        registry: FeatureRegistry, schemas: JSONSchemaRegistry = JSONSchemaRegistry(defaultSchema: LoadingFixtures.schema()),
        initial: InitialViewModelRegistry = InitialViewModelRegistry(), policy: (any ContentReloadPolicy)? = nil,
        prepended: (any ContentOperationFactory)? = nil, appended: (any ContentOperationFactory)? = nil
    ) -> ViewModelLoaderFactory {
        ViewModelLoaderFactory(featureRegistry: registry, jsonSchemaRegistry: schemas, initialViewModelRegistry: initial,
                               defaultContentReloadPolicy: policy, prependedContentOperationFactory: prepended,
                               appendedContentOperationFactory: appended,
                               connectivityStateResolver: ManualConnectivityStateResolver())
    }

    func testLoaderForARegisteredURIOnly() throws {
        try MainActor.assumeIsolated {
            let registry = FeatureRegistry()
            try registry.registerFeature(
                identifier: "feature", viewURIPredicate: ViewURIPredicate(viewURI: featureURI), title: "Feature",
                contentOperationFactories: [BlockContentOperationFactory { _ in [LoadingTestOperation("A")] }])
            let factory = makeFactory(registry: registry)
            XCTAssertTrue(factory.canCreateViewModelLoader(forViewURI: featureURI))
            let loader = try factory.createViewModelLoader(forViewURI: featureURI)
            XCTAssertEqual(loader?.viewURI, featureURI)
            XCTAssertEqual(loader?.featureInfo, FeatureInfo(identifier: "feature", title: "Feature"))

            let unknown = URL(string: "spotify:unrecognized")!
            XCTAssertFalse(factory.canCreateViewModelLoader(forViewURI: unknown))
            XCTAssertNil(try factory.createViewModelLoader(forViewURI: unknown))
        }
    }

    func testFactoriesThatCreateNoOperationsThrow() throws {
        try MainActor.assumeIsolated {
            let registry = FeatureRegistry()
            try registry.registerFeature(
                identifier: "hollow", viewURIPredicate: ViewURIPredicate { _ in true }, title: "Hollow",
                contentOperationFactories: [BlockContentOperationFactory { _ in [] }])
            XCTAssertThrowsError(try makeFactory(registry: registry).createViewModelLoader(forViewURI: featureURI)) {
                error in
                let registrationError = error as? RegistrationError
                XCTAssertEqual(registrationError?.identifier, "hollow", "the message names the feature")
                XCTAssertEqual(registrationError?.kind, "content loading chain")
            }

            // The manager's own operations make the chain non-empty.
            let withAppended = makeFactory(
                registry: registry, appended: BlockContentOperationFactory { _ in [LoadingTestOperation("X")] })
            XCTAssertNotNil(try withAppended.createViewModelLoader(forViewURI: featureURI))
        }
    }

    func testPrependedFeatureAndAppendedOperationsFormOneChain() throws {
        try MainActor.assumeIsolated {
            let prepended = LoadingTestOperation("P", completion: .fail(LoadingTestError("p")))
            let featureOp = LoadingTestOperation("F", completion: .fail(LoadingTestError("f")))
            let appended = LoadingTestOperation("X")
            let registry = FeatureRegistry()
            try registry.registerFeature(
                identifier: "feature", viewURIPredicate: ViewURIPredicate { _ in true }, title: "Feature",
                contentOperationFactories: [BlockContentOperationFactory { _ in [featureOp] }])
            let factory = makeFactory(registry: registry, prepended: BlockContentOperationFactory { _ in [prepended] },
                                      appended: BlockContentOperationFactory { _ in [appended] })
            let loader = try XCTUnwrap(factory.createViewModelLoader(forViewURI: featureURI))
            let recorder = LoadingRecorder()
            loader.delegate = recorder
            loader.loadViewModel()
            XCTAssertEqual([prepended.performCount, featureOp.performCount, appended.performCount], [1, 1, 1])
            XCTAssertEqual(prepended.previousErrorNames, [nil])
            XCTAssertEqual(featureOp.previousErrorNames, ["p"])
            XCTAssertEqual(appended.previousErrorNames, ["f"])
            XCTAssertEqual(recorder.events, ["load"])
        }
    }

    // The content guide: factories 1 and 2 each create A and B; the chain is A1, B1, A2, B2.
    func testFactoryOrderIsChainOrder() throws {
        try MainActor.assumeIsolated {
            let order = LoadingValue<[String]>([])
            @MainActor func factory(_ number: Int) -> BlockContentOperationFactory {
                BlockContentOperationFactory { _ in
                    ["A", "B"].map { letter in
                        LoadingTestOperation("\(letter)\(number)") { _, _ in order.value.append("\(letter)\(number)") }
                    }
                }
            }
            let registry = FeatureRegistry()
            try registry.registerFeature(identifier: "feature", viewURIPredicate: ViewURIPredicate { _ in true },
                                         title: "Feature", contentOperationFactories: [factory(1), factory(2)])
            let loader = try XCTUnwrap(makeFactory(registry: registry).createViewModelLoader(forViewURI: featureURI))
            loader.loadViewModel()
            XCTAssertEqual(order.value, ["A1", "B1", "A2", "B2"])
        }
    }

    func testFactoriesAreAskedWithTheViewURIForEveryLoader() throws {
        try MainActor.assumeIsolated {
            let asked = LoadingValue<[URL]>([])
            let registry = FeatureRegistry()
            try registry.registerFeature(
                identifier: "feature", viewURIPredicate: ViewURIPredicate(rootViewURI: featureURI), title: "Feature",
                contentOperationFactories: [BlockContentOperationFactory { uri in
                    asked.value.append(uri)
                    return [LoadingTestOperation("A")]
                }])
            let factory = makeFactory(registry: registry)
            let sub = URL(string: "spotify:hub:framework:sub")!
            _ = try factory.createViewModelLoader(forViewURI: featureURI)
            _ = try factory.createViewModelLoader(forViewURI: sub)
            XCTAssertEqual(asked.value, [featureURI, sub])
        }
    }

    func testCustomSchemaIsUsedAndUnknownIdentifiersFallBack() throws {
        try MainActor.assumeIsolated {
            let schemas = JSONSchemaRegistry(defaultSchema: LoadingFixtures.schema())
            let custom = JSONSchema(componentDefaults: ComponentDefaults(namespace: "custom", name: "thing", category: "card"),
                                    iconImageResolver: nil, localImageResolver: nil)
            try schemas.registerCustomSchema(custom, forIdentifier: "custom")
            let registry = FeatureRegistry()
            @MainActor func register(_ id: String, uri: String, schema: String?) throws {
                try registry.registerFeature(
                    identifier: id, viewURIPredicate: ViewURIPredicate(viewURI: URL(string: uri)!), title: id,
                    contentOperationFactories: [BlockContentOperationFactory { _ in
                        [BlockContentOperation { context in
                            XCTAssertEqual(try? context.viewModelBuilder.addJSON(data: Data(#"[{"id": "json"}]"#.utf8)), [])
                        }]
                    }], customJSONSchemaIdentifier: schema)
            }
            try register("custom", uri: "hub:custom", schema: "custom")
            try register("unknown", uri: "hub:unknown", schema: "no such schema")
            try register("default", uri: "hub:default", schema: nil)
            let factory = makeFactory(registry: registry, schemas: schemas)
            var identifiers: [String] = []
            for uri in ["hub:custom", "hub:unknown", "hub:default"] {
                let loader = try XCTUnwrap(factory.createViewModelLoader(forViewURI: URL(string: uri)!))
                let recorder = LoadingRecorder()
                loader.delegate = recorder
                loader.loadViewModel()
                identifiers.append(recorder.lastViewModel?.bodyComponentModels.first?.componentIdentifier.description ?? "-")
            }
            XCTAssertEqual(identifiers, ["custom:thing", "namespace:name", "namespace:name"])
        }
    }

    func testInitialViewModelFromTheRegistryIsInjected() throws {
        try MainActor.assumeIsolated {
            let registry = FeatureRegistry()
            let op = LoadingInitialContentOperation("A")
            try registry.registerFeature(identifier: "feature", viewURIPredicate: ViewURIPredicate { _ in true },
                                         title: "Feature", contentOperationFactories: [BlockContentOperationFactory { _ in [op] }])
            let initial = InitialViewModelRegistry()
            let builder = LoadingFixtures.schema().makeViewModelBuilder()
            builder.navigationBarTitle = "from the selected component"
            let injected = builder.build()
            initial.register(injected, forViewURI: featureURI)
            let factory = makeFactory(registry: registry, initial: initial)
            let loader = try XCTUnwrap(factory.createViewModelLoader(forViewURI: featureURI))
            XCTAssertTrue(loader.initialViewModel === injected)
            XCTAssertEqual(op.initialContentCount, 0)
            let other = try XCTUnwrap(factory.createViewModelLoader(forViewURI: URL(string: "spotify:elsewhere")!))
            XCTAssertFalse(other.initialViewModel === injected)
        }
    }

    // The toolkit-free part: a feature without a policy uses the manager's default.
    func testFeatureWithoutPolicyUsesTheDefaultPolicy() throws {
        try MainActor.assumeIsolated {
            let registry = FeatureRegistry()
            let op = LoadingTestOperation("A")
            let ownPolicyOp = LoadingTestOperation("B")
            let ownPolicy = LoadingReloadPolicy(answer: true)
            try registry.registerFeature(
                identifier: "own", viewURIPredicate: ViewURIPredicate(viewURI: URL(string: "hub:own")!), title: "Own",
                contentOperationFactories: [BlockContentOperationFactory { _ in [ownPolicyOp] }],
                contentReloadPolicy: ownPolicy)
            try registry.registerFeature(identifier: "feature", viewURIPredicate: ViewURIPredicate { _ in true },
                                         title: "Feature", contentOperationFactories: [BlockContentOperationFactory { _ in [op] }])

            let defaultPolicy = LoadingReloadPolicy(answer: false)
            let factory = makeFactory(registry: registry, policy: defaultPolicy)
            let loader = try XCTUnwrap(factory.createViewModelLoader(forViewURI: featureURI))
            loader.loadViewModel()
            loader.loadViewModel()
            XCTAssertEqual(defaultPolicy.askedViewURIs, [featureURI], "asked once, with the view URI")
            XCTAssertEqual(op.performCount, 1)

            let ownLoader = try XCTUnwrap(factory.createViewModelLoader(forViewURI: URL(string: "hub:own")!))
            ownLoader.loadViewModel()
            ownLoader.loadViewModel()
            XCTAssertEqual(ownPolicy.askedViewURIs.count, 1)
            XCTAssertEqual(ownPolicyOp.performCount, 2)
            XCTAssertEqual(defaultPolicy.askedViewURIs.count, 1, "the feature's own policy wins")
        }
    }

    func testLoaderForExplicitOperations() throws {
        try MainActor.assumeIsolated {
            let appended = LoadingTestOperation("X")
            let factory = makeFactory(registry: FeatureRegistry(),
                                      appended: BlockContentOperationFactory { _ in [appended] })
            let op = LoadingTestOperation("A", addsComponent: "a")
            let info = FeatureInfo(identifier: "identifier", title: "Title")
            let loader = try factory.createViewModelLoader(forViewURI: URL(string: "hub:live")!, contentOperations: [op],
                                                           featureInfo: info)
            let recorder = LoadingRecorder()
            loader.delegate = recorder
            loader.loadViewModel()
            XCTAssertEqual(op.lastFeatureInfo, info)
            XCTAssertEqual(appended.performCount, 1, "the manager's operations still apply")
            XCTAssertEqual(recorder.lastViewModel?.navigationTitle, "Title")
            XCTAssertThrowsError(try makeFactory(registry: FeatureRegistry()).createViewModelLoader(
                forViewURI: URL(string: "hub:live")!, contentOperations: [], featureInfo: info))
        }
    }
}

final class HubManagerTests: XCTestCase, @unchecked Sendable {
    func testManagerCreatesItsRegistriesAndFactories() {
        MainActor.assumeIsolated {
            let manager = HubManager(componentMargin: 15)
            XCTAssertTrue(manager.featureRegistry.allRegistrations.isEmpty)
            XCTAssertTrue(manager.actionRegistry.selectionAction is SelectionAction)
            XCTAssertNotNil(manager.jsonSchemaRegistry.defaultSchema)
            XCTAssertNil(manager.initialViewModelRegistry.initialViewModel(forViewURI: URL(string: "hub:x")!))
            XCTAssertFalse(manager.viewModelLoaderFactory.canCreateViewModelLoader(forViewURI: URL(string: "hub:x")!))
            XCTAssertEqual(manager.connectivityStateResolver.resolveConnectivityState(), .online,
                           "the default resolver says online")
            XCTAssertNil(manager.defaultActionHandler)
        }
    }

    // The toolkit-free part: the margin reaches the layout manager; models get the default:row defaults.
    func testComponentMarginConvenience() throws {
        try MainActor.assumeIsolated {
            let manager = HubManager(componentMargin: 15)
            XCTAssertEqual(manager.layoutManager.margin(forTraits: [], toContentEdge: .top), 15)
            XCTAssertEqual(manager.layoutManager.margin(forTraits: [], toContentEdge: .left), 15)
            XCTAssertEqual(manager.componentDefaults, ComponentDefaults(namespace: "default", name: "row", category: .row))

            try manager.featureRegistry.registerFeature(
                identifier: "feature", viewURIPredicate: ViewURIPredicate { _ in true }, title: "Feature",
                contentOperationFactories: [BlockContentOperationFactory { _ in
                    [BlockContentOperation { $0.viewModelBuilder.bodyComponentModelBuilder(withIdentifier: "one").title = "1" }]
                }])
            let loader = try XCTUnwrap(manager.viewModelLoaderFactory.createViewModelLoader(forViewURI: URL(string: "hub:a")!))
            let recorder = LoadingRecorder()
            loader.delegate = recorder
            loader.loadViewModel()
            let model = try XCTUnwrap(recorder.lastViewModel?.bodyComponentModels.first)
            XCTAssertEqual(model.componentIdentifier.namespacePart, "default")
            XCTAssertEqual(model.componentIdentifier.namePart, "row")
            XCTAssertEqual(model.componentCategory, .row)
            XCTAssertEqual(manager.makeViewModelBuilder().componentDefaults, manager.componentDefaults)
        }
    }

    func testCustomSelectionActionIsTheRegistrysSelectionAction() {
        MainActor.assumeIsolated {
            var configuration = HubManager.Configuration(componentMargin: 8)
            let action = BlockAction { _ in true }
            configuration.selectionAction = action
            let manager = HubManager(configuration: configuration)
            XCTAssertTrue(manager.actionRegistry.selectionAction === action)
        }
    }

    func testConfigurationObjectsAreUsed() throws {
        try MainActor.assumeIsolated {
            let resolver = ManualConnectivityStateResolver(state: .offline)
            let handler = BlockActionHandler { _ in true }
            let policy = LoadingReloadPolicy(answer: false)
            let prepended = LoadingTestOperation("P")
            let appended = LoadingTestOperation("X")
            var configuration = HubManager.Configuration(
                layoutManager: DefaultComponentLayoutManager(margin: 3),
                componentDefaults: ComponentDefaults(namespace: "ns", name: "n", category: "c"))
            configuration.connectivityStateResolver = resolver
            configuration.defaultActionHandler = handler
            configuration.defaultContentReloadPolicy = policy
            configuration.prependedContentOperationFactory = BlockContentOperationFactory { _ in [prepended] }
            configuration.appendedContentOperationFactory = BlockContentOperationFactory { _ in [appended] }
            let manager = HubManager(configuration: configuration)
            XCTAssertTrue(manager.connectivityStateResolver === resolver)
            XCTAssertTrue(manager.defaultActionHandler === handler)
            XCTAssertEqual(manager.layoutManager.margin(forTraits: [], toContentEdge: .top), 3)

            let feature = LoadingTestOperation("F")
            try manager.featureRegistry.registerFeature(
                identifier: "f", viewURIPredicate: ViewURIPredicate { _ in true }, title: "F",
                contentOperationFactories: [BlockContentOperationFactory { _ in [feature] }])
            let loader = try XCTUnwrap(manager.viewModelLoaderFactory.createViewModelLoader(forViewURI: URL(string: "hub:f")!))
            loader.loadViewModel()
            loader.loadViewModel()
            XCTAssertEqual([prepended.performCount, feature.performCount, appended.performCount], [1, 1, 1])
            XCTAssertEqual(feature.connectivityStates, [.offline])
            XCTAssertEqual(policy.askedViewURIs.count, 1)
        }
    }

    func testURIOpenerReachesTheDefaultSelectionAction() {
        MainActor.assumeIsolated {
            let manager = HubManager(componentMargin: 0)
            let opener = TestURIOpener(result: true)
            manager.uriOpener = opener
            XCTAssertTrue((manager.actionRegistry.selectionAction as? SelectionAction)?.opener === opener)
        }
    }

    // The getting-started guide's Cities feature: register, open the view, see the title.
    func testGettingStartedCitiesFeature() throws {
        try MainActor.assumeIsolated {
            let manager = HubManager(componentMargin: 10)
            let viewURI = URL(string: "cities:overview")!
            try manager.featureRegistry.registerFeature(
                identifier: "cities", viewURIPredicate: ViewURIPredicate(viewURI: viewURI), title: "Cities",
                contentOperationFactories: [BlockContentOperationFactory { _ in
                    [BlockContentOperation { context in
                        context.viewModelBuilder.navigationBarTitle = context.featureInfo.title
                        for (city, country) in [("Madrid", "Spain"), ("Rome", "Italy"), ("Berlin", "Germany"),
                                                ("Amsterdam", "The Netherlands")]
                        {
                            let row = context.viewModelBuilder.bodyComponentModelBuilder(withIdentifier: city)
                            row.componentNamespace = "cities"
                            row.componentName = "row"
                            row.title = city
                            row.subtitle = country
                        }
                    }]
                }])
            let loader = try XCTUnwrap(manager.viewModelLoaderFactory.createViewModelLoader(forViewURI: viewURI))
            let recorder = LoadingRecorder()
            loader.delegate = recorder
            loader.loadViewModel()
            let viewModel = try XCTUnwrap(recorder.lastViewModel)
            XCTAssertEqual(viewModel.navigationTitle, "Cities")
            XCTAssertEqual(viewModel.bodyComponentModels.map(\.title), ["Madrid", "Rome", "Berlin", "Amsterdam"])
            XCTAssertEqual(viewModel.bodyComponentModels.first?.componentIdentifier.description, "cities:row")
        }
    }
}
