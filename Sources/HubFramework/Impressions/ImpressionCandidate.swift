/// Who an appearance belongs to: the component's type, the identifiers from its root model down to
/// it, and its `logging` data. Never the widget: widgets are recycled from a pool and shown for
/// other models, and a reload makes new model objects for the same components.
package struct ImpressionKey: Hashable, Sendable {
    package let type: ComponentType
    /// The identifiers from the root model (a body component, the header, an overlay) down to the
    /// component; body identifiers are unique in a view model, children's among their siblings.
    package let identifiers: [String]
    /// A component whose `logging` changes is another thing to report.
    package let loggingData: JSONObject

    package init(model: ComponentModel) {
        type = model.type
        var identifiers = [model.identifier]
        var node = model.parent
        while let current = node {
            identifiers.append(current.identifier)
            node = current.parent
        }
        self.identifiers = identifiers.reversed()
        loggingData = model.loggingData ?? [:]
    }
}

/// A component with `logging` data that is visible now, and how much of it: what a view tells the
/// ``ImpressionTracker`` each time what it shows may have changed.
package struct ImpressionCandidate: Sendable {
    package let key: ImpressionKey
    package let model: ComponentModel
    package let indexPath: [Int]
    /// The visible part of the component's area, 0 to 1.
    package let visibleFraction: Double
    /// The view's thresholds with what the model's `logging` overrides.
    package let thresholds: ImpressionThresholds

    /// The candidate for `model`, of which `visibleFraction` is visible, held to `viewThresholds`
    /// unless its `logging` says otherwise.
    package init(model: ComponentModel, visibleFraction: Double, viewThresholds: ImpressionThresholds) {
        key = ImpressionKey(model: model)
        self.model = model
        indexPath = model.indexPath
        self.visibleFraction = visibleFraction.isNaN ? 0 : min(1, max(0, visibleFraction))
        thresholds = viewThresholds.overridden(byLogging: model.loggingData)
    }

    /// The part of `frame` inside `visibleArea`, 0 to 1; 0 for an empty frame (nothing of it can be seen).
    package static func visibleFraction(of frame: Rect, in visibleArea: Rect) -> Double {
        guard !frame.isEmpty, !visibleArea.isEmpty else { return 0 }
        let width = min(frame.maxX, visibleArea.maxX) - max(frame.minX, visibleArea.minX)
        let height = min(frame.maxY, visibleArea.maxY) - max(frame.minY, visibleArea.minY)
        guard width > 0, height > 0 else { return 0 }
        return min(1, (width * height) / (frame.width * frame.height))
    }
}
