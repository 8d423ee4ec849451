import Foundation
import XCTest
@testable import HubFramework

/// Builds view models with `logging` data and feeds a tracker on a manual clock: `at(ms)` is an
/// instant `ms` milliseconds after a fixed start.
final class ImpressionScript {
    let tracker = ImpressionTracker()
    let start = ContinuousClock.now
    var viewThresholds = ImpressionThresholds.default
    /// Every impression reported so far, as `type[path] id` strings.
    private(set) var reported: [String] = []
    private(set) var impressions: [Impression] = []

    func at(_ milliseconds: Double) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

    /// Tells the tracker that `models` are visible with `fractions` (1 when omitted) at `ms`.
    @discardableResult
    func update(_ models: some Collection<ComponentModel>, fractions: [Double]? = nil, shown: Bool = true, at ms: Double) -> [String] {
        let candidates = models.enumerated().map { offset, model in
            ImpressionCandidate(model: model, visibleFraction: fractions?[offset] ?? 1, viewThresholds: viewThresholds)
        }
        return record(tracker.update(visible: candidates, isShown: shown, at: at(ms)))
    }

    /// Lets time pass until `ms`, as the view's timer does.
    @discardableResult
    func advance(to ms: Double) -> [String] {
        record(tracker.advance(to: at(ms)))
    }

    /// Milliseconds from the start to the next deadline, or nil.
    var nextDeadline: Double? {
        tracker.nextDeadline.map { start.duration(to: $0).inMilliseconds }
    }

    private func record(_ new: [Impression]) -> [String] {
        impressions += new
        let names = new.map(Self.name)
        reported += names
        return names
    }

    static func name(_ impression: Impression) -> String {
        let type = ["header", "body", "overlay"][impression.componentType.rawValue]
        return "\(type)\(impression.indexPath) \(impression.identifier)"
    }
}

/// A view model whose body rows have the given identifiers, each with `logging` `{"item": id}`
/// unless `logging` gives another object for it (`nil` values leave a row without logging).
func impressionViewModel(body identifiers: [String], logging: [String: JSONObject?] = [:],
                         header: Bool = false, overlays: [String] = [],
                         children: [String: [String]] = [:]) -> ViewModel
{
    let builder = ViewModelBuilder(schema: JSONSchema(componentDefaults: ComponentDefaults(
        namespace: "test", name: "row", category: "row"), iconImageResolver: nil, localImageResolver: nil))
    func data(_ id: String) -> JSONObject? {
        if let given = logging[id] { return given }
        return ["item": .string(id)]
    }
    if header {
        let headerBuilder = builder.headerComponentModelBuilder
        headerBuilder.loggingData = data(headerBuilder.modelIdentifier)
    }
    for id in identifiers {
        let row = builder.bodyComponentModelBuilder(withIdentifier: id)
        row.title = id
        row.loggingData = data(id)
        for childID in children[id] ?? [] {
            let child = row.childBuilder(withIdentifier: childID)
            child.loggingData = data(childID)
        }
    }
    for id in overlays {
        builder.overlayComponentModelBuilder(withIdentifier: id).loggingData = data(id)
    }
    return builder.build()
}
