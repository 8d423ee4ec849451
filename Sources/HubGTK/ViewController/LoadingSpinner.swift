import GtkKit

/// A spinner that says a load is under way once it has lasted ``ViewController/loadingIndicatorDelay``:
/// a load that ends sooner shows none (docs/benchmarks.md, "No spinner for a view that loads in a
/// moment"). The view's spinner over a view without content and the app window's header-bar
/// spinner both turn through one of these.
@MainActor
package final class LoadingSpinner {
    package let spinner: Spinner
    /// Whether the spinner is hidden while it does not turn (the view's), or only still (the header
    /// bar's, which keeps its place).
    private let hidesWhenStill: Bool
    /// Starts the spinner once the load has lasted the delay; nil when it turns or nothing loads.
    private var timer: MainLoopTimer?

    /// - Parameters:
    ///   - spinner: the spinner to drive, stopped.
    ///   - hidesWhenStill: hide it while it does not turn.
    package init(_ spinner: Spinner, hidesWhenStill: Bool) {
        self.spinner = spinner
        self.hidesWhenStill = hidesWhenStill
        if hidesWhenStill {
            // Shown by the delay alone: a `showAll()` of its container must not show it sooner.
            spinner.isExcludedFromShowAll = true
            spinner.hide()
        }
    }

    /// Whether a load is under way. Set true, the spinner turns after the delay; set true again
    /// meanwhile (a view shows its status at every render), the wait goes on from the first. Set
    /// false, it stops at once, and a pending start is dropped.
    package var isLoading: Bool {
        get { timer != nil || spinner.isSpinning }
        set {
            guard newValue != isLoading else { return }
            timer = nil
            if newValue {
                timer = MainLoopTimer(after: ViewController.loadingIndicatorDelay) { [weak self] in
                    guard let self else { return }
                    timer = nil
                    if hidesWhenStill { spinner.show() }
                    spinner.isSpinning = true
                }
            } else {
                spinner.isSpinning = false
                if hidesWhenStill { spinner.hide() }
            }
        }
    }
}
