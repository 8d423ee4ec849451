import GtkKit
import HubFramework

/// The spinner a default component shows while the request it sent waits for the server's answer
/// (``/HubFramework/ComponentModel/isBusy``): hidden and still otherwise, and named "Sending" for
/// screen readers. The button shows it beside its label, the row before its chevron.
@MainActor
final class BusyIndicator {
    /// Puts the spinner in the component's widgets, where it goes.
    private let place: @MainActor (Spinner) -> Void
    private var madeSpinner: Spinner?

    /// An indicator whose spinner `place` puts in the component's widgets, the first time a model
    /// is busy: most rows and buttons never send a request, and a spinner with its accessible
    /// object in each of them would be made, styled and allocated for nothing
    /// (docs/benchmarks.md, "The 100-component view").
    init(placing place: @escaping @MainActor (Spinner) -> Void) {
        self.place = place
    }

    /// The spinner (made and placed when first asked for).
    var spinner: Spinner {
        if let madeSpinner { return madeSpinner }
        let spinner = Spinner()
        // Translators: the name, for screen readers, of the spinner beside a button or a row whose
        // request waits for the server's answer.
        spinner.accessibleName = localized("Sending")
        spinner.isExcludedFromShowAll = true
        place(spinner)
        madeSpinner = spinner
        return spinner
    }

    /// Whether it turns now.
    var isSpinning: Bool { madeSpinner?.isSpinning ?? false }

    /// Shows and turns the spinner while `model` is busy, and hides it when it is not.
    func show(for model: ComponentModel) {
        guard isSpinning != model.isBusy else { return }
        if model.isBusy {
            spinner.isSpinning = true
            spinner.show()
        } else if let madeSpinner {
            madeSpinner.isSpinning = false
            madeSpinner.hide()
        }
    }
}
