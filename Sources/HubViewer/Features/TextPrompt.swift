import Foundation
import HubFramework
import HubGTK

/// What to ask the user.
public struct TextPromptRequest: Equatable, Sendable {
    /// The question, shown as the dialog's title.
    public var title: String
    /// The hint in the empty entry.
    public var placeholder: String
    /// The label of the button that accepts (with a mnemonic).
    public var acceptLabel: String
    /// The label of the button that cancels (with a mnemonic).
    public var cancelLabel: String

    /// A question with its entry's hint and its buttons' labels; without labels the buttons are
    /// "_OK" and "_Cancel", in the user's language.
    public init(title: String, placeholder: String = "", acceptLabel: String? = nil, cancelLabel: String? = nil) {
        self.title = title
        self.placeholder = placeholder
        // Translators: the button that accepts the text typed in a dialog; the underscore marks
        // the mnemonic (Alt + the letter after it).
        self.acceptLabel = acceptLabel ?? localized("_OK")
        // Translators: the button that closes a dialog without using what was typed; the underscore
        // marks the mnemonic (Alt + the letter after it).
        self.cancelLabel = cancelLabel ?? localized("_Cancel")
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
        /// The dialog.
        public let dialog: Dialog
        /// The dialog's text entry.
        public let entry: Entry

        fileprivate init(dialog: Dialog, entry: Entry) {
            self.dialog = dialog
            self.entry = entry
        }
    }

    /// The dialog shown now, if any (tests answer it).
    public private(set) var presentation: Presentation?

    /// A prompt that shows a dialog for each question.
    public init() {}

    /// Shows the dialog, modal to `parent`'s window; `completion` gets the text, or nil when cancelled.
    public func askForText(_ request: TextPromptRequest, parent: Widget?,
                           completion: @escaping @MainActor (String?) -> Void)
    {
        let dialog = Dialog(title: request.title, modalTo: parent)
        dialog.addButton(request.cancelLabel, response: .cancel)
        dialog.addButton(request.acceptLabel, response: .accept)
        dialog.defaultResponse = .accept
        dialog.isResizable = false
        dialog.addCSSClass("hub-text-prompt")
        let entry = Entry()
        entry.placeholder = request.placeholder
        entry.activatesDefault = true
        entry.widthInCharacters = 32
        entry.accessibleName = request.title
        entry.margins = EdgeInsets(top: 18, left: 18, bottom: 18, right: 18)
        dialog.contentArea.append(entry)

        let presentation = Presentation(dialog: dialog, entry: entry)
        self.presentation = presentation
        dialog.onResponse = { [weak self] response in
            // The handler owns the presentation until the dialog answers.
            let text = presentation.entry.text
            presentation.dialog.onResponse = nil
            if self?.presentation === presentation { self?.presentation = nil }
            presentation.dialog.destroy()
            completion(response == .accept ? text : nil)
        }
        dialog.showAll()
        entry.grabFocus()
        dialog.present()
    }
}
