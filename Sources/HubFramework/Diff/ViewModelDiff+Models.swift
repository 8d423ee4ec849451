extension ComponentModel: Diffable {
    /// Components are matched by their model identifier.
    public var diffIdentifier: String { identifier }

    /// Same identity and same content; identical instances are equal without a deep comparison.
    public func isContentEqual(to other: ComponentModel) -> Bool {
        self === other || self == other
    }
}

extension ViewModelDiff {
    /// The difference between two view models: their body components, and whether the header changed.
    public init(from old: ViewModel, to new: ViewModel, algorithm: DiffAlgorithm = .automatic) {
        self.init(oldBody: old.bodyComponentModels.array, newBody: new.bodyComponentModels.array,
                  oldHeader: old.headerComponentModel, newHeader: new.headerComponentModel, algorithm: algorithm,
                  headersEqual: { $0.isContentEqual(to: $1) })
    }
}
