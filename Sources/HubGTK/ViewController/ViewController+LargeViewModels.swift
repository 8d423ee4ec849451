import Foundation
import GtkKit
import HubFramework

/// Keeping the window responsive with large view models (a million rows): nothing that grows with
/// the number of components runs on the main thread in one go.
///
/// * The diff between two large view models (a reload) is computed on a background thread; the
///   view keeps showing the old content, with its loading state, until the diff is in.
/// * A large body is laid out a step at a time: the first step (more than a screenful) at once,
///   so the first frame shows content, the rest for a few milliseconds per main-loop turn.
/// * The view models a render replaces are released on a background thread: freeing a million
///   models takes longer than a frame.
///
/// See docs/content-loading.md, "Threading", for the measurements behind the numbers.
extension ViewController {
    /// Above this many body components (old and new together), a reload's diff is computed on a
    /// background thread. A diff costs about a microsecond per component.
    nonisolated static let backgroundDiffThreshold = 20_000
    /// How many components are laid out at a time: the first step with the view model, at once
    /// (more rows than any screen holds), the rest step after step for ``layoutTurnBudget`` per
    /// main-loop turn. About a millisecond for rows in an optimized build.
    static let layoutStep = 2_000
    /// How long one main-loop turn lays out for: 8 ms, half a frame at 60 Hz. A time, not a count of
    /// components: the same rows take three times as long in the debug build and ten times as long
    /// under AddressSanitizer or on a slow machine, and a count sized for one stalled the others.
    static let layoutTurnBudget = 0.008

    /// True when the layout covers every body component of the view model last rendered.
    var isLayoutComplete: Bool {
        guard let layout, let rendered = lastRenderedViewModel else { return true }
        return layout.count >= rendered.bodyComponentModels.count
    }

    /// Starts the diff from the rendered view model to `viewModel` on a background thread when both
    /// are large; `viewModel` is shown when it is in. False when the view model should be shown now.
    func diffInBackgroundIfLarge(_ viewModel: ViewModel) -> Bool {
        pendingDiff = nil
        guard let last = lastRenderedViewModel, isLayoutComplete, canvas.viewportSize.width > 0,
            !last.bodyComponentModels.isEmpty,
            last.bodyComponentModels.count + viewModel.bodyComponentModels.count > Self.backgroundDiffThreshold
        else { return false }
        let work = PendingDiff()
        pendingDiff = work
        updateLoadingState()
        DispatchQueue.global(qos: .userInitiated).async { [weak self] in
            let diff = ViewModelDiff(from: last, to: viewModel)
            MainThread.perform {
                guard let self, self.pendingDiff === work else { return }
                self.pendingDiff = nil
                // The diff is only good against the view model it was computed from.
                self.show(viewModel, diff: self.lastRenderedViewModel === last ? diff : nil)
            }
        }
        return true
    }

    /// Schedules the next chunk of the layout when it does not cover `viewModel`'s body yet.
    func continueLayoutIfIncomplete(of viewModel: ViewModel) {
        performPendingScrollIfLaidOut(viewModel)
        guard let layout, layout.count < viewModel.bodyComponentModels.count else {
            layoutContinuation = nil
            return
        }
        layoutContinuation = MainLoopTimer(whenIdle: { [weak self] in self?.layOutNextChunk() })
    }

    private func layOutNextChunk() {
        guard let viewModel = lastRenderedViewModel else { return }
        let total = viewModel.bodyComponentModels.count
        let deadline = ProcessInfo.processInfo.systemUptime + Self.layoutTurnBudget
        while let count = layout?.count, count < total {
            let measuring = ModelMeasuring(bodyModels: viewModel.bodyComponentModels,
                                           header: viewModel.headerComponentModel, measurer: measurer,
                                           limit: count + Self.layoutStep)
            // Mutated in place: a copy of the layout would copy every frame laid out so far.
            _ = layout?.appendBodyComponents(measuring: measuring)
            if ProcessInfo.processInfo.systemUptime >= deadline { break }
        }
        if let height = layout?.contentSize.height { canvas.setContentHeight(height) }
        continueLayoutIfIncomplete(of: viewModel)
    }

    /// Scrolls to the ``pendingScroll`` target once the content reaches that far (or is all laid
    /// out, when it is shorter): where the view was before ``discardContent()``, or a scroll asked
    /// for beyond what was laid out then.
    private func performPendingScrollIfLaidOut(_ viewModel: ViewModel) {
        guard let pending = pendingScroll, let layout, !viewModel.bodyComponentModels.isEmpty,
            pending.isReachable(in: layout, isComplete: layout.count >= viewModel.bodyComponentModels.count,
                                viewportHeight: canvas.viewportSize.height)
        else { return }
        pendingScroll = nil
        let target: Double
        switch pending {
        case .offset(let offset):
            target = offset
        case .component(let index, let position):
            target = scrollHandler.contentOffset(forDisplayingComponentAt: index, scrollPosition: position,
                                                 contentSize: layout.contentSize, in: self).y
        }
        canvas.setContentHeight(layout.contentSize.height)
        canvas.setContentOffset(min(target, canvas.maximumOffset))
    }
}

/// Identifies one background diff (compared by identity).
final class PendingDiff: Sendable {}

/// The view models a render (or a discard) replaces, held until a background thread lets them go:
/// freeing a million models takes longer than a frame. Create it *before* the controller drops its
/// own references and call ``releaseOffTheMainThread()`` after, so that this holder has the last
/// references and the models are freed on the background thread, which then gives the memory
/// back to the system. View models are immutable and `Sendable`, so freeing them there is safe.
/// A discard hands over the layout too: a million rows' frames are as slow to free.
final class ReplacedViewModels: @unchecked Sendable {
    private var models: (ViewModel?, ViewModel?)
    private var layout: ComponentLayout?

    init(_ first: ViewModel?, _ second: ViewModel?, layout: ComponentLayout? = nil) {
        models = (first, second)
        self.layout = layout
    }

    /// Lets go of the view models on a background thread when they are large, at once otherwise.
    func releaseOffTheMainThread() {
        let count = max(models.0?.bodyComponentModels.count ?? 0, models.1?.bodyComponentModels.count ?? 0)
        guard count > ViewController.backgroundDiffThreshold else {
            models = (nil, nil)
            layout = nil
            return
        }
        DispatchQueue.global(qos: .utility).async {
            self.models = (nil, nil)
            self.layout = nil
            FreedMemory.returnToSystem()
        }
    }
}
