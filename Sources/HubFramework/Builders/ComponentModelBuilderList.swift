import Foundation

/// Component model builders keyed by model identifier, remembering creation order.
/// Used for the body and overlay lists of a view model builder and for children.
struct ComponentModelBuilderList {
    private(set) var buildersByIdentifier: [String: ComponentModelBuilder] = [:]
    private(set) var identifiers: [String] = []

    var count: Int { identifiers.count }
    var isEmpty: Bool { identifiers.isEmpty }

    /// The builders in creation order.
    var all: [ComponentModelBuilder] { identifiers.compactMap { buildersByIdentifier[$0] } }

    func contains(_ identifier: String) -> Bool {
        buildersByIdentifier[identifier] != nil
    }

    /// The builder for `identifier`, created with `make` when missing. A nil identifier always
    /// creates a new builder with a unique `UnknownComponent:<UUID>` identifier.
    mutating func builder(for identifier: String?, make: (String) -> ComponentModelBuilder) -> ComponentModelBuilder {
        let key = identifier ?? "UnknownComponent:\(UUID().uuidString)"
        if let existing = buildersByIdentifier[key] { return existing }
        let builder = make(key)
        buildersByIdentifier[key] = builder
        identifiers.append(key)
        return builder
    }

    mutating func remove(_ identifier: String) {
        guard buildersByIdentifier.removeValue(forKey: identifier) != nil else { return }
        identifiers.removeAll { $0 == identifier }
    }

    mutating func removeAll() {
        buildersByIdentifier = [:]
        identifiers = []
    }

    /// A list holding deep copies of the builders, in the same order.
    func deepCopy() -> ComponentModelBuilderList {
        var copy = ComponentModelBuilderList()
        copy.identifiers = identifiers
        copy.buildersByIdentifier = buildersByIdentifier.mapValues { $0.copy() }
        return copy
    }

    /// Builds the models in preferred-index order, with their final indexes and `parent`.
    func build(parent: ComponentModel?) -> [ComponentModel] {
        PreferredIndexOrdering.order(all).enumerated().map { offset, builder in
            builder.build(index: offset, parent: parent)
        }
    }
}
