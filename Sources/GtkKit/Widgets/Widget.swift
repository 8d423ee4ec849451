internal import CGtk
import HubFramework

/// A GTK widget seen from Swift: the base class of every widget in the typed layer.
///
/// A `Widget` owns one reference to its GTK widget. GTK creates most widgets with a *floating*
/// reference; the initializer sinks it, so the Swift object is the owner, and `deinit` gives the
/// reference back. Containers keep the Swift objects of their children (see ``Container``), so a
/// widget tree built in Swift stays alive as long as its root does, subclasses and their stored
/// properties included.
///
/// Signal handlers that a widget connects (``Button/onClicked``, ``Entry/onChanged``, …) are
/// Swift closures owned by the widget: they are disconnected and released when the widget is.
/// Capture `self` weakly in them when `self` owns the widget, as with any stored closure.
///
/// ```swift
/// let title = Label()
/// title.addCSSClass("title")
/// title.text = model.title
/// ```
@MainActor
open class Widget {
    /// The GTK widget: GtkKit's own code uses it, and the tests that inspect GTK directly (with
    /// `@testable import GtkKit`). Internal, so no other target can reach C through a widget.
    let gtkWidget: UnsafeMutablePointer<GtkWidget>
    private var connections: [SignalConnection] = []
    private var connectedSignals: Set<String> = []
    private var eventMaskAdded: Int32 = 0
    private var focusOutHandler: (@MainActor () -> Void)?
    /// The handlers of the signals without arguments that ``setHandler(_:forSignal:)`` connected.
    private var signalHandlers: [String: @MainActor () -> Void] = [:]

    /// The container this widget was added to through the typed layer, if any.
    public internal(set) weak var parent: Container?

    /// Takes ownership of `widget`: sinks a floating reference, or adds one to a widget that has
    /// none floating (windows, which GTK keeps in its list of toplevels).
    init(owning widget: UnsafeMutablePointer<GtkWidget>) {
        gtkWidget = widget
        g_object_ref_sink(widget)
        g_object_set_qdata(UnsafeMutablePointer(OpaquePointer(widget)), Self.wrapperQuark,
                           Unmanaged.passUnretained(self).toOpaque())
        Self.liveInstanceCount += 1
    }

    isolated deinit {
        Self.liveInstanceCount -= 1
        for connection in connections { connection.disconnect() }
        g_object_set_qdata(UnsafeMutablePointer(OpaquePointer(gtkWidget)), Self.wrapperQuark, nil)
        g_object_unref(gtkWidget)
    }

    /// How many `Widget` objects are alive: the soak test checks that navigating does not pile them up.
    package private(set) static var liveInstanceCount = 0

    /// Where a GTK widget notes the Swift object that owns it (one fixed quark for the process).
    private static let wrapperQuark = g_quark_from_string("hub-swift-widget")

    /// The Swift object of `widget`, while one is alive.
    static func wrapper(of widget: UnsafeMutablePointer<GtkWidget>) -> Widget? {
        guard let data = g_object_get_qdata(UnsafeMutablePointer(OpaquePointer(widget)), wrapperQuark) else {
            return nil
        }
        return Unmanaged<Widget>.fromOpaque(data).takeUnretainedValue()
    }

    /// The window the widget is in, when it is in one made through the typed layer.
    public var window: Window? {
        guard let toplevel = gtk_widget_get_toplevel(gtkWidget), gtk_widget_is_toplevel(toplevel) != 0 else {
            return nil
        }
        return Self.wrapper(of: toplevel) as? Window
    }

    /// Keeps `connection` until the widget goes away.
    package func retain(_ connection: SignalConnection) {
        connections.append(connection)
    }

    /// Connects `signal` with `connect` the first time a handler property for it is set; later sets
    /// only replace the stored handler that the one connection calls.
    package func connectOnce(_ signal: String, _ connect: () -> SignalConnection) {
        guard connectedSignals.insert(signal).inserted else { return }
        retain(connect())
    }

    /// Makes `handler` what `signal`, a signal without arguments whose handler returns nothing
    /// (`clicked`, `activate`), calls: the storage of a handler property such as
    /// ``Button/onClicked``. The signal is connected the first time; nil leaves it connected,
    /// calling nothing.
    package func setHandler(_ handler: (@MainActor () -> Void)?, forSignal signal: String) {
        signalHandlers[signal] = handler
        connectOnce(signal) { GSignal.connect(gtkWidget, signal) { [unowned self] in self.signalHandlers[signal]?() } }
    }

    /// The handler ``setHandler(_:forSignal:)`` gave `signal`.
    package func handler(forSignal signal: String) -> (@MainActor () -> Void)? {
        signalHandlers[signal]
    }

    // MARK: Style

    /// Adds a CSS class (a style class in GTK's style context).
    public func addCSSClass(_ name: String) {
        gtk_style_context_add_class(gtk_widget_get_style_context(gtkWidget), name)
    }

    /// Removes a CSS class.
    public func removeCSSClass(_ name: String) {
        gtk_style_context_remove_class(gtk_widget_get_style_context(gtkWidget), name)
    }

    /// True when the widget has the CSS class.
    public func hasCSSClass(_ name: String) -> Bool {
        gtk_style_context_has_class(gtk_widget_get_style_context(gtkWidget), name) != 0
    }

    /// Adds or removes a CSS class.
    public func setCSSClass(_ name: String, _ isPresent: Bool) {
        if isPresent { addCSSClass(name) } else { removeCSSClass(name) }
    }

    /// The widget's CSS name (`#name` in a stylesheet).
    ///
    /// GTK keeps every name it has seen for the life of the process: use a fixed set of names,
    /// never one per model or per row.
    public var cssName: String {
        get { String(cString: gtk_widget_get_name(gtkWidget)) }
        set { gtk_widget_set_name(gtkWidget, newValue) }
    }

    /// The direction the widget lays out text and children in: its own if set, else GTK's default
    /// (right to left when the locale's language is written so, and GTK has its translations).
    public var textDirection: LayoutDirection {
        gtk_widget_get_direction(gtkWidget) == GTK_TEXT_DIR_RTL ? .rightToLeft : .leftToRight
    }

    /// GTK's direction for widgets that have none of their own. Widgets created before a change keep
    /// theirs until GTK updates them (it does for every widget when this is set).
    public static var defaultTextDirection: LayoutDirection {
        get { gtk_widget_get_default_direction() == GTK_TEXT_DIR_RTL ? .rightToLeft : .leftToRight }
        set { gtk_widget_set_default_direction(newValue == .rightToLeft ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR) }
    }

    /// How opaque the widget is drawn, from 0 to 1.
    public var opacity: Double {
        get { gtk_widget_get_opacity(gtkWidget) }
        set { gtk_widget_set_opacity(gtkWidget, newValue) }
    }

    // MARK: Visibility

    /// Whether the widget is shown (GTK draws it only when its parents are shown too).
    public var isVisible: Bool {
        get { gtk_widget_get_visible(gtkWidget) != 0 }
        set { gtk_widget_set_visible(gtkWidget, newValue ? 1 : 0) }
    }

    /// Shows the widget.
    public func show() { gtk_widget_show(gtkWidget) }

    /// Hides the widget.
    public func hide() { gtk_widget_hide(gtkWidget) }

    /// Shows the widget and every widget inside it, but those with ``isExcludedFromShowAll``.
    public func showAll() { gtk_widget_show_all(gtkWidget) }

    /// When true, ``showAll()`` on a parent leaves this widget as it is: for parts whose
    /// visibility a component sets per model.
    public var isExcludedFromShowAll: Bool {
        get { gtk_widget_get_no_show_all(gtkWidget) != 0 }
        set { gtk_widget_set_no_show_all(gtkWidget, newValue ? 1 : 0) }
    }

    /// Whether the widget reacts to input (false greys it out).
    public var isEnabled: Bool {
        get { gtk_widget_get_sensitive(gtkWidget) != 0 }
        set { gtk_widget_set_sensitive(gtkWidget, newValue ? 1 : 0) }
    }

    // MARK: Size and placement

    /// The smallest size the widget asks for; -1 in a dimension means "its natural size".
    public func setSizeRequest(width: Int, height: Int) {
        gtk_widget_set_size_request(gtkWidget, Int32(clamping: width), Int32(clamping: height))
    }

    /// The size request set with ``setSizeRequest(width:height:)`` (-1 where none is set).
    public var sizeRequest: (width: Int, height: Int) {
        var width: Int32 = 0
        var height: Int32 = 0
        gtk_widget_get_size_request(gtkWidget, &width, &height)
        return (Int(width), Int(height))
    }

    /// The size GTK gave the widget at the last layout, in points.
    public var allocatedSize: Size {
        Size(width: Double(gtk_widget_get_allocated_width(gtkWidget)),
             height: Double(gtk_widget_get_allocated_height(gtkWidget)))
    }

    /// Where the widget sits in the space its parent gives it, horizontally.
    public var horizontalAlignment: Alignment {
        get { Alignment(gtk_widget_get_halign(gtkWidget)) }
        set { gtk_widget_set_halign(gtkWidget, newValue.gtkAlign) }
    }

    /// Where the widget sits in the space its parent gives it, vertically.
    public var verticalAlignment: Alignment {
        get { Alignment(gtk_widget_get_valign(gtkWidget)) }
        set { gtk_widget_set_valign(gtkWidget, newValue.gtkAlign) }
    }

    /// Whether the widget takes extra horizontal space its parent has.
    public var expandsHorizontally: Bool {
        get { gtk_widget_get_hexpand(gtkWidget) != 0 }
        set { gtk_widget_set_hexpand(gtkWidget, newValue ? 1 : 0) }
    }

    /// Whether the widget takes extra vertical space its parent has.
    public var expandsVertically: Bool {
        get { gtk_widget_get_vexpand(gtkWidget) != 0 }
        set { gtk_widget_set_vexpand(gtkWidget, newValue ? 1 : 0) }
    }

    /// Space around the widget, in points (leading and trailing follow the text direction).
    public var margins: EdgeInsets {
        get {
            EdgeInsets(top: Double(gtk_widget_get_margin_top(gtkWidget)),
                       left: Double(gtk_widget_get_margin_start(gtkWidget)),
                       bottom: Double(gtk_widget_get_margin_bottom(gtkWidget)),
                       right: Double(gtk_widget_get_margin_end(gtkWidget)))
        }
        set {
            gtk_widget_set_margin_top(gtkWidget, Int32(newValue.top.rounded()))
            gtk_widget_set_margin_start(gtkWidget, Int32(newValue.left.rounded()))
            gtk_widget_set_margin_bottom(gtkWidget, Int32(newValue.bottom.rounded()))
            gtk_widget_set_margin_end(gtkWidget, Int32(newValue.right.rounded()))
        }
    }

    /// Asks GTK to measure and place the widget again.
    public func queueResize() { gtk_widget_queue_resize(gtkWidget) }

    /// Asks GTK to draw the widget again.
    public func queueDraw() { gtk_widget_queue_draw(gtkWidget) }

    // MARK: Focus and tooltips

    /// Whether the widget can take the keyboard focus.
    public var canFocus: Bool {
        get { gtk_widget_get_can_focus(gtkWidget) != 0 }
        set { gtk_widget_set_can_focus(gtkWidget, newValue ? 1 : 0) }
    }

    /// True while the widget has the keyboard focus of its window.
    public var hasFocus: Bool { gtk_widget_has_focus(gtkWidget) != 0 }

    /// Moves the keyboard focus to the widget.
    public func grabFocus() { gtk_widget_grab_focus(gtkWidget) }

    /// Called when the widget loses the keyboard focus: the user moved to another widget, or to
    /// another window (the widget keeps its place as its window's focus then, and gets the focus
    /// back with the window). A form's field tells here that the user has left it.
    public var onFocusOut: (@MainActor () -> Void)? {
        get { focusOutHandler }
        set {
            focusOutHandler = newValue
            connectOnce("focus-out-event") {
                // False: GTK's own handlers (a text field's cursor stops blinking, its input method
                // resets) run too.
                GSignal.connectEvent(gtkWidget, "focus-out-event") { [unowned self] _ in
                    self.focusOutHandler?()
                    return false
                }
            }
        }
    }

    /// Text shown when the pointer rests on the widget.
    public var tooltip: String? {
        get {
            guard let text = gtk_widget_get_tooltip_text(gtkWidget) else { return nil }
            defer { g_free(text) }
            return String(cString: text)
        }
        set { gtk_widget_set_tooltip_text(gtkWidget, newValue.map { DisplayText.bounded($0) }) }
    }

    // MARK: Accessibility

    /// The name assistive technologies read for the widget.
    public var accessibleName: String {
        get { accessibleText(atk_object_get_name) }
        set { setAccessibleText(newValue, atk_object_set_name) }
    }

    /// A longer description assistive technologies read after the name.
    public var accessibleDescription: String {
        get { accessibleText(atk_object_get_description) }
        set { setAccessibleText(newValue, atk_object_set_description) }
    }

    /// What the widget is to assistive technologies.
    public var accessibleRole: AccessibleRole {
        get { accessible.map { AccessibleRole(atk_object_get_role($0)) } ?? .unknown }
        set { if let accessible { atk_object_set_role(accessible, newValue.atkRole) } }
    }

    /// The widget's accessible object (GTK makes it the first time it is asked for).
    private var accessible: UnsafeMutablePointer<AtkObject>? { gtk_widget_get_accessible(gtkWidget) }

    /// A text of the accessible object that `get` reads (its name, its description); "" for none.
    private func accessibleText(_ get: (UnsafeMutablePointer<AtkObject>?) -> UnsafePointer<gchar>?) -> String {
        guard let accessible, let text = get(accessible) else { return "" }
        return String(cString: text)
    }

    /// Sets a text of the accessible object with `set`, cut to a label's length: assistive
    /// technologies read it whole.
    private func setAccessibleText(_ text: String,
                                   _ set: (UnsafeMutablePointer<AtkObject>?, UnsafePointer<gchar>?) -> Void)
    {
        guard let accessible else { return }
        DisplayText.cut(text, to: DisplayText.maximumLength).withCString { set(accessible, $0) }
    }

    // MARK: Tree

    /// The window the widget is in, when it is in one.
    public var isInWindow: Bool {
        guard let toplevel = gtk_widget_get_toplevel(gtkWidget) else { return false }
        return gtk_widget_is_toplevel(toplevel) != 0
    }

    /// Converts a point from this widget's coordinates to `other`'s; nil when they share no window.
    public func convert(_ point: Point, to other: Widget) -> Point? {
        var x: Int32 = 0
        var y: Int32 = 0
        guard gtk_widget_translate_coordinates(gtkWidget, other.gtkWidget, Int32(point.x.rounded()),
                                               Int32(point.y.rounded()), &x, &y) != 0
        else { return nil }
        return Point(x: Double(x), y: Double(y))
    }

    /// Takes the widget out of whatever GTK container holds it.
    public func removeFromParent() {
        if let parent {
            parent.remove(self)
        } else if let gtkParent = gtk_widget_get_parent(gtkWidget) {
            gtk_container_remove(hub_container(gtkParent), gtkWidget)
        }
    }

    // MARK: Events

    /// Called when a key is pressed while the widget (or a widget inside it) has the focus.
    /// Return true when you handled the key, to stop GTK from handling it too.
    public func onKeyPress(_ handler: @escaping @MainActor (KeyPress) -> Bool) {
        addEvents(Int32(GDK_KEY_PRESS_MASK.rawValue))
        retain(GSignal.connectEvent(gtkWidget, "key-press-event") { event in
            guard let key = hub_event_key(event) else { return false }
            return handler(KeyPress(key.pointee))
        })
    }

    /// Called when the widget is destroyed (its window closed, for instance).
    public func onDestroy(_ handler: @escaping @MainActor () -> Void) {
        retain(GSignal.connect(gtkWidget, "destroy", handler))
    }

    /// Called each time GTK gives the widget a new size.
    public func onResize(_ handler: @escaping @MainActor (Size) -> Void) {
        retain(observeAllocation(handler))
    }

    package func addEvents(_ mask: Int32) {
        guard eventMaskAdded & mask != mask else { return }
        eventMaskAdded |= mask
        gtk_widget_add_events(gtkWidget, mask)
    }
}
