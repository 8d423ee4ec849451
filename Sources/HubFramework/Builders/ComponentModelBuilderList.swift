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
    ///
    /// With an `owner`, the list may share builders with other lists (a copy of the list shares
    /// them; see `ViewModelBuilder.snapshot()`): a builder that does not belong to `owner` is copied
    /// before it is handed out, so changing it never changes another list's builder.
    mutating func builder(for identifier: String?, owner: BuilderOwner? = nil,
                          make: (String) -> ComponentModelBuilder) -> ComponentModelBuilder {
        let key = identifier ?? "UnknownComponent:\(UUID().uuidString)"
        if let existing = buildersByIdentifier[key] {
            guard let owner, existing.owner !== owner else { return existing }
            let copy = existing.copy()
            copy.owner = owner
            buildersByIdentifier[key] = copy
            return copy
        }
        let builder = make(key)
        builder.owner = owner
        buildersByIdentifier[key] = builder
        identifiers.append(key)
        return builder
    }

    /// The builders in creation order, each one `owner`'s own (shared ones are copied first).
    mutating func all(ownedBy owner: BuilderOwner) -> [ComponentModelBuilder] {
        identifiers.map { builder(for: $0, owner: owner) { _ in preconditionFailure("the builder exists") } }
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
    /// The copies belong to `owner` (a view model builder's lists) or to nobody (children).
    func deepCopy(owner: BuilderOwner? = nil) -> ComponentModelBuilderList {
        var copy = ComponentModelBuilderList()
        copy.identifiers = identifiers
        copy.buildersByIdentifier = buildersByIdentifier.mapValues { builder in
            let copy = builder.copy()
            copy.owner = owner
            return copy
        }
        return copy
    }

    /// Builds the models in preferred-index order, with their final indexes and `parent`.
    func build(parent: ComponentModel?) -> [ComponentModel] {
        PreferredIndexOrdering.order(all).enumerated().map { offset, builder in
            builder.build(index: offset, parent: parent)
        }
    }
}

/// An identity for "the view model builder that may change these component builders in place".
/// A class so identity is by reference; a builder holds its owner strongly, so an owner's address
/// is never reused while a builder still points at it.
final class BuilderOwner: @unchecked Sendable {}
