import GtkKit
import HubFramework

/// What a view shows while its first content loads, or when loading failed: a spinner, or the
/// error with a button to try again (full page without content; a bar at the bottom with content).
@MainActor
final class StateView {
    enum State {
        case loading
        case empty
        case error(any Error, compact: Bool)
    }

    /// The root widget; the view controller floats it over the content.
    let view = Box(.vertical)
    let spinner = Spinner()
    let errorBox = Box(.vertical, spacing: 8)
    let icon = IconView(iconName: "dialog-warning-symbolic", size: .dialog)
    let errorTitle = Label(localized("This view could not be loaded"))
    let errorDetail = Label()
    // Translators: the button under a view that could not be loaded; the underscore marks the
    // mnemonic (Alt + the letter after it).
    let retryButton = Button(label: localized("_Try Again"))
    private(set) var currentDescription: String?

    init(retry: @escaping @MainActor () -> Void) {
        view.addCSSClass("hub-state")
        spinner.setSizeRequest(width: 32, height: 32)
        spinner.horizontalAlignment = .center
        spinner.verticalAlignment = .center
        spinner.expandsVertically = true
        // Translators: what a screen reader says for the spinner of a view whose content is loading.
        spinner.accessibleName = localized("Loading")

        errorBox.addCSSClass("hub-error")
        icon.addCSSClass("dim-label")
        errorTitle.addCSSClass("hub-error-title")
        errorDetail.wrapsLines = true
        errorDetail.maximumWidthInCharacters = 60
        errorDetail.justification = .center
        errorDetail.isSelectable = true
        errorDetail.addCSSClass("dim-label")
        retryButton.horizontalAlignment = .center
        retryButton.addCSSClass("suggested-action")
        errorBox.append(icon)
        errorBox.append(errorTitle)
        errorBox.append(errorDetail)
        errorBox.append(retryButton, padding: 8)

        view.append(spinner, expand: true, fill: true)
        view.append(errorBox, expand: true, fill: false)
        retryButton.onClicked = retry
    }

    func show(_ state: State) {
        view.show()
        switch state {
        case .loading:
            currentDescription = "loading"
            view.horizontalAlignment = .center
            view.verticalAlignment = .center
            errorBox.hide()
            spinner.show()
            spinner.isSpinning = true
        case .empty:
            currentDescription = "empty"
            hideSpinner()
            errorTitle.text = localized("Nothing to show here")
            errorDetail.text = localized("This view has no content yet.")
            view.horizontalAlignment = .center
            view.verticalAlignment = .center
            view.removeCSSClass("compact")
            errorBox.showAll()
            retryButton.hide()
        case .error(let error, let compact):
            errorTitle.text = localized("This view could not be loaded")
            let message = String(describing: error)
            currentDescription = message
            hideSpinner()
            errorDetail.text = message
            // With content on screen the error is a bar along the bottom, so the content stays usable.
            view.horizontalAlignment = compact ? .fill : .center
            view.verticalAlignment = compact ? .end : .center
            view.setCSSClass("compact", compact)
            errorBox.showAll()
        }
    }

    func hide() {
        currentDescription = nil
        spinner.isSpinning = false
        view.hide()
    }

    /// Takes the view off the screen; its widgets go when the last reference to it does.
    func tearDown() {
        spinner.isSpinning = false
        view.removeFromParent()
    }

    private func hideSpinner() {
        spinner.isSpinning = false
        spinner.hide()
    }
}
