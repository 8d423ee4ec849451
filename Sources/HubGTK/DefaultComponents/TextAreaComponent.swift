import GtkKit
import HubFramework

/// `default:textArea` — a text field of several lines bound to a string variable of the view's
/// state (the model's ``/HubFramework/ComponentModel/input``), titled by the model's title above it.
///
/// It shows the input's placeholder, dimmed, while it is empty. It is four lines high, scrolls a
/// longer text, wraps at word boundaries, and holds at most the input's `maximumLength` characters
/// (GtkKit's ``/GtkKit/TextView`` bounds any text). Enter starts a new line; Tab moves to the next
/// component. Like `default:entry`, it keeps what the person types and the cursor when the view
/// re-renders behind the keystrokes, and shows the validation message below in the theme's error
/// colour.
///
/// ```json
/// {"component": {"id": "default:textArea"}, "text": {"title": "Message"},
///  "input": {"variable": "message", "maximumLength": 500}}
/// ```
@MainActor
public final class TextAreaComponent: InputFieldComponent, ComponentWithRestorableUIState {
    /// The text field (tests type into it).
    private(set) var textView: TextView?
    /// The placeholder, over the empty field (GtkTextView has none of its own).
    private(set) var placeholderLabel: Label?

    /// The lines the field shows at least.
    static let minimumLines = 4

    /// Creates the component; its factory is ``DefaultComponentFactory`` (`default:textArea`).
    public required init() {}

    override func makeField() -> InputField {
        let textView = TextView()
        textView.minimumLines = Self.minimumLines
        textView.onChanged = { [weak self] in self?.textChanged() }
        textView.onFocusOut = { [weak self] in self?.reportLeftInput() }
        let placeholder = Label()
        placeholder.addCSSClass("hub-text-area-placeholder")
        placeholder.addCSSClass("dim-label")
        placeholder.xAlignment = 0
        placeholder.wrapsLines = true
        placeholder.horizontalAlignment = .fill
        placeholder.verticalAlignment = .start
        placeholder.isExcludedFromShowAll = true
        // Four lines high whatever the text: a longer one scrolls inside, so that the field keeps
        // its size (the view measures a model before any widget lays its text out).
        let scrolled = ScrolledWindow()
        scrolled.setScrollBarPolicy(horizontal: .never, vertical: .automatic)
        scrolled.add(textView)
        scrolled.setSizeRequest(width: -1, height: textView.sizeRequest.height)
        let overlay = Overlay()
        overlay.add(scrolled)
        // Clicks on the placeholder are for the field below it.
        overlay.addOverlay(placeholder, passesInputThrough: true)
        // The frame a text field has: GtkTextView draws no border of its own.
        let holder = Box(.vertical)
        holder.addCSSClass("hub-text-area")
        holder.append(overlay, expand: true)
        self.textView = textView
        placeholderLabel = placeholder
        return InputField(control: textView, holder: holder, title: .above)
    }

    public override func configureView(with model: ComponentModel, containerViewSize: Size) {
        guard let textView else { return }
        let input = configureField(with: model, fallbackName: model.input?.placeholder)
        textView.maximumLength = input?.maximumLength
        let value = input?.value ?? .string("")
        if shouldShow(value), textView.text != InputValues.text(for: value) {
            textView.text = InputValues.text(for: value)
        }
        placeholderLabel?.text = input?.placeholder ?? ""
        showPlaceholderWhenEmpty()
    }

    private func showPlaceholderWhenEmpty() {
        guard let placeholderLabel, let textView else { return }
        placeholderLabel.isVisible = !placeholderLabel.text.isEmpty && textView.text.isEmpty
    }

    /// The cursor's position.
    public func currentUIState() -> Any? { textView?.cursorPosition }

    public func restoreUIState(_ state: Any) {
        guard let textView, let position = state as? Int, position != textView.cursorPosition else { return }
        textView.cursorPosition = position
    }

    private func textChanged() {
        showPlaceholderWhenEmpty()
        guard let textView else { return }
        reportChange(.string(textView.text))
    }
}
