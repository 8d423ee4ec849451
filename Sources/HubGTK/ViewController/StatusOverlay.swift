import GtkKit
import HubFramework

/// What the view shows over its content while it has nothing else to say: the spinner, the empty
/// state or the error page with Try Again (`StateView`), made the first time one is shown, so that
/// a view that loads at once never builds them.
@MainActor
final class StatusOverlay {
    private let surface: any FloatingSurface
    /// The page, once made.
    private(set) var view: StateView?

    /// - Parameter surface: where the page floats, above the content.
    init(surface: any FloatingSurface) {
        self.surface = surface
    }

    /// Shows `status` (nil: nothing). `retry` is what Try Again does, given to the page when it is
    /// made.
    func show(_ status: StateView.State?, retry: @escaping @MainActor () -> Void) {
        guard let status else {
            view?.hide()
            return
        }
        let shown = view ?? StateView(retry: retry)
        if view == nil {
            surface.addOverlay(shown.view)
            view = shown
        }
        shown.show(status)
    }

    func tearDown() {
        view?.tearDown()
        view = nil
    }
}
