internal import CGtk

/// A modal dialog with its buttons in its header bar (GtkDialog).
///
/// ```swift
/// let dialog = Dialog(title: "New Item", modalTo: view)
/// dialog.addButton("_Cancel", response: .cancel)
/// dialog.addButton("_Add", response: .accept)
/// dialog.defaultResponse = .accept
/// dialog.contentArea.append(entry)
/// dialog.onResponse = { response in … }
/// dialog.present()
/// ```
@MainActor
open class Dialog: Window {
    /// What the user answered.
    public enum Response: Sendable, Equatable {
        /// The affirmative button (GTK's accept, OK or yes responses).
        case accept
        /// The button that dismisses without doing anything (GTK's cancel or no responses).
        case cancel
        /// The window was closed from its title bar or with Escape, or a close button answered.
        case close
        /// A button added with a response code of the app's own.
        case other(Int32)

        init(_ value: Int32) {
            switch value {
            case GTK_RESPONSE_ACCEPT.rawValue, GTK_RESPONSE_OK.rawValue, GTK_RESPONSE_YES.rawValue: self = .accept
            case GTK_RESPONSE_CANCEL.rawValue, GTK_RESPONSE_NO.rawValue: self = .cancel
            case GTK_RESPONSE_DELETE_EVENT.rawValue, GTK_RESPONSE_CLOSE.rawValue: self = .close
            default: self = .other(value)
            }
        }

        var rawValue: Int32 {
            switch self {
            case .accept: GTK_RESPONSE_ACCEPT.rawValue
            case .cancel: GTK_RESPONSE_CANCEL.rawValue
            case .close: GTK_RESPONSE_CLOSE.rawValue
            case .other(let value): value
            }
        }
    }

    private var responseHandler: (@MainActor (Response) -> Void)?

    /// The box above the buttons where the dialog's content goes (GTK's own, kept by the dialog).
    public let contentArea: Box

    /// A dialog titled `title`, modal to the window that holds `widget` when one is given.
    public init(title: String, modalTo widget: Widget? = nil) {
        var parent: UnsafeMutablePointer<GtkWindow>?
        if let widget, let toplevel = gtk_widget_get_toplevel(widget.gtkWidget), gtk_widget_is_toplevel(toplevel) != 0 {
            parent = hub_window(toplevel)
        }
        let dialog = hub_dialog_new(title, parent)!
        contentArea = Box(owning: gtk_dialog_get_content_area(hub_dialog(dialog)))
        super.init(owning: dialog)
    }

    /// Adds a button that answers `response`; an underscore in `label` marks its mnemonic.
    @discardableResult
    public func addButton(_ label: String, response: Response) -> Button? {
        guard let button = gtk_dialog_add_button(hub_dialog(gtkWidget), label, response.rawValue) else { return nil }
        return Button(owning: button)
    }

    /// The response Enter gives (its button is highlighted).
    public var defaultResponse: Response? {
        didSet {
            if let defaultResponse { gtk_dialog_set_default_response(hub_dialog(gtkWidget), defaultResponse.rawValue) }
        }
    }

    /// Answers the dialog as if the user had clicked the button of `response`.
    public func respond(_ response: Response) {
        gtk_dialog_response(hub_dialog(gtkWidget), response.rawValue)
    }

    /// Called when the user answers (a button, Enter, Escape, or closing the dialog).
    public var onResponse: (@MainActor (Response) -> Void)? {
        get { responseHandler }
        set {
            responseHandler = newValue
            connectOnce("response") {
                GSignal.connectInt(gtkWidget, "response") { [unowned self] value in
                    self.responseHandler?(Response(value))
                }
            }
        }
    }
}
