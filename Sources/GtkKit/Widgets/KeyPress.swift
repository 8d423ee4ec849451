internal import CGtk

/// A key pressed on the keyboard, as a widget's ``Widget/onKeyPress(_:)`` handler receives it.
public struct KeyPress: Sendable, Equatable {
    /// Keys the framework's widgets commonly react to.
    public enum Key: Sendable, Equatable {
        /// Escape.
        case escape
        /// Return, or Enter on the keypad.
        case enter
        /// The space bar, on the main keyboard or the keypad.
        case space
        /// Tab, or Shift+Tab (which GDK reports as its own key).
        case tab
        /// The up arrow, on the main keyboard or the keypad.
        case up
        /// The down arrow.
        case down
        /// The left arrow.
        case left
        /// The right arrow.
        case right
        /// Home.
        case home
        /// End.
        case end
        /// Page Up.
        case pageUp
        /// Page Down.
        case pageDown
        /// A key that produces a character (lower-cased letters included).
        case character(Character)
        /// Any other key, by its GDK key value.
        case other(UInt32)
    }

    /// Modifier keys held down.
    public struct Modifiers: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Shift.
        public static let shift = Modifiers(rawValue: GDK_SHIFT_MASK.rawValue)
        /// Control (Ctrl).
        public static let control = Modifiers(rawValue: GDK_CONTROL_MASK.rawValue)
        /// Alt (GDK's first modifier, Mod1).
        public static let alt = Modifiers(rawValue: GDK_MOD1_MASK.rawValue)
        /// The Super (Windows, logo) key.
        public static let `super` = Modifiers(rawValue: GDK_SUPER_MASK.rawValue)
    }

    /// The key.
    public let key: Key
    /// The modifiers held while it was pressed.
    public let modifiers: Modifiers
    /// GDK's key value (`GDK_KEY_*`), for keys ``Key`` does not name.
    public let keyValue: UInt32

    init(_ event: GdkEventKey) {
        keyValue = event.keyval
        let relevant = GDK_SHIFT_MASK.rawValue | GDK_CONTROL_MASK.rawValue | GDK_MOD1_MASK.rawValue
            | GDK_SUPER_MASK.rawValue
        modifiers = Modifiers(rawValue: event.state & relevant)
        key = Self.key(for: event.keyval)
    }

    /// Whether the key moves the focus backwards: Shift+Tab, which GDK may also report as its own
    /// key (ISO Left Tab) without the Shift modifier.
    public var isBackwardTab: Bool {
        key == .tab && (modifiers.contains(.shift) || keyValue == UInt32(GDK_KEY_ISO_Left_Tab))
    }

    /// A key press made in code (tests, synthesized input).
    public init(key: Key, modifiers: Modifiers = []) {
        self.key = key
        self.modifiers = modifiers
        keyValue = 0
    }

    private static func key(for value: UInt32) -> Key {
        switch Int32(value) {
        case GDK_KEY_Escape: return .escape
        case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter: return .enter
        case GDK_KEY_space, GDK_KEY_KP_Space: return .space
        case GDK_KEY_Tab, GDK_KEY_ISO_Left_Tab, GDK_KEY_KP_Tab: return .tab
        case GDK_KEY_Up, GDK_KEY_KP_Up: return .up
        case GDK_KEY_Down, GDK_KEY_KP_Down: return .down
        case GDK_KEY_Left, GDK_KEY_KP_Left: return .left
        case GDK_KEY_Right, GDK_KEY_KP_Right: return .right
        case GDK_KEY_Home, GDK_KEY_KP_Home: return .home
        case GDK_KEY_End, GDK_KEY_KP_End: return .end
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: return .pageUp
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: return .pageDown
        default:
            let codePoint = gdk_keyval_to_unicode(value)
            if codePoint != 0, let scalar = Unicode.Scalar(codePoint) { return .character(Character(scalar)) }
            return .other(value)
        }
    }
}
