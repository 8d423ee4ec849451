/// A list of weakly held observers (connectivity resolvers, live documents). Dead entries are
/// dropped whenever an observer is added or removed.
public struct WeakObserverList<Observer> {
    private var boxes: [WeakBox] = []
    private struct WeakBox { weak var object: AnyObject? }

    /// Creates an empty list.
    public init() {}

    /// Adds `observer`, held weakly. Adding an observer that is already in the list moves it to the end.
    public mutating func add(_ observer: Observer) {
        let object = observer as AnyObject
        boxes.removeAll { $0.object == nil || $0.object === object }
        boxes.append(WeakBox(object: object))
    }

    /// Removes `observer` (compared by identity); nothing happens when it is not in the list.
    public mutating func remove(_ observer: Observer) {
        let object = observer as AnyObject
        boxes.removeAll { $0.object == nil || $0.object === object }
    }

    /// The observers still alive, in the order they were added.
    public var all: [Observer] { boxes.compactMap { $0.object as? Observer } }
}
