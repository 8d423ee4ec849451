import CGtk
import Foundation
import HubGTK

/// What to ask the user.
public struct TextPromptRequest: Equatable, Sendable {
    public var title: String
    public var placeholder: String
    public var acceptLabel: String
    public var cancelLabel: String

    public init(title: String, placeholder: String = "", acceptLabel: String = "_OK", cancelLabel: String = "_Cancel") {
        self.title = title
        self.placeholder = placeholder
        self.acceptLabel = acceptLabel
        self.cancelLabel = cancelLabel
    }
}

/// Asks the user for a line of text. The todo list's "Add" action uses one; tests supply their own.
@MainActor
public protocol TextPrompt: AnyObject {
    /// Asks, and calls `completion` once: with the text, or with nil when the user cancelled.
    /// - Parameter parent: a widget of the window the question is about (the dialog is modal to it).
    func askForText(_ request: TextPromptRequest, parent: Widget?, completion: @escaping @MainActor (String?) -> Void)
}

/// Asks with a modal GTK dialog: a text entry and two buttons (Enter accepts).
@MainActor
public final class GtkTextPrompt: TextPrompt {
    /// A dialog being shown.
    public final class Presentation {
        /// The GtkDialog.
        public let dialog: Widget
        /// The dialog's text entry.
        public let entry: Widget
        fileprivate var connections: [SignalConnection] = []

        fileprivate init(dialog: Widget, entry: Widget) {
            self.dialog = dialog
            self.entry = entry
        }
    }

    /// The dialog shown now, if any (tests answer it).
    public private(set) var presentation: Presentation?

    public init() {}

    public func askForText(_ request: TextPromptRequest, parent: Widget?,
                           completion: @escaping @MainActor (String?) -> Void)
    {
        var window: UnsafeMutablePointer<GtkWindow>?
        if let parent, let toplevel = gtk_widget_get_toplevel(parent), gtk_widget_is_toplevel(toplevel) != 0 {
            window = hub_window(toplevel)
        }
        let dialog = hub_dialog_new_with_two_buttons(request.title, window, request.cancelLabel,
                                                     GTK_RESPONSE_CANCEL.rawValue, request.acceptLabel,
                                                     GTK_RESPONSE_ACCEPT.rawValue)!
        gtk_dialog_set_default_response(hub_dialog(dialog), GTK_RESPONSE_ACCEPT.rawValue)
        gtk_window_set_resizable(hub_window(dialog), 0)
        Gtk.addClass(dialog, "hub-text-prompt")
        let entry = gtk_entry_new()!
        gtk_entry_set_placeholder_text(hub_entry(entry), request.placeholder)
        gtk_entry_set_activates_default(hub_entry(entry), 1)
        gtk_entry_set_width_chars(hub_entry(entry), 32)
        Gtk.setAccessibleName(entry, request.title)
        for side in [gtk_widget_set_margin_start, gtk_widget_set_margin_end, gtk_widget_set_margin_top,
                     gtk_widget_set_margin_bottom] { side(entry, 18) }
        let content = gtk_dialog_get_content_area(hub_dialog(dialog))!
        gtk_container_add(hub_container(content), entry)

        let presentation = Presentation(dialog: dialog, entry: entry)
        self.presentation = presentation
        presentation.connections.append(GSignal.connectInt(dialog, "response") { [weak self] response in
            // The handler owns the presentation until the dialog answers.
            let text = Gtk.entryText(presentation.entry)
            presentation.connections.forEach { $0.disconnect() }
            presentation.connections.removeAll()
            if self?.presentation === presentation { self?.presentation = nil }
            gtk_widget_destroy(presentation.dialog)
            completion(response == GTK_RESPONSE_ACCEPT.rawValue ? text : nil)
        })
        gtk_widget_show_all(dialog)
        gtk_widget_grab_focus(entry)
        gtk_window_present(hub_window(dialog))
    }
}
