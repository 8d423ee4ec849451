import GtkKit
import HubFramework

/// The spinner a default component shows while the request it sent waits for the server's answer
/// (``/HubFramework/ComponentModel/isBusy``): hidden and still otherwise, and named "Sending" for
/// screen readers. The button shows it beside its label, the row before its chevron.
@MainActor
final class BusyIndicator {
    /// The spinner, to place in the component's widgets.
    let spinner = Spinner()

    init() {
        // Translators: the name, for screen readers, of the spinner beside a button or a row whose
        // request waits for the server's answer.
        spinner.accessibleName = localized("Sending")
        spinner.isExcludedFromShowAll = true
    }

    /// Whether it turns now.
    var isSpinning: Bool { spinner.isSpinning }

    /// Shows and turns the spinner while `model` is busy, and hides it when it is not.
    func show(for model: ComponentModel) {
        guard spinner.isSpinning != model.isBusy else { return }
        spinner.isSpinning = model.isBusy
        if model.isBusy { spinner.show() } else { spinner.hide() }
    }
}
