import Foundation

/// Counts the loads of a content operation, which run on background threads: a feature made at
/// once the first time and slowly when reloaded asks it which load it is in.
final class LoadCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    /// The number of this load: 1 for the first.
    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        return count
    }
}
