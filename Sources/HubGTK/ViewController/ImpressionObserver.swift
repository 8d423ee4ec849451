import HubFramework

/// Hears when a component with `logging` data has been seen in a ``ViewController``'s view (see
/// ``ViewController/impressionObserver`` and ``ViewControllerFactory/impressionObserver``).
///
/// An impression is reported once per *appearance*: when at least the view's (or the component's)
/// ``/HubFramework/ImpressionThresholds/visibleFraction`` of the component has been visible for
/// ``/HubFramework/ImpressionThresholds/duration`` without interruption. A component that scrolls
/// away and back appears again and is reported again; one that stays, through reloads that keep its
/// identifier and `logging`, recycled widgets or a window hidden and shown again, is not.
@MainActor
public protocol ImpressionObserver: AnyObject {
    /// `impression`'s component has been seen in `viewController`'s view. Called on the main thread,
    /// from the main loop; the observer may change the view (scroll, reload) from here.
    func viewController(_ viewController: ViewController, didRecord impression: Impression)
}
