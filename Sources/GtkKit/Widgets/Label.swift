internal import CGtk
import HubFramework

/// Shows a short text (GtkLabel).
///
/// ```swift
/// let title = Label()
/// title.xAlignment = 0
/// title.ellipsizes = .end
/// title.text = model.title ?? ""
/// ```
@MainActor
open class Label: Widget {
    /// Where a label shortens a text that does not fit, with an ellipsis.
    public enum EllipsisPosition: Sendable {
        /// Never shortened: the label asks for the width of its whole text.
        case none
        /// The beginning is cut: "…end of the text".
        case start
        /// The middle is cut: "Begin…end".
        case middle
        /// The end is cut: "Beginning of…".
        case end

        var pango: PangoEllipsizeMode {
            switch self {
            case .none: PANGO_ELLIPSIZE_NONE
            case .start: PANGO_ELLIPSIZE_START
            case .middle: PANGO_ELLIPSIZE_MIDDLE
            case .end: PANGO_ELLIPSIZE_END
            }
        }
    }

    /// How the lines of a wrapped label line up.
    public enum Justification: Sendable {
        /// Lines start at the left edge.
        case left
        /// Lines end at the right edge.
        case right
        /// Lines are centred.
        case center
        /// Lines are stretched to both edges, the last one excepted.
        case fill

        var gtk: GtkJustification {
            switch self {
            case .left: GTK_JUSTIFY_LEFT
            case .right: GTK_JUSTIFY_RIGHT
            case .center: GTK_JUSTIFY_CENTER
            case .fill: GTK_JUSTIFY_FILL
            }
        }
    }

    /// Longest text, in UTF-8 bytes, a label is given: 4,096, what GTK lays out and wraps within
    /// about three frames. Longer texts are cut (with an ellipsis) before they reach it. Within that
    /// length, a run of more than 32 characters without a break opportunity gets an invisible one
    /// (U+200B) every 32 characters: wrapping such a run costs the text engine time that grows with
    /// the square of its length. ``text`` reads back without those.
    public static let maximumTextLength = DisplayText.maximumLength

    /// The text last set, cut to ``maximumTextLength`` (empty after ``setMarkup(_:)``).
    private var givenText = ""
    /// What GTK was given for `givenText` when it differs (break opportunities added, or a
    /// one-line label's text cut shorter): ``text`` reads back `givenText` while GTK shows this.
    private var shownText: String?

    /// A label showing `text`.
    public init(_ text: String = "") {
        super.init(owning: gtk_label_new(nil))
        if !text.isEmpty { self.text = text }
    }

    override init(owning widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(owning: widget)
    }

    /// The text shown (without markup).
    public var text: String {
        get {
            guard let text = gtk_label_get_text(hub_label(gtkWidget)) else { return "" }
            let shown = String(cString: text)
            if let shownText, shownText == shown { return givenText }
            return shown
        }
        set {
            givenText = DisplayText.cut(newValue, to: DisplayText.maximumLength)
            showGivenText()
        }
    }

    /// Sets text with Pango markup (`<b>`, `<i>`, `<span …>`). Put text from models through
    /// ``escapeMarkup(_:)`` first: it escapes the text and bounds its length.
    public func setMarkup(_ markup: String) {
        givenText = ""
        shownText = nil
        gtk_label_set_markup(hub_label(gtkWidget), markup)
    }

    /// `text`, cut to ``maximumTextLength``, with the characters that markup gives a meaning
    /// (`<`, `&`, …) escaped.
    public static func escapeMarkup(_ text: String) -> String {
        guard let escaped = g_markup_escape_text(DisplayText.bounded(text), -1) else { return "" }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }

    /// Horizontal position of the text in the label, from 0 (leading) to 1 (trailing).
    public var xAlignment: Float {
        get { gtk_label_get_xalign(hub_label(gtkWidget)) }
        set { gtk_label_set_xalign(hub_label(gtkWidget), newValue) }
    }

    /// Vertical position of the text in the label, from 0 (top) to 1 (bottom).
    public var yAlignment: Float {
        get { gtk_label_get_yalign(hub_label(gtkWidget)) }
        set { gtk_label_set_yalign(hub_label(gtkWidget), newValue) }
    }

    /// Where the text is shortened when it does not fit.
    public var ellipsizes: EllipsisPosition {
        get {
            switch gtk_label_get_ellipsize(hub_label(gtkWidget)) {
            case PANGO_ELLIPSIZE_START: .start
            case PANGO_ELLIPSIZE_MIDDLE: .middle
            case PANGO_ELLIPSIZE_END: .end
            default: .none
            }
        }
        set {
            gtk_label_set_ellipsize(hub_label(gtkWidget), newValue.pango)
            if shownText != nil || givenText.utf8.count > DisplayText.maximumSingleLineLength { showGivenText() }
        }
    }

    /// Whether the text wraps onto several lines (at word boundaries, or anywhere in a word too long
    /// for a line).
    ///
    /// A wrapping label asks for at least the width of ``Label/minimumWrappingWidthInCharacters``
    /// characters: without a minimum, GTK works out the narrowest width the text could take by
    /// laying it out with a line per word, which took a 16 KiB text about a second.
    public var wrapsLines: Bool {
        get { gtk_label_get_line_wrap(hub_label(gtkWidget)) != 0 }
        set {
            gtk_label_set_line_wrap(hub_label(gtkWidget), newValue ? 1 : 0)
            gtk_label_set_line_wrap_mode(hub_label(gtkWidget), PANGO_WRAP_WORD_CHAR)
            if newValue, gtk_label_get_width_chars(hub_label(gtkWidget)) < 0 {
                gtk_label_set_width_chars(hub_label(gtkWidget), Int32(Self.minimumWrappingWidthInCharacters))
            }
            if shownText != nil || givenText.utf8.count > DisplayText.maximumSingleLineLength { showGivenText() }
        }
    }

    /// The narrowest a wrapping label asks to be, in characters (see ``wrapsLines``).
    public static let minimumWrappingWidthInCharacters = 10

    /// The most lines a wrapping, ellipsizing label shows (-1: no limit).
    public var maximumLines: Int {
        get { Int(gtk_label_get_lines(hub_label(gtkWidget))) }
        set { gtk_label_set_lines(hub_label(gtkWidget), Int32(newValue)) }
    }

    /// Keeps the label on one line (newlines shown as spaces).
    public var isSingleLine: Bool {
        get { gtk_label_get_single_line_mode(hub_label(gtkWidget)) != 0 }
        set { gtk_label_set_single_line_mode(hub_label(gtkWidget), newValue ? 1 : 0) }
    }

    /// How wrapped lines line up.
    public var justification: Justification {
        get {
            switch gtk_label_get_justify(hub_label(gtkWidget)) {
            case GTK_JUSTIFY_RIGHT: .right
            case GTK_JUSTIFY_CENTER: .center
            case GTK_JUSTIFY_FILL: .fill
            default: .left
            }
        }
        set { gtk_label_set_justify(hub_label(gtkWidget), newValue.gtk) }
    }

    /// The widest the label asks to be, in characters (-1: no limit).
    public var maximumWidthInCharacters: Int {
        get { Int(gtk_label_get_max_width_chars(hub_label(gtkWidget))) }
        set { gtk_label_set_max_width_chars(hub_label(gtkWidget), Int32(newValue)) }
    }

    /// Whether the user can select (and copy) the text.
    public var isSelectable: Bool {
        get { gtk_label_get_selectable(hub_label(gtkWidget)) != 0 }
        set { gtk_label_set_selectable(hub_label(gtkWidget), newValue ? 1 : 0) }
    }

    /// Gives GTK `givenText` as this label can show it: a one-line label that ellipsizes gets at
    /// most ``DisplayText/maximumSingleLineLength`` bytes (a line never shows more, and GTK shapes
    /// all it is given: 4 KiB of mixed scripts took it about 90 ms); any other label gets break
    /// opportunities in long unbroken runs. Again when the label starts or stops wrapping or
    /// ellipsizing.
    private func showGivenText() {
        let oneLine = !wrapsLines && ellipsizes != .none
        let shown = oneLine ? DisplayText.cut(givenText, to: DisplayText.maximumSingleLineLength)
            : DisplayText.softBroken(givenText)
        // Kept only when they differ: most texts are short and have no long run.
        shownText = shown.utf8.count != givenText.utf8.count ? shown : nil
        gtk_label_set_text(hub_label(gtkWidget), shown)
    }

    /// The size the label's text takes when wrapped at `maximumWidth` points (at word boundaries,
    /// or anywhere in a word too long for a line). It narrows the label's own text layout, so it is
    /// only for the off-screen labels of ``TextMeasurer``.
    package func measuredTextSize(maximumWidth: Double) -> Size {
        guard let layout = gtk_label_get_layout(hub_label(gtkWidget)) else { return .zero }
        pango_layout_set_width(layout, Int32(clamping: Int(maximumWidth * Double(PANGO_SCALE))))
        var width: Int32 = 0
        var height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        return Size(width: Double(width), height: Double(height))
    }
}
