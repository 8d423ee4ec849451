internal import CGtk

/// A field for text of several lines (GtkTextView), wrapped at word boundaries (and inside a word
/// too long for a line).
///
/// Two bounds keep the main loop responsive whatever text a document or a paste puts in the field:
/// - It holds at most ``largestMaximumLength`` characters, whatever ``maximumLength`` says. GTK lays
///   out a paragraph whole at each change: one of 64 K characters took it 33–100 ms at each keystroke
///   (GTK 3.24, Pango 1.50, on the 2-core development machine), one of 16 K 10–60 ms.
/// - A text with more than ``longestWordWrappedRun`` characters in a row without a space or a line
///   break wraps anywhere, at any character, rather than at word boundaries: Pango wraps such a run
///   at word boundaries in time that grows with the square of its length (16 K characters of `x`
///   held the main loop for 0.3–0.5 s at each keystroke, 64 K for 6–7 s), at any character in time
///   that grows with the length only. The text itself is kept as it is.
///
/// Tab moves the keyboard focus to the next widget, as in any other field of a form, rather than
/// typing a tab character (Ctrl+Tab types one). As a field's Tab does, it goes first to the view's
/// ancestors, so that a container that moves the focus between its items itself (a list whose
/// items hold fields) gets it; when none takes it, GTK moves the focus along its own chain.
///
/// ```swift
/// let notes = TextView()
/// notes.minimumLines = 4
/// notes.maximumLength = 500
/// notes.onChanged = { [weak self] in self?.store(notes.text) }
/// ```
@MainActor
open class TextView: Widget {
    /// The view's text buffer. GTK lets it go when the view is destroyed (its window closed), while
    /// the Swift object still reads it and its handlers are still connected to it: the view's GObject
    /// keeps a reference of its own, given back when the GObject is finalized, after `Widget`'s
    /// deinit has disconnected them.
    private let buffer: UnsafeMutablePointer<GtkTextBuffer>
    private let userChanges = UserChangeNotifier<@MainActor () -> Void>()
    /// True while the `insert-text` handler inserts the part of a text that fits.
    private var isInsertingFittingPart = false

    /// The most characters the field holds (``maximumLength`` may lower it): 8,192.
    public static let largestMaximumLength = 8_192

    /// The longest run of characters without a space or a line break that a text may have and
    /// still wrap at word boundaries: 256, longer than any word or common web address.
    public static let longestWordWrappedRun = 256

    /// An empty field, ``minimumLines`` lines high.
    public init() {
        let view = gtk_text_view_new()!
        buffer = gtk_text_view_get_buffer(hub_text_view(view))
        super.init(owning: view)
        g_object_set_data_full(UnsafeMutablePointer(OpaquePointer(view)), "hub-text-buffer", g_object_ref(buffer),
                               g_object_unref)
        gtk_text_view_set_wrap_mode(hub_text_view(view), GTK_WRAP_WORD_CHAR)
        gtk_text_view_set_accepts_tab(hub_text_view(view), 0)
        retain(GSignal.connect(buffer, "insert-text") { [unowned self] invocation in
            self.keepInsertionWithinMaximumLength(invocation)
        })
        retain(GSignal.connect(buffer, "changed") { [unowned self] in self.chooseWrapMode() })
        retain(GSignal.connectEvent(gtkWidget, "key-press-event") { [unowned self] event in
            self.offerTabToAncestors(event)
        })
        // The height of a line follows the font, which the style sets (and a stylesheet may change).
        retain(GSignal.connect(gtkWidget, "style-updated", after: true) { [unowned self] _ in
            self.requestMinimumHeight()
        })
        requestMinimumHeight()
    }

    /// The text in the field. Setting it does not call ``onChanged``: only the user's changes do,
    /// so a closure that stores the text where it came from cannot loop. Setting the text the field
    /// already has changes nothing, and leaves the cursor where it is. A text longer than
    /// ``maximumLength`` is cut to it.
    public var text: String {
        get {
            var start = GtkTextIter()
            var end = GtkTextIter()
            gtk_text_buffer_get_bounds(buffer, &start, &end)
            guard let text = gtk_text_buffer_get_text(buffer, &start, &end, 1) else { return "" }
            defer { g_free(text) }
            return String(cString: text)
        }
        set {
            guard newValue != text else { return }
            userChanges.withoutNotification { gtk_text_buffer_set_text(buffer, newValue, -1) }
        }
    }

    /// The most characters (Unicode scalar values, as GTK counts them) the field holds, or nil for
    /// ``largestMaximumLength``. Of a text typed, pasted or dropped that would go past it, only the
    /// characters that fit are inserted (and the display bell rings); a ``text`` set in code is cut
    /// to it too (without the bell). Values are kept within 1 to ``largestMaximumLength``. Setting a limit does not cut
    /// the text already there.
    public var maximumLength: Int? {
        didSet {
            if let maximumLength { self.maximumLength = min(max(maximumLength, 1), Self.largestMaximumLength) }
        }
    }

    /// Where the cursor is, in characters from the start of the text: 0 before the first one, the
    /// text's length after the last. Setting it beyond the end puts it at the end, below 0 at the
    /// start; it does not call ``onChanged``.
    public var cursorPosition: Int {
        get {
            var iter = GtkTextIter()
            gtk_text_buffer_get_iter_at_mark(buffer, &iter, gtk_text_buffer_get_insert(buffer))
            return Int(gtk_text_iter_get_offset(&iter))
        }
        set {
            var iter = GtkTextIter()
            gtk_text_buffer_get_iter_at_offset(buffer, &iter, Int32(clamping: max(0, newValue)))
            gtk_text_buffer_place_cursor(buffer, &iter)
        }
    }

    /// The fewest lines of text the field is high: 3 unless set, kept within 1 to
    /// ``largestMinimumLines``. The height follows the font; it is the height of the field's size
    /// request, so it replaces one set with ``Widget/setSizeRequest(width:height:)`` (the width
    /// stays). The field grows with a longer text: put it in a ``ScrolledWindow`` to keep it to a
    /// height.
    public var minimumLines: Int = 3 {
        didSet {
            minimumLines = min(max(minimumLines, 1), Self.largestMinimumLines)
            requestMinimumHeight()
        }
    }

    /// The largest ``minimumLines``: 100, taller than any screen.
    public static let largestMinimumLines = 100

    /// Called when the user changes the text (not when ``text`` is set in code).
    public var onChanged: (@MainActor () -> Void)? {
        get { userChanges.handler }
        set { userChanges.setHandler(newValue, connecting: "changed", of: self, instance: buffer) { $0() } }
    }

    /// `key-press-event`, before GtkTextView's own handler: Tab and Shift+Tab (without Ctrl) go to
    /// the ancestors first, nearest first, as they would from a field that does not handle them
    /// (GtkTextView handles them itself, moving the focus along GTK's chain, so they never reach
    /// the ancestors on their own). Returns whether one of them took the key.
    private func offerTabToAncestors(_ event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        guard let key = hub_event_key(event)?.pointee else { return false }
        let press = KeyPress(key)
        guard press.key == .tab, !press.modifiers.contains(.control) else { return false }
        var ancestor = gtk_widget_get_parent(gtkWidget)
        while let widget = ancestor, gtk_widget_is_toplevel(widget) == 0 {
            if gtk_widget_event(widget, event) != 0 { return true }
            ancestor = gtk_widget_get_parent(widget)
        }
        return false
    }

    /// The buffer's `insert-text` handler, which runs before GTK inserts (its arguments: the place,
    /// the text and its length in bytes). A text that would go past ``maximumLength`` is not
    /// inserted; its first characters, as many as fit, are, in a nested insertion at the same place
    /// (which moves the caller's iterator past them, as the insertion it replaces would have).
    private func keepInsertionWithinMaximumLength(_ invocation: ClosureInvocation) {
        guard !isInsertingFittingPart, let location = invocation.pointer(1), let bytes = invocation.pointer(2)
        else { return }
        let maximumLength = maximumLength ?? Self.largestMaximumLength
        let text = bytes.assumingMemoryBound(to: gchar.self)
        let length = invocation.int(3)
        let room = max(0, maximumLength - Int(gtk_text_buffer_get_char_count(buffer)))
        guard Int(g_utf8_strlen(text, gssize(length))) > room else { return }
        g_signal_stop_emission_by_name(buffer, "insert-text")
        if !userChanges.isChangingInCode { gtk_widget_error_bell(gtkWidget) }
        guard room > 0, let end = g_utf8_offset_to_pointer(text, glong(room)) else { return }
        isInsertingFittingPart = true
        gtk_text_buffer_insert(buffer, location.assumingMemoryBound(to: GtkTextIter.self), text,
                               Int32(text.distance(to: end)))
        isInsertingFittingPart = false
    }

    /// Wraps at word boundaries unless the text has a run too long to (see the type's description).
    /// After every change, the text set in code included: a scan of at most 32 KiB of bytes (8,192
    /// characters of at most 4 bytes).
    private func chooseWrapMode() {
        let mode = DisplayText.hasUnbrokenRun(longerThan: Self.longestWordWrappedRun, in: text)
            ? GTK_WRAP_CHAR : GTK_WRAP_WORD_CHAR
        let view = hub_text_view(gtkWidget)
        if gtk_text_view_get_wrap_mode(view) != mode { gtk_text_view_set_wrap_mode(view, mode) }
    }

    /// Asks for the height of ``minimumLines`` lines of the current font, with the text's margins
    /// and the style's padding and border around them.
    private func requestMinimumHeight() {
        guard let layout = gtk_widget_create_pango_layout(gtkWidget, "Ag") else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var lineWidth: Int32 = 0
        var lineHeight: Int32 = 0
        pango_layout_get_pixel_size(layout, &lineWidth, &lineHeight)
        let view = hub_text_view(gtkWidget)
        let style = gtk_widget_get_style_context(gtkWidget)
        let state = gtk_style_context_get_state(style)
        var padding = GtkBorder()
        var border = GtkBorder()
        gtk_style_context_get_padding(style, state, &padding)
        gtk_style_context_get_border(style, state, &border)
        let spacing = gtk_text_view_get_pixels_above_lines(view) + gtk_text_view_get_pixels_below_lines(view)
        let frame = gtk_text_view_get_top_margin(view) + gtk_text_view_get_bottom_margin(view)
            + Int32(padding.top) + Int32(padding.bottom) + Int32(border.top) + Int32(border.bottom)
        var width: Int32 = -1
        gtk_widget_get_size_request(gtkWidget, &width, nil)
        gtk_widget_set_size_request(gtkWidget, width, Int32(minimumLines) * (lineHeight + spacing) + frame)
    }
}
