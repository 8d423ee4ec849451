internal import CGtk

/// A one-line text field (GtkEntry).
///
/// ```swift
/// let field = Entry()
/// field.placeholder = "Name"
/// field.onActivate = { [weak self] in self?.submit(field.text) }
/// ```
@MainActor
open class Entry: Widget {
    /// What the text is, so that input methods and on-screen keyboards can help.
    public enum Purpose: Sendable {
        /// Any text; the default.
        case freeForm
        /// A web address.
        case url
        /// An e-mail address.
        case email
        /// Digits and number punctuation.
        case number
        /// A telephone number.
        case phone
        /// A person's name.
        case name
        /// A password, for input methods; the entry still shows the characters it is given (hide
        /// them with ``Entry/isTextVisible``).
        case password

        var gtk: GtkInputPurpose {
            switch self {
            case .freeForm: GTK_INPUT_PURPOSE_FREE_FORM
            case .url: GTK_INPUT_PURPOSE_URL
            case .email: GTK_INPUT_PURPOSE_EMAIL
            case .number: GTK_INPUT_PURPOSE_NUMBER
            case .phone: GTK_INPUT_PURPOSE_PHONE
            case .name: GTK_INPUT_PURPOSE_NAME
            case .password: GTK_INPUT_PURPOSE_PASSWORD
            }
        }

        /// The purpose GTK's `purpose` is, when it is one of these.
        init?(gtk purpose: GtkInputPurpose) {
            guard let match = [Self.freeForm, .url, .email, .number, .phone, .name, .password]
                .first(where: { $0.gtk == purpose }) else { return nil }
            self = match
        }
    }

    private let userChanges = UserChangeNotifier<@MainActor () -> Void>()
    /// The completion set on the entry, kept alive with it.
    public var completion: EntryCompletion? {
        didSet { gtk_entry_set_completion(hub_entry(gtkWidget), completion?.gtkCompletion) }
    }

    /// An empty entry.
    public init() {
        super.init(owning: gtk_entry_new())
    }

    override init(owning widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(owning: widget)
        // An entry a `.ui` definition made (or a subclass's) may have a purpose already.
        purpose = Purpose(gtk: gtk_entry_get_input_purpose(hub_entry(widget))) ?? .freeForm
    }

    /// The text in the field. Setting it does not call ``onChanged``: only the user's changes do,
    /// so a closure that stores the text where it came from cannot loop. Setting the text the field
    /// already has changes nothing, and leaves the cursor where it is. A text longer than
    /// ``maximumLength`` is cut to it.
    public var text: String {
        get { gtk_entry_get_text(hub_entry(gtkWidget)).map { String(cString: $0) } ?? "" }
        set {
            guard newValue != text else { return }
            userChanges.withoutNotification { gtk_entry_set_text(hub_entry(gtkWidget), newValue) }
        }
    }

    /// The most characters (Unicode scalar values, as GTK counts them) the field holds, or nil for
    /// no limit. The user cannot type or paste past it, and a ``text`` set in code is cut to it.
    /// Values are kept within 1 to ``largestMaximumLength``. Setting a limit below the length of the
    /// text cuts the text, without calling ``onChanged``.
    public var maximumLength: Int? {
        get {
            let length = gtk_entry_get_max_length(hub_entry(gtkWidget))
            return length > 0 ? Int(length) : nil
        }
        set {
            let length = newValue.map { Int32(min(max($0, 1), Self.largestMaximumLength)) } ?? 0
            userChanges.withoutNotification { gtk_entry_set_max_length(hub_entry(gtkWidget), length) }
        }
    }

    /// The largest ``maximumLength`` GTK takes: 65,535 characters.
    public static let largestMaximumLength = 65_535

    /// Whether the field shows its text; false shows each character as a dot, for passwords (assistive
    /// technologies then report the field as a password field and do not read its text).
    public var isTextVisible: Bool {
        get { gtk_entry_get_visibility(hub_entry(gtkWidget)) != 0 }
        set { gtk_entry_set_visibility(hub_entry(gtkWidget), newValue ? 1 : 0) }
    }

    /// Where the cursor is, in characters from the start of the text: 0 before the first one, the
    /// text's length after the last. Setting it beyond the end puts it at the end, below 0 at the
    /// start; it does not call ``onChanged``.
    public var cursorPosition: Int {
        get { Int(gtk_editable_get_position(hub_editable(gtkWidget))) }
        set { gtk_editable_set_position(hub_editable(gtkWidget), Int32(clamping: max(0, newValue))) }
    }

    /// Grey text shown while the field is empty.
    public var placeholder: String {
        get { gtk_entry_get_placeholder_text(hub_entry(gtkWidget)).map { String(cString: $0) } ?? "" }
        set { gtk_entry_set_placeholder_text(hub_entry(gtkWidget), newValue) }
    }

    /// The width the entry asks for, in characters.
    public var widthInCharacters: Int {
        get { Int(gtk_entry_get_width_chars(hub_entry(gtkWidget))) }
        set { gtk_entry_set_width_chars(hub_entry(gtkWidget), Int32(newValue)) }
    }

    /// What the text is, for input methods.
    public var purpose: Purpose = .freeForm {
        didSet { gtk_entry_set_input_purpose(hub_entry(gtkWidget), purpose.gtk) }
    }

    /// Whether Enter in the field activates the default button of its dialog.
    public var activatesDefault: Bool {
        get { gtk_entry_get_activates_default(hub_entry(gtkWidget)) != 0 }
        set { gtk_entry_set_activates_default(hub_entry(gtkWidget), newValue ? 1 : 0) }
    }

    /// Inserts `text` at the end as typing it does: ``onChanged`` is called (the benchmarks type
    /// into fields with it, as a person would).
    package final func typeAtEnd(_ text: String) {
        var position = Int32(clamping: g_utf8_strlen(self.text, -1))
        let length = Int32(clamping: text.utf8.count)
        gtk_editable_insert_text(hub_editable(gtkWidget), text, length, &position)
    }

    /// Selects all of the text (to be typed over).
    public func selectAll() {
        gtk_editable_select_region(hub_editable(gtkWidget), 0, -1)
    }

    /// Called when the user changes the text (not when ``text`` is set in code).
    public var onChanged: (@MainActor () -> Void)? {
        get { userChanges.handler }
        set { userChanges.setHandler(newValue, connecting: "changed", of: self) { $0() } }
    }

    /// Called when the user presses Enter in the field.
    public var onActivate: (@MainActor () -> Void)? {
        get { handler(forSignal: "activate") }
        set { setHandler(newValue, forSignal: "activate") }
    }
}
