import Foundation
import GtkKit
import HubFramework

/// The layout of the body, kept responsive with large view models (a million rows): a large body
/// is laid out a step at a time, the first step (more than a screenful) at once, so the first frame
/// shows content, the rest for a few milliseconds per main-loop turn. A scroll asked for beyond
/// what is laid out yet (`PendingScroll`) waits here until the layout gets there.
///
/// It writes nothing on screen: each later step it lays out is handed to the closure the view
/// controller gave with the update (`update(for:…:didExtend:)`), which sets the content height and
/// scrolls to a ``pendingScroll`` that has become reachable. That closure lives as long as the
/// steps it hears: the layout holds nothing of the controller between updates.
///
/// See docs/content-loading.md, "Threading", for the measurements behind the numbers.
@MainActor
final class IncrementalLayout {
    /// How many components are laid out at a time: the first step with the view model, at once
    /// (more rows than any screen holds), the rest step after step for ``layoutTurnBudget`` per
    /// main-loop turn. About a millisecond for rows in an optimized build.
    static let layoutStep = 2_000
    /// How long one main-loop turn lays out for: 8 ms, half a frame at 60 Hz. A time, not a count of
    /// components: the same rows take three times as long in the debug build and ten times as long
    /// under AddressSanitizer or on a slow machine, and a count sized for one stalled the others.
    static let layoutTurnBudget = 0.008

    /// Measures components for the layout.
    private let measurer: ComponentMeasurer
    private let layoutManager: any ComponentLayoutManager
    /// The layout of the rendered view model (nil before one is rendered, or after a discard).
    private(set) var current: ComponentLayout?
    /// The view model ``current`` is the layout of.
    private var viewModel: ViewModel?
    /// Lays out the rest of a large view model, a few milliseconds per main-loop turn, after its first screenful.
    private var continuation: MainLoopTimer?
    /// Where to scroll once the layout reaches that far: after ``ViewController/discardContent()``,
    /// or a scroll asked for beyond what is laid out yet. The view controller takes it
    /// (``takeReachablePendingScroll(viewportHeight:)``) and scrolls.
    var pendingScroll: PendingScroll?

    /// - Parameters:
    ///   - measurer: measures the components.
    ///   - layoutManager: the spacing rules.
    init(measurer: ComponentMeasurer, layoutManager: any ComponentLayoutManager) {
        self.measurer = measurer
        self.layoutManager = layoutManager
    }

    /// True when the layout covers every body component of `rendered` (or there is nothing to cover).
    func covers(_ rendered: ViewModel?) -> Bool {
        guard let current, let rendered else { return true }
        return current.count >= rendered.bodyComponentModels.count
    }

    /// True when every body component of the view model laid out is laid out.
    var isComplete: Bool { covers(viewModel) }

    /// Forgets the layout: the next update lays out afresh.
    func reset() { current = nil }

    /// Stops laying out and hands over the layout, to be freed off the main thread.
    func discard() -> ComponentLayout? {
        continuation = nil
        viewModel = nil
        defer { current = nil }
        return current
    }

    /// Updates the layout for `viewModel`, which `diff` says how the rendered view model became, or
    /// lays everything out afresh when there is no diff or the container changed; then goes on laying
    /// out what the first step left.
    ///
    /// A diff is applied in place when it re-lays out at most a step of components: the components
    /// after the change are only moved. A diff that would re-lay out more (a filter that hides or
    /// shows half of a million rows, a change near the top of a long list) keeps the rows before the
    /// change and lays out the rest from the new list like a large body: the first step at once,
    /// reaching past `visibleIndex` (the rendered view model's first visible component), the rest a
    /// few milliseconds per main-loop turn. A layout still being completed takes a diff the same way.
    ///
    /// `didExtend` hears the layout after each later step, a main-loop turn later, until the layout
    /// is complete or the next update (or a discard) replaces the steps to come.
    func update(for viewModel: ViewModel, following diff: ViewModelDiff?, containerSize container: Size,
                addsHeaderMargin: Bool, direction: LayoutDirection, visibleIndex: Int? = nil,
                didExtend: @escaping @MainActor (ComponentLayout) -> Void) -> ComponentLayout
    {
        let total = viewModel.bodyComponentModels.count
        let measuring = ModelMeasuring(bodyModels: viewModel.bodyComponentModels,
                                       header: viewModel.headerComponentModel, measurer: measurer)
        var updated: ComponentLayout
        if var current, let diff, current.containerSize == container, current.addsHeaderMargin == addsHeaderMargin {
            let wasComplete = isComplete
            if wasComplete, Self.onlyAppends(diff, to: current.count, making: total) {
                // Rows added after the last one (the whole of a document whose first part is shown):
                // the frames laid out so far stay as they are, and the new rows are laid out a few
                // milliseconds per main-loop turn like a large body, instead of all at once.
            } else if let first = Self.firstChange(diff.body) {
                if wasComplete, total - first <= Self.layoutStep {
                    _ = current.update(insertedIndexes: diff.body.inserted, deletedIndexes: diff.body.deleted,
                                       reloadedIndexes: diff.body.reloaded, measuring: measuring)
                } else {
                    current.truncate(keepingRowsBefore: first)
                    let reach = max(first, visibleIndex.map { Self.newIndex(ofOld: $0, after: diff.body) } ?? 0)
                    _ = current.appendBodyComponents(measuring: measuring.limited(to: reach + Self.layoutStep))
                }
            }
            if diff.headerChanged {
                _ = current.invalidateHeader(measuring: measuring.limited(to: current.count))
            }
            updated = current
        } else {
            // A large body is laid out a screenful first; the rest follows a few milliseconds per
            // main-loop turn.
            updated = ComponentLayout(containerSize: container, measuring: measuring.limited(to: Self.layoutStep),
                                      layoutManager: layoutManager, addsHeaderMargin: addsHeaderMargin)
        }
        updated.direction = direction
        current = updated
        self.viewModel = viewModel
        continueIfIncomplete(didExtend: didExtend)
        return updated
    }

    /// The first index a list diff changes: below it, the old and the new list agree. Nil when the
    /// diff changes nothing.
    private static func firstChange(_ diff: ListDiff) -> Int? {
        [diff.inserted.min(), diff.deleted.min(), diff.reloaded.min()].compactMap { $0 }.min()
    }

    /// Where the component at `old` in the old list is, about, in the new list: moved up by the
    /// deletions before it and down by the insertions before it (each list of indexes is sorted).
    private static func newIndex(ofOld old: Int, after diff: ListDiff) -> Int {
        func countBelow(_ bound: Int, in sorted: [Int]) -> Int {
            var low = 0
            var high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle] < bound { low = middle + 1 } else { high = middle }
            }
            return low
        }
        let withoutDeleted = old - countBelow(old, in: diff.deleted)
        return withoutDeleted + countBelow(withoutDeleted, in: diff.inserted)
    }

    /// Whether `diff` only adds rows after the `count` laid out, more than a step of them, to make
    /// `newCount` (nothing deleted, reloaded or moved, the header unchanged).
    private static func onlyAppends(_ diff: ViewModelDiff, to count: Int, making newCount: Int) -> Bool {
        let inserted = diff.body.inserted
        return newCount - count > layoutStep && diff.body.deleted.isEmpty && diff.body.reloaded.isEmpty
            && !diff.headerChanged && inserted.count == newCount - count && inserted.first == count
            && inserted.last == newCount - 1
    }

    /// Schedules the next chunk of the layout when it does not cover the view model's body yet.
    private func continueIfIncomplete(didExtend: @escaping @MainActor (ComponentLayout) -> Void) {
        guard let current, let viewModel, current.count < viewModel.bodyComponentModels.count else {
            continuation = nil
            return
        }
        continuation = MainLoopTimer(whenIdle: { [weak self] in self?.layOutNextChunk(didExtend: didExtend) })
    }

    private func layOutNextChunk(didExtend: @escaping @MainActor (ComponentLayout) -> Void) {
        guard let viewModel else { return }
        let total = viewModel.bodyComponentModels.count
        let deadline = ProcessInfo.processInfo.systemUptime + Self.layoutTurnBudget
        while let count = current?.count, count < total {
            let measuring = ModelMeasuring(bodyModels: viewModel.bodyComponentModels,
                                           header: viewModel.headerComponentModel, measurer: measurer)
                .limited(to: count + Self.layoutStep)
            // Mutated in place: a copy of the layout would copy every frame laid out so far.
            _ = current?.appendBodyComponents(measuring: measuring)
            if ProcessInfo.processInfo.systemUptime >= deadline { break }
        }
        continueIfIncomplete(didExtend: didExtend)
        if let current { didExtend(current) }
    }

    /// The ``pendingScroll`` target, taken, once the content reaches that far (or is all laid
    /// out, when it is shorter): where the view was before ``ViewController/discardContent()``, or a
    /// scroll asked for beyond what was laid out then. Nil while it is not reachable yet.
    func takeReachablePendingScroll(viewportHeight: Double) -> PendingScroll? {
        guard let pending = pendingScroll, let current, let viewModel, !viewModel.bodyComponentModels.isEmpty,
            pending.isReachable(in: current, isComplete: current.count >= viewModel.bodyComponentModels.count,
                                viewportHeight: viewportHeight)
        else { return nil }
        pendingScroll = nil
        return pending
    }
}
