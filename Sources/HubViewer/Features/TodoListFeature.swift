import Foundation
import HubFramework
import HubGTK

/// The todo list's action identifiers. The action namespace is literally `namespace`, as in the
/// original demo; `add-completed` and `todo:filter` have no action objects at all — the content
/// operation observes them.
enum TodoListActions {
    static let add = Identifier(namespace: "namespace", name: "add")
    static let addCompleted = Identifier(namespace: "namespace", name: "add-completed")
    static let filter = Identifier(namespace: "todo", name: "filter")
}

/// `hub-demo:todoList` — the items added so far, and a search bar filtering them once there is
/// one. The header bar's "Add" button performs `namespace:add`; the add action asks for the text
/// and chains to `namespace:add-completed` carrying it, which this operation observes: it appends
/// the item and reschedules itself. The search bar performs `todo:filter` as the user types.
@MainActor
final class TodoListContentOperation: ContentOperationActionObserver {
    /// Held strongly: the operation reschedules itself long after its execution finished.
    var delegate: (any ContentOperationDelegate)?
    private(set) var items: [String] = []
    /// Lowercased; nil shows every item.
    private(set) var filter: String?

    func perform(forViewURI viewURI: URL, featureInfo: FeatureInfo, connectivityState: ConnectivityState,
                 viewModelBuilder: ViewModelBuilder, previousError: (any Error)?)
    {
        viewModelBuilder.navigationItem.rightItems = [
            // Translators: the todo list's header bar button (a +) that adds an item.
            BarButtonItem(title: localized("Add"), iconName: "list-add-symbolic", actionIdentifier: TodoListActions.add)
        ]
        if items.isEmpty {
            let empty = viewModelBuilder.bodyComponentModelBuilder(withIdentifier: "empty")
            empty.componentName = "row"
            empty.title = localized("Nothing to do yet")
            empty.subtitle = localized("Click + in the header bar to add an item")
        } else {
            let searchBar = viewModelBuilder.bodyComponentModelBuilder(withIdentifier: "searchBar")
            searchBar.componentName = "searchBar"
            searchBar.customData = [
                "placeholder": .string(localized("Filter your todo items")),
                "action": .string(TodoListActions.filter.identifierString),
                "delay": 0,
            ]
        }
        for (index, item) in items.enumerated() {
            if let filter, !item.lowercased().contains(filter) { continue }
            let row = viewModelBuilder.bodyComponentModelBuilder(withIdentifier: "item-\(index)")
            row.componentName = "row"
            row.title = item
        }
        delegate?.contentOperationDidFinish(self)
    }

    func actionPerformed(with context: ActionContext, featureInfo: FeatureInfo, connectivityState: ConnectivityState) {
        switch context.customActionIdentifier {
        case TodoListActions.addCompleted:
            guard let item = context.customData?["item"]?.stringValue else { return }
            items.append(item)
        case TodoListActions.filter:
            let text = context.customData?["text"]?.stringValue ?? ""
            filter = text.isEmpty ? nil : text.lowercased()
        default:
            return
        }
        delegate?.contentOperationRequiresRescheduling(self)
    }
}

/// `namespace:add` — asks for the new item's text, then finishes: chaining to
/// `namespace:add-completed` with `{"item": text}`, or without chaining when cancelled or empty.
@MainActor
final class TodoListAddAction: AsyncAction {
    weak var delegate: (any AsyncActionDelegate)?
    private let prompt: any TextPrompt

    static let request = TextPromptRequest(
        title: localized("Add an item"), placeholder: localized("What needs to be done?"),
        // Translators: the button that adds the typed item to the todo list; the underscore marks
        // the mnemonic (Alt + the letter after it).
        acceptLabel: localized("_Add"),
        // Translators: the button that closes a dialog without using what was typed; the underscore
        // marks the mnemonic (Alt + the letter after it).
        cancelLabel: localized("_Cancel"))

    init(prompt: any TextPrompt) {
        self.prompt = prompt
    }

    func perform(with context: ActionContext) -> Bool {
        let parent = (context.viewController as? ViewController)?.view
        prompt.askForText(Self.request, parent: parent) { [self] text in
            let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            if trimmed.isEmpty {
                delegate?.actionDidFinish(self, chainingTo: nil, customData: nil)
            } else {
                delegate?.actionDidFinish(self, chainingTo: TodoListActions.addCompleted,
                                          customData: ["item": .string(trimmed)])
            }
        }
        return true
    }
}

/// Creates the actions of the `namespace` namespace: only `add`.
@MainActor
final class TodoListActionFactory: ActionFactory {
    private let environment: DemoEnvironment

    init(environment: DemoEnvironment) {
        self.environment = environment
    }

    func createAction(forName name: String) -> (any Action)? {
        name == TodoListActions.add.namePart ? TodoListAddAction(prompt: environment.textPrompt) : nil
    }
}

@MainActor
enum TodoListFeature {
    static let viewURI = URL(string: "hub-demo:todoList")!

    static func register(in hub: Hub, environment: DemoEnvironment) {
        try! hub.actionRegistry.registerActionFactory(TodoListActionFactory(environment: environment),
                                                      forNamespace: TodoListActions.add.namespacePart)
        try! hub.featureRegistry.registerDemoFeature(
            identifier: "todoList", viewURI: viewURI, title: localized("Todo List"),
            description: localized("A feature for adding todo items to a list"),
            contentOperationFactories: [BlockContentOperationFactory { _ in [TodoListContentOperation()] }])
    }
}
