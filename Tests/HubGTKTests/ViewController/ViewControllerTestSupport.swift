import CGtk
import Foundation
import HubFramework
import HubGTKTestSupport
import XCTest
@testable import GtkKit
@testable import HubGTK

/// A component that records its lifecycle, for view controller tests.
@MainActor
final class RecordingComponent: ComponentWithRestorableUIState, ComponentViewObserver, ComponentContentOffsetObserver,
    ComponentWithSelectionState
{
    enum Event: Equatable {
        case loadView
        case prepareForReuse
        case configure(String)
        case restore(String)
        case willAppear
        case resize
        case offset(Double)
        case selection(SelectionState)
    }

    let layoutTraits: Set<LayoutTrait>
    private(set) var view: Widget?
    private(set) var events: [Event] = []
    private(set) var model: ComponentModel?
    var height: Double
    var uiState: String?
    private var label: Label?

    init(traits: Set<LayoutTrait> = [.fullWidth, .stackable], height: Double = 50) {
        layoutTraits = traits
        self.height = height
    }

    func loadView() {
        events.append(.loadView)
        let label = Label()
        self.label = label
        view = label
    }

    func preferredViewSize(forDisplaying model: ComponentModel, containerViewSize: Size) -> Size {
        let height = model.customData?["height"]?.doubleValue ?? self.height
        let width = model.customData?["width"]?.doubleValue ?? containerViewSize.width
        return Size(width: width, height: height)
    }

    func prepareViewForReuse() {
        events.append(.prepareForReuse)
        uiState = nil
    }

    func configureView(with model: ComponentModel, containerViewSize: Size) {
        events.append(.configure(model.identifier))
        self.model = model
        label?.text = model.title ?? model.identifier
    }

    func currentUIState() -> Any? { uiState }

    func restoreUIState(_ state: Any) {
        uiState = state as? String
        events.append(.restore(uiState ?? "?"))
    }

    func viewDidResize() { events.append(.resize) }
    func viewWillAppear() { events.append(.willAppear) }
    func updateView(forChangedContentOffset contentOffset: Point) { events.append(.offset(contentOffset.y)) }
    func updateView(forSelectionState state: SelectionState) { events.append(.selection(state)) }

    func clearEvents() { events.removeAll() }
}

/// A component with children created through the child delegate, laid out in a row.
@MainActor
final class ParentComponent: ComponentWithChildren {
    let layoutTraits: Set<LayoutTrait> = [.fullWidth]
    var view: Widget? { row }
    private var row: HubGTK.Box?
    weak var childDelegate: (any ComponentChildDelegate)?
    private(set) var children: [any Component] = []

    func loadView() {
        row = HubGTK.Box(.horizontal, spacing: 4)
    }

    func preferredViewSize(forDisplaying model: ComponentModel, containerViewSize: Size) -> Size {
        Size(width: containerViewSize.width, height: 80)
    }

    func prepareViewForReuse() {
        guard let row else { return }
        for child in Gtk.children(of: row.gtkWidget) { gtk_container_remove(hub_container(row.gtkWidget), child) }
        children.removeAll()
    }

    func configureView(with model: ComponentModel, containerViewSize: Size) {
        guard let row else { return }
        for childModel in model.children {
            guard let child = childDelegate?.component(self, childComponentFor: childModel), let childView = child.view
            else { continue }
            children.append(child)
            row.append(childView, fill: false)
            childDelegate?.component(self, willDisplayChildAt: childModel.index, view: childView)
        }
    }
}

/// Records view controller delegate calls.
@MainActor
final class RecordingViewControllerDelegate: ViewControllerDelegate {
    var appeared: [String] = []
    var disappeared: [String] = []
    var selected: [String] = []
    var actions: [ActionContext] = []
    var updates = 0
    var failures: [String] = []
    var rendered = 0
    var manageTopInset = true
    /// Where overlays are centred; nil keeps the proposed point.
    var overlayCenter: Point?

    func viewController(_ viewController: ViewController, componentWith model: ComponentModel,
                        layoutTraits: Set<LayoutTrait>, willAppearIn view: Widget) { appeared.append(model.identifier) }
    func viewController(_ viewController: ViewController, componentWith model: ComponentModel,
                        layoutTraits: Set<LayoutTrait>, didDisappearFrom view: Widget)
    { disappeared.append(model.identifier) }
    func viewController(_ viewController: ViewController, componentSelectedWith model: ComponentModel) {
        selected.append(model.identifier)
    }
    func viewController(_ viewController: ViewController, didPerformActionWith context: ActionContext) {
        actions.append(context)
    }
    func viewControllerDidUpdate(_ viewController: ViewController) { updates += 1 }
    func viewController(_ viewController: ViewController, didFailToUpdateWith error: any Error) {
        failures.append(String(describing: error))
    }
    func viewControllerDidFinishRendering(_ viewController: ViewController) { rendered += 1 }
    func viewControllerShouldAutomaticallyManageTopContentInset(_ viewController: ViewController) -> Bool {
        manageTopInset
    }
    func viewController(_ viewController: ViewController, centerPointForOverlayComponentAt proposed: Point) -> Point {
        overlayCenter ?? proposed
    }
}

/// A hub with a `test` component namespace, for building view controllers in tests.
@MainActor
final class ViewControllerHarness {
    let hub: Hub
    let factory = BlockComponentFactory()
    var window: WidgetPointer?
    var controller: ViewController?
    let delegate = RecordingViewControllerDelegate()
    /// Every component the factory created, by name.
    private(set) var created: [String: [any Component]] = [:]
    private(set) var fallbacks: [ComponentCategory] = []

    init(margin: Double = 0) {
        var fallbacks: [ComponentCategory] = []
        hub = Hub(componentMargin: margin) { category in
            fallbacks.append(category)
            return RowComponent()
        }
        self.fallbacks = fallbacks
        try! hub.componentRegistry.registerComponentFactory(factory, forNamespace: "test")
    }

    /// Registers a component name; every creation is recorded.
    func register(_ name: String, _ make: @escaping @MainActor () -> any Component) {
        factory.register(name) { [weak self] in
            let component = make()
            self?.created[name, default: []].append(component)
            return component
        }
    }

    /// Registers a feature at `uri` whose single operation runs `build`, and opens it in a window.
    @discardableResult
    func open(uri: String = "test:view", width: Int32 = 400, height: Int32 = 300,
              build: @escaping @MainActor (ViewModelBuilder) -> Void) throws -> ViewController
    {
        let url = URL(string: uri)!
        let operation = BlockContentOperation { context in build(context.viewModelBuilder) }
        try hub.featureRegistry.registerFeature(
            identifier: uri, viewURIPredicate: ViewURIPredicate(viewURI: url), title: "Test",
            contentOperationFactories: [BlockContentOperationFactory { _ in [operation] }])
        return try present(url, width: width, height: height)
    }

    /// Creates the view controller of `url` (a registered feature's) and shows it in a window.
    func present(_ url: URL, width: Int32 = 400, height: Int32 = 300) throws -> ViewController {
        let controller = try hub.viewControllerFactory.createViewController(forViewURI: url)!
        controller.delegate = delegate
        let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        gtk_window_set_default_size(hub_window(window), width, height)
        gtk_container_add(hub_container(window), controller.view.gtkWidget)
        gtk_widget_show_all(window)
        controller.viewWillAppear()
        self.window = window
        self.controller = controller
        return controller
    }

    func components<T>(_ name: String, as type: T.Type) -> [T] {
        (created[name] ?? []).compactMap { $0 as? T }
    }

    func tearDown() {
        controller?.tearDown()
        if let window { gtk_widget_destroy(window) }
        controller = nil
        window = nil
    }
}

/// Adds `count` body rows using `test:<name>` (on any thread: a background operation adds them too).
func addRows(_ builder: ViewModelBuilder, count: Int, name: String = "row", prefix: String = "row") {
    for index in 0..<count {
        let row = builder.bodyComponentModelBuilder(withIdentifier: "\(prefix)-\(index)")
        row.componentNamespace = "test"
        row.componentName = name
        row.title = "Row \(index)"
    }
}

/// A mutable integer that closures can share.
@MainActor
final class Counter {
    var value = 0
}
