import Foundation

/// A number of bytes that several downloads draw from together, so that many hostile downloads at
/// once cannot add up to more memory than one may take. Images share one: eight endless image bodies
/// of 32 MiB each would otherwise hold 256 MiB until each reached its own limit.
package final class ByteBudget: @unchecked Sendable {
    /// The most bytes held at once.
    package let limit: Int
    private let lock = NSLock()
    private var used = 0  // guarded by `lock`

    package init(limit: Int) {
        self.limit = limit
    }

    /// The bytes drawn now.
    package var usedBytes: Int { lock.withLock { used } }

    /// Draws `count` bytes; false, drawing nothing, when that would pass the limit.
    package func reserve(_ count: Int) -> Bool {
        lock.withLock {
            guard used + count <= limit else { return false }
            used += count
            return true
        }
    }

    /// Gives back `count` bytes drawn before.
    package func release(_ count: Int) {
        lock.withLock { used = max(0, used - count) }
    }
}
