internal import CGtk

/// What an input widget (``Entry``, ``TextView``, ``Switch``, ``CheckButton``, ``Dropdown``) tells
/// its `on…` closure: each change the user makes, and none of those its code makes, so that a
/// closure that stores the value where it came from cannot loop.
///
/// GTK emits the same signal (`changed`, `toggled`, `notify::active`) whoever makes the change; the
/// widget makes its own changes inside ``withoutNotification(_:)``, and the signal's handler tells
/// the closure only outside of it. The closure goes through `Handler`, the widget's closure type, so
/// that each widget keeps its own (`(Bool) -> Void` for a switch, `() -> Void` for a text field).
@MainActor
final class UserChangeNotifier<Handler> {
    /// The widget's `on…` closure.
    private(set) var handler: Handler?
    /// True while the widget's code changes it.
    private(set) var isChangingInCode = false

    /// Runs `change`, made by code, without telling the closure of the changes it makes.
    func withoutNotification(_ change: () -> Void) {
        let wasChanging = isChangingInCode
        isChangingInCode = true
        change()
        isChangingInCode = wasChanging
    }

    /// Makes `handler` the closure, and connects `signal` of `widget` (of `instance`, an object the
    /// widget keeps such as a text view's buffer, when given) the first time: each emission outside
    /// ``withoutNotification(_:)`` calls the closure through `call`, which passes it the widget's
    /// new value. `call` holds the widget unowned: the widget keeps the connection.
    func setHandler(_ handler: Handler?, connecting signal: String, of widget: Widget,
                    instance: UnsafeMutableRawPointer? = nil, call: @escaping @MainActor (Handler) -> Void)
    {
        self.handler = handler
        widget.connectOnce(signal) {
            GSignal.connect(instance ?? UnsafeMutableRawPointer(widget.gtkWidget), signal) { [self] in
                guard !isChangingInCode, let handler else { return }
                call(handler)
            }
        }
    }
}
