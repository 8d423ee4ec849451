/// The body components of a view model, in order (``ViewModel/bodyComponentModels``): a
/// random-access collection of ``ComponentModel``s, indexed from zero.
///
/// A body is the one part of a view that can hold a million components, and most code needs a few
/// of them at a time: the rows near the viewport, the one that was selected. So a body of 1,000
/// components or more does not keep a model object for each row: a plain row (an identifier, a component, a
/// title and a subtitle, no children and nothing else; read from a document, it may also have a main
/// image that holds only a URL, a target that holds only a URI, and custom data without expressions)
/// is kept compactly, and its model is made when it is asked for. Such a model is equal to the one the row was built as, but it is a new object
/// each time: compare models with `==`, not `===`. Read the list as a collection (`count`, a
/// subscript, `for … in`, `first`, `last`, `map`), and make an array of it with `Array(list)` only
/// when one is needed, which makes every row's model.
///
/// Two lists are equal when their models are equal in order (``ComponentModel/==(_:_:)``: content,
/// not position). The list is immutable and can be shared between threads.
public struct ComponentModelList: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral,
    CustomStringConvertible
{
    private enum Storage: Sendable {
        case models([ComponentModel])
        case rows(ComponentRowStore)
    }

    private let storage: Storage

    /// The list of `models`, in order.
    package init(_ models: [ComponentModel]) {
        storage = .models(models)
    }

    /// The list of the rows in `store`.
    package init(_ store: ComponentRowStore) {
        storage = .rows(store)
    }

    /// The list of `models`, in order; `[]` is the empty list, so that `viewModel?.bodyComponentModels ?? []`
    /// reads as it did when the body was an array.
    public init(arrayLiteral models: ComponentModel...) {
        storage = .models(models)
    }

    /// The position of the first model: always zero.
    public var startIndex: Int { 0 }

    /// One past the position of the last model: the number of models.
    public var endIndex: Int { count }

    /// The number of models.
    public var count: Int {
        switch storage {
        case .models(let models): models.count
        case .rows(let store): store.count
        }
    }

    /// Whether the list holds no model.
    public var isEmpty: Bool { count == 0 }

    /// The model at `position`, which must be in `indices`. For a plain row, a model made now.
    public subscript(position: Int) -> ComponentModel {
        switch storage {
        case .models(let models): models[position]
        case .rows(let store): store.model(at: position)
        }
    }

    /// The identifier of the model at `position`, without making the model.
    package func identifier(at position: Int) -> String {
        switch storage {
        case .models(let models): models[position].identifier
        case .rows(let store): store.identifier(at: position)
        }
    }

    /// The component of the model at `position`, without making the model.
    package func componentIdentifier(at position: Int) -> Identifier {
        switch storage {
        case .models(let models): models[position].componentIdentifier
        case .rows(let store): store.componentIdentifier(at: position)
        }
    }

    /// Whether the model at `position` equals the model at `otherPosition` of `other`
    /// (``ComponentModel/==(_:_:)``), without making the models of plain rows.
    package func modelEquals(at position: Int, _ other: ComponentModelList, at otherPosition: Int) -> Bool {
        switch (storage, other.storage) {
        case (.rows(let store), .rows(let otherStore)):
            return store.rowEquals(position, otherStore, otherPosition)
        case (.models(let models), .models(let otherModels)):
            return models[position].isContentEqual(to: otherModels[otherPosition])
        default:
            return self[position] == other[otherPosition]
        }
    }

    /// The store of a list of rows; nil for a list of models.
    package var store: ComponentRowStore? {
        if case .rows(let store) = storage { store } else { nil }
    }

    /// Whether the model at `position` is a plain row's record, made each time it is asked for (as
    /// opposed to a model the list keeps).
    package func isRecord(at position: Int) -> Bool {
        store?.isRecord(at: position) ?? false
    }

    /// The models kept as objects: every model of a list of models, the rows that are not plain of a
    /// list of rows. A walk for what only such rows can have (bindings, inputs, children) reads these.
    package var keptModels: [ComponentModel] {
        switch storage {
        case .models(let models): models
        case .rows(let store): store.objects
        }
    }

    /// Whether the two lists hold the same storage: then they are equal without a comparison.
    package func isSameStorage(as other: ComponentModelList) -> Bool {
        switch (storage, other.storage) {
        case (.rows(let store), .rows(let otherStore)): store === otherStore
        default: false
        }
    }

    public static func == (lhs: ComponentModelList, rhs: ComponentModelList) -> Bool {
        if lhs.isSameStorage(as: rhs) { return true }
        guard lhs.count == rhs.count else { return false }
        for position in 0..<lhs.count where !lhs.modelEquals(at: position, rhs, at: position) { return false }
        return true
    }

    /// The models as an array, for code in the framework that still hands one on (every plain row's
    /// model is made).
    package var array: [ComponentModel] {
        switch storage {
        case .models(let models): models
        case .rows(let store): (0..<store.count).map { store.model(at: $0) }
        }
    }

    public var description: String { "ComponentModelList(\(count) models)" }
}
