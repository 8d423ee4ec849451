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
    ///
    /// The bodies are compared by identifier and content without making the models of their plain
    /// rows (see ``ComponentModelList``).
    public init(from old: ViewModel, to new: ViewModel, algorithm: DiffAlgorithm = .automatic) {
        let oldBody = old.bodyComponentModels
        let newBody = new.bodyComponentModels
        let result = ListDiffer.diffReportingAlgorithm(
            oldIdentifiers: oldBody.indices.map { oldBody.identifier(at: $0) },
            newIdentifiers: newBody.indices.map { newBody.identifier(at: $0) },
            algorithm: algorithm,
            contentEqual: { oldBody.modelEquals(at: $0, newBody, at: $1) })
        self.init(body: result.diff,
                  headerChanged: ViewModelDiff.headerChanged(from: old.headerComponentModel, to: new.headerComponentModel,
                                                             isEqual: { $0.isContentEqual(to: $1) }),
                  algorithm: result.algorithm)
    }
}
