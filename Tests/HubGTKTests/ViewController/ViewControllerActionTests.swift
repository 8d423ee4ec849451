import CGtk
import Foundation
import HubFramework
import HubGTKTestSupport
import XCTest
@testable import GtkKit
@testable import HubGTK

/// A content operation that records the actions it observes and can perform actions itself.
@MainActor
final class ObservingOperation: ContentOperationActionObserver, ContentOperationActionPerformer {
    weak var delegate: (any ContentOperationDelegate)?
    weak var actionPerformer: (any ActionPerformer)?
    var observed: [ActionContext] = []
    let build: @MainActor (ViewModelBuilder) -> Void

    init(build: @escaping @MainActor (ViewModelBuilder) -> Void) { self.build = build }

    func perform(forViewURI viewURI: URL, featureInfo: FeatureInfo, connectivityState: ConnectivityState,
                 viewModelBuilder: ViewModelBuilder, previousError: (any Error)?)
    {
        build(viewModelBuilder)
        delegate?.contentOperationDidFinish(self)
    }

    func actionPerformed(with context: ActionContext, featureInfo: FeatureInfo, connectivityState: ConnectivityState) {
        observed.append(context)
    }
}

/// An asynchronous action finished by the test.
@MainActor
final class PendingAction: AsyncAction {
    weak var delegate: (any AsyncActionDelegate)?
    var performed: [ActionContext] = []
    func perform(with context: ActionContext) -> Bool {
        performed.append(context)
        return true
    }
    func finish(chainingTo next: Identifier?, customData: JSONObject?) {
        delegate?.actionDidFinish(self, chainingTo: next, customData: customData)
    }
}

/// A component that performs an action when told to.
@MainActor
final class ActingComponent: ComponentActionPerformer, ComponentActionObserver {
    let layoutTraits: Set<LayoutTrait> = [.fullWidth]
    private(set) var view: Widget?
    weak var actionPerformer: (any ActionPerformer)?
    var observed: [ActionContext] = []
    func loadView() { view = Label("acting") }
    func preferredViewSize(forDisplaying model: ComponentModel, containerViewSize: Size) -> Size {
        Size(width: containerViewSize.width, height: 40)
    }
    func prepareViewForReuse() {}
    func configureView(with model: ComponentModel, containerViewSize: Size) {}
    func actionPerformed(with context: ActionContext) { observed.append(context) }
}

final class ViewControllerActionTests: GtkTestCase, @unchecked Sendable {
    @MainActor
    private func open(_ hub: Hub, operation: any ContentOperation, handler: (any ActionHandler)? = nil)
        throws -> (ViewController, WidgetPointer)
    {
        let uri = URL(string: "test:actions")!
        try hub.featureRegistry.registerFeature(
            identifier: "actions", viewURIPredicate: ViewURIPredicate(viewURI: uri), title: "Actions",
            contentOperationFactories: [BlockContentOperationFactory { _ in [operation] }], actionHandler: handler)
        let controller = try XCTUnwrap(try hub.viewControllerFactory.createViewController(forViewURI: uri))
        let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        gtk_window_set_default_size(hub_window(window), 400, 300)
        gtk_container_add(hub_container(window), controller.view.gtkWidget)
        gtk_widget_show_all(window)
        controller.viewWillAppear()
        pump(until: { controller.liveBodyComponentCount > 0 }, "components")
        return (controller, window)
    }

    @MainActor
    private final class Opener: URIOpener {
        var opened: [URL] = []
        var registryDuringOpen: ViewModel?
        weak var registry: InitialViewModelRegistry?
        func open(_ uri: URL) -> Bool {
            opened.append(uri)
            registryDuringOpen = registry?.initialViewModel(forViewURI: uri)
            return true
        }
    }

    func testSelectionRunsTargetActionsInOrderThenTheDefaultAction() throws {
        try onMain {
            let hub = Hub(componentMargin: 0) { _ in RowComponent() }
            let opener = Opener()
            opener.registry = hub.manager.initialViewModelRegistry
            hub.manager.uriOpener = opener
            var calls: [String] = []
            try hub.actionRegistry.registerActionFactory(BlockActionFactory { name in
                BlockAction { _ in
                    calls.append(name)
                    return name == "handles"
                }
            }, forNamespace: "test")
            let operation = ObservingOperation { builder in
                let row = builder.bodyComponentModelBuilder(withIdentifier: "a")
                row.title = "A"
                row.targetBuilder.uri = URL(string: "test:destination")!
                row.targetBuilder.addAction(namespace: "test", name: "declines")
                let b = builder.bodyComponentModelBuilder(withIdentifier: "b")
                b.targetBuilder.addAction(namespace: "test", name: "handles")
                b.targetBuilder.addAction(namespace: "test", name: "never")
                b.targetBuilder.uri = URL(string: "test:other")!
                let c = builder.bodyComponentModelBuilder(withIdentifier: "c")
                c.targetBuilder.uri = URL(string: "test:initial")!
                c.targetBuilder.initialViewModelBuilder.navigationBarTitle = "Skeleton"
                builder.bodyComponentModelBuilder(withIdentifier: "d").title = "no target"
            }
            let (controller, window) = try open(hub, operation: operation)
            defer { controller.tearDown(); gtk_widget_destroy(window) }
            let models = controller.viewModel!.bodyComponentModels

            XCTAssertTrue(controller.selectComponent(with: models[0]))
            XCTAssertEqual(calls, ["declines"])
            XCTAssertEqual(opener.opened, [URL(string: "test:destination")!], "the default action opens the target")

            calls.removeAll()
            XCTAssertTrue(controller.selectComponent(with: models[1]))
            XCTAssertEqual(calls, ["handles"], "stops at the first action that handles it")
            XCTAssertEqual(opener.opened.count, 1, "and the default action does not run")

            XCTAssertTrue(controller.selectComponent(with: models[2]))
            XCTAssertEqual(opener.registryDuringOpen?.navigationTitle, "Skeleton",
                           "the target's initial view model is registered while the destination opens")
            XCTAssertNil(hub.manager.initialViewModelRegistry.initialViewModel(forViewURI: URL(string: "test:initial")!))

            XCTAssertFalse(controller.selectComponent(with: models[3]), "no target: nothing handles it")
            // Content operations observe every action, including ones no factory creates.
            XCTAssertEqual(operation.observed.count, 5)
            XCTAssertEqual(operation.observed.map(\.trigger), Array(repeating: .selection, count: 5))
        }
    }

    func testFeatureActionHandlerCanVetoTheActionObject() throws {
        try onMain {
            let hub = Hub(componentMargin: 0) { _ in RowComponent() }
            var actionRan = false
            try hub.actionRegistry.registerActionFactory(BlockActionFactory { _ in
                BlockAction { _ in actionRan = true; return true }
            }, forNamespace: "test")
            var handled: [ActionContext] = []
            let handler = BlockActionHandler { context in
                handled.append(context)
                return true
            }
            let operation = ObservingOperation { builder in
                builder.bodyComponentModelBuilder(withIdentifier: "a").targetBuilder.addAction(namespace: "test",
                                                                                              name: "act")
            }
            let (controller, window) = try open(hub, operation: operation, handler: handler)
            defer { controller.tearDown(); gtk_widget_destroy(window) }
            let model = controller.viewModel!.bodyComponentModels[0]
            XCTAssertTrue(controller.selectComponent(with: model, customData: ["from": "test"]))
            XCTAssertFalse(actionRan, "the handler returned true, so the action object did not run")
            XCTAssertEqual(handled.first?.componentModel?.identifier, "a")
            XCTAssertEqual(handled.first?.customData, ["from": "test"])
            XCTAssertTrue(handled.first?.viewController === controller)
            XCTAssertEqual(handled.first?.viewURI, URL(string: "test:actions")!)
            XCTAssertEqual(operation.observed.count, 1)
        }
    }

    func testComponentsAndContentOperationsPerformActions() throws {
        try onMain {
            let hub = Hub(componentMargin: 0) { _ in RowComponent() }
            let factory = BlockComponentFactory()
            var acting: ActingComponent?
            factory.register("acting") {
                let component = ActingComponent()
                acting = component
                return component
            }
            try hub.componentRegistry.registerComponentFactory(factory, forNamespace: "test")
            var triggers: [ActionTrigger] = []
            try hub.actionRegistry.registerActionFactory(BlockActionFactory { _ in
                BlockAction { context in triggers.append(context.trigger); return true }
            }, forNamespace: "do")
            let operation = ObservingOperation { builder in
                let row = builder.bodyComponentModelBuilder(withIdentifier: "acting")
                row.componentNamespace = "test"
                row.componentName = "acting"
            }
            let (controller, window) = try open(hub, operation: operation)
            defer { controller.tearDown(); gtk_widget_destroy(window) }
            let component = try XCTUnwrap(acting)
            XCTAssertTrue(component.actionPerformer?.performAction(
                withIdentifier: Identifier(namespace: "do", name: "it"), customData: ["k": 1]) ?? false)
            XCTAssertEqual(triggers, [.component])
            XCTAssertEqual(operation.observed.last?.componentModel?.identifier, "acting")
            XCTAssertEqual(component.observed.last?.customActionIdentifier, Identifier(namespace: "do", name: "it"),
                           "visible components observe actions too")

            XCTAssertTrue(operation.actionPerformer?.performAction(
                withIdentifier: Identifier(namespace: "do", name: "more"), customData: nil) ?? false)
            XCTAssertEqual(triggers, [.component, .contentOperation])
            XCTAssertNil(operation.observed.last?.componentModel)
            // An action with no factory still reaches observers.
            XCTAssertFalse(operation.actionPerformer?.performAction(
                withIdentifier: Identifier(namespace: "nobody", name: "home"), customData: nil) ?? true)
            XCTAssertEqual(operation.observed.last?.customActionIdentifier, Identifier(namespace: "nobody", name: "home"))
        }
    }

    func testAsyncActionIsKeptAliveAndChainsWithTheOriginalTrigger() throws {
        try onMain {
            let hub = Hub(componentMargin: 0) { _ in RowComponent() }
            weak var weakAction: PendingAction?
            try hub.actionRegistry.registerActionFactory(BlockActionFactory { name in
                guard name == "ask" else { return nil }
                let action = PendingAction()
                weakAction = action
                return action
            }, forNamespace: "async")
            let operation = ObservingOperation { builder in _ = builder.bodyComponentModelBuilder(withIdentifier: "a") }
            let (controller, window) = try open(hub, operation: operation)
            defer { controller.tearDown(); gtk_widget_destroy(window) }
            XCTAssertTrue(operation.actionPerformer?.performAction(
                withIdentifier: Identifier(namespace: "async", name: "ask"), customData: nil) ?? false)
            XCTAssertNotNil(weakAction, "the framework keeps the async action alive")
            weakAction?.finish(chainingTo: Identifier(namespace: "async", name: "done"), customData: ["item": "Milk"])
            let chained = try XCTUnwrap(operation.observed.last)
            XCTAssertEqual(chained.customActionIdentifier, Identifier(namespace: "async", name: "done"))
            XCTAssertEqual(chained.customData, ["item": "Milk"])
            XCTAssertEqual(chained.trigger, .contentOperation, "chained actions keep the original trigger")
            XCTAssertNil(weakAction, "released once finished")
        }
    }

    func testKeyboardMovesFocusAndEnterSelects() throws {
        try onMain {
            let hub = Hub(componentMargin: 0) { _ in RowComponent() }
            let opener = Opener()
            hub.manager.uriOpener = opener
            let operation = ObservingOperation { builder in
                for index in 0..<40 {
                    let row = builder.bodyComponentModelBuilder(withIdentifier: "row-\(index)")
                    row.title = "Row \(index)"
                    row.targetBuilder.uri = URL(string: "test:row-\(index)")!
                }
            }
            let (controller, window) = try open(hub, operation: operation)
            defer { controller.tearDown(); gtk_widget_destroy(window) }
            XCTAssertTrue(controller.focusBodyComponent(at: 0))
            XCTAssertEqual(controller.focusedBodyIndex, 0)
            for _ in 0..<3 {
                press(key: GDK_KEY_Down, to: controller.cellWidget(atBodyIndex: controller.focusedBodyIndex!)!)
            }
            XCTAssertEqual(controller.focusedBodyIndex, 3)
            press(key: GDK_KEY_Tab, to: controller.cellWidget(atBodyIndex: 3)!)
            XCTAssertEqual(controller.focusedBodyIndex, 4)
            press(key: GDK_KEY_Up, to: controller.cellWidget(atBodyIndex: 4)!)
            XCTAssertEqual(controller.focusedBodyIndex, 3)
            // Moving far down scrolls the focused component into view.
            for _ in 0..<30 {
                press(key: GDK_KEY_Down, to: controller.cellWidget(atBodyIndex: controller.focusedBodyIndex!)!)
            }
            XCTAssertEqual(controller.focusedBodyIndex, 33)
            let frame = controller.frame(ofBodyComponentAt: 33)
            XCTAssertLessThanOrEqual(frame.maxY, controller.contentOffset.y + controller.canvas.viewportSize.height)
            press(key: GDK_KEY_Return, to: controller.cellWidget(atBodyIndex: 33)!)
            XCTAssertEqual(opener.opened, [URL(string: "test:row-33")!])
            // Rows expose their title to assistive technologies.
            let accessible = gtk_widget_get_accessible(controller.cellWidget(atBodyIndex: 33)!)
            XCTAssertEqual(String(cString: atk_object_get_name(accessible)), "Row 33")
            XCTAssertEqual(atk_object_get_role(accessible), ATK_ROLE_LIST_ITEM)
        }
    }

    func testPressHighlightsAndReleaseSelects() throws {
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            harness.register("row") { RecordingComponent() }
            let controller = try harness.open { addRows($0, count: 5) }
            pump(until: { controller.liveBodyComponentCount > 0 }, "rows")
            let cell = try XCTUnwrap(controller.cellWidget(atBodyIndex: 2))
            pump(until: { gtk_widget_get_allocated_height(cell) > 1 }, "allocated")
            let component = try XCTUnwrap(controller.liveComponent(atBodyIndex: 2) as? RecordingComponent)
            component.clearEvents()
            click(cell)
            XCTAssertEqual(component.events, [.selection(.highlighted), .selection(.selected)])
            pump(until: { component.events.last == .selection(.none) }, timeout: 2, "selection to clear")
            component.clearEvents()
            click(cell, dragBy: 40)
            XCTAssertEqual(component.events, [.selection(.highlighted), .selection(.none)], "a drag cancels")
        }
    }
}
