import Foundation
import HubFramework

/// Collects the lines an `ImageFailureLog` writes.
package final class CapturedLog: Sendable {
    private final class Store: @unchecked Sendable {
        let lock = NSLock()
        package var lines: [String] = []
    }

    private let store: Store
    package let log: ImageFailureLog

    package init() {
        let store = Store()
        self.store = store
        log = ImageFailureLog { line in store.lock.withLock { store.lines.append(line) } }
    }

    package var lines: [String] { store.lock.withLock { store.lines } }
}
