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
    /// Turns the spinner once the view has loaded for ``ViewController/loadingIndicatorDelay``.
    private let loading: LoadingSpinner
    var spinner: Spinner { loading.spinner }
    private(set) var currentDescription: String?
    private let retry: @MainActor () -> Void
    /// The error's widgets, made the first time an error or the empty state is shown: every view
    /// shows the spinner while its first content loads, and most never fail, so the icon, labels
    /// and button would be made at each open for nothing (docs/benchmarks.md, "The 100-component view").
    private var madeErrorPart: ErrorPart?

    /// The icon, texts and button of an error or the empty state.
    @MainActor
    private final class ErrorPart {
        let box = Box(.vertical, spacing: 8)
        let icon = IconView(iconName: "dialog-warning-symbolic", size: .dialog)
        let title = Label(localized("This view could not be loaded"))
        let detail = Label()
        // Translators: the button under a view that could not be loaded; the underscore marks the
        // mnemonic (Alt + the letter after it).
        let retryButton = Button(label: localized("_Try Again"))

        init(retry: @escaping @MainActor () -> Void) {
            box.addCSSClass("hub-error")
            icon.addCSSClass("dim-label")
            title.addCSSClass("hub-error-title")
            detail.wrapsLines = true
            detail.maximumWidthInCharacters = 60
            detail.justification = .center
            detail.isSelectable = true
            detail.addCSSClass("dim-label")
            retryButton.horizontalAlignment = .center
            retryButton.addCSSClass("suggested-action")
            box.append(icon)
            box.append(title)
            box.append(detail)
            box.append(retryButton, padding: 8)
            retryButton.onClicked = retry
        }
    }

    private var errorPart: ErrorPart {
        if let madeErrorPart { return madeErrorPart }
        let part = ErrorPart(retry: retry)
        view.append(part.box, expand: true, fill: false)
        madeErrorPart = part
        return part
    }

    var errorBox: Box { errorPart.box }
    var icon: IconView { errorPart.icon }
    var errorTitle: Label { errorPart.title }
    var errorDetail: Label { errorPart.detail }
    var retryButton: Button { errorPart.retryButton }

    init(retry: @escaping @MainActor () -> Void) {
        self.retry = retry
        loading = LoadingSpinner(Spinner(), hidesWhenStill: true)
        view.addCSSClass("hub-state")
        spinner.setSizeRequest(width: 32, height: 32)
        spinner.horizontalAlignment = .center
        spinner.verticalAlignment = .center
        spinner.expandsVertically = true
        // Translators: what a screen reader says for the spinner of a view whose content is loading.
        spinner.accessibleName = localized("Loading")
        view.append(spinner, expand: true, fill: true)
    }

    func show(_ state: State) {
        view.show()
        switch state {
        case .loading:
            currentDescription = "loading"
            view.horizontalAlignment = .center
            view.verticalAlignment = .center
            madeErrorPart?.box.hide()
            loading.isLoading = true
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
        hideSpinner()
        view.hide()
    }

    /// Takes the view off the screen; its widgets go when the last reference to it does.
    func tearDown() {
        hideSpinner()
        view.removeFromParent()
    }

    private func hideSpinner() {
        loading.isLoading = false
    }
}
