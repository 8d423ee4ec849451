internal import CGtk
import HubFramework

/// A press, release or movement of a pointer (a mouse, a touchpad, a finger on a touchscreen), as
/// the handlers of ``Widget/onButtonPress(_:)``, ``Widget/onButtonRelease(_:)`` and
/// ``Widget/onPointerMotion(_:)`` receive it.
///
/// Locations are given on the screen (``rootLocation``): a widget can move under the pointer
/// between a press and its release (the content scrolls), and screen coordinates stay comparable.
/// ``Widget/location(ofScreenPoint:)`` turns one into a widget's own coordinates.
public struct PointerEvent: Sendable, Equatable {
    /// What happened.
    public enum Kind: Sendable, Equatable {
        /// A button went down (the first of a double or triple click too).
        case press
        /// The second press of a double click, after its own ``press``.
        case doublePress
        /// The third press of a triple click.
        case triplePress
        /// A button went up.
        case release
        /// The pointer moved.
        case motion
    }

    /// What happened.
    public let kind: Kind
    /// The button: 1 is the primary one (left, or a touch), 2 the middle, 3 the secondary; 0 for motion.
    public let button: Int
    /// Where the pointer is, in screen coordinates.
    public let rootLocation: Point
    /// True when a finger on a touchscreen made the event, rather than a mouse or touchpad.
    public let isFromTouchscreen: Bool

    /// An event as a test or an input method would describe it.
    public init(kind: Kind, button: Int, rootLocation: Point, isFromTouchscreen: Bool = false) {
        self.kind = kind
        self.button = button
        self.rootLocation = rootLocation
        self.isFromTouchscreen = isFromTouchscreen
    }

    /// Reads a GDK button or motion event; nil for other events.
    init?(_ event: UnsafeMutablePointer<GdkEvent>) {
        switch event.pointee.type {
        case GDK_BUTTON_PRESS, GDK_2BUTTON_PRESS, GDK_3BUTTON_PRESS, GDK_BUTTON_RELEASE:
            let button = hub_event_button(event)!.pointee
            switch button.type {
            case GDK_2BUTTON_PRESS: kind = .doublePress
            case GDK_3BUTTON_PRESS: kind = .triplePress
            case GDK_BUTTON_RELEASE: kind = .release
            default: kind = .press
            }
            self.button = Int(button.button)
            rootLocation = Point(x: button.x_root, y: button.y_root)
        case GDK_MOTION_NOTIFY:
            let motion = hub_event_motion(event)!.pointee
            kind = .motion
            button = 0
            rootLocation = Point(x: motion.x_root, y: motion.y_root)
        default:
            return nil
        }
        // Asked only of pointer events: GDK warns when an event of another kind has no device.
        let source = gdk_event_get_source_device(event).map { gdk_device_get_source($0) }
        isFromTouchscreen = source == GDK_SOURCE_TOUCHSCREEN
    }
}
