/// Lets image transfers reach a host a few at a time, so that a page of images does not open
/// dozens of connections to one server, without letting a server that leaves images unanswered
/// hold up the rest: a transfer whose answer has not begun a moment after it was sent stops
/// counting (``SoupHTTPClient`` tells it so), and the next one waiting starts. Its connection stays
/// open until its own deadline; libsoup's limit on the image session bounds how many such
/// connections a host can collect.
///
/// Used only on the client's thread, so it needs no lock.
final class HostAdmission {
    /// Transfers that may count against one host at once.
    let limit: Int
    private var counted: [String: Int] = [:]
    private var waiting: [String: [(id: ObjectIdentifier, start: () -> Void)]] = [:]

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// True when the transfer `id` may start now: it counts against `host` until ``leave(_:)``.
    /// Otherwise it waits its turn, first come first served, and `start` is called when it comes
    /// (it counts from then on).
    func enter(_ host: String, id: ObjectIdentifier, start: @escaping () -> Void) -> Bool {
        if counted[host, default: 0] < limit, waiting[host]?.isEmpty ?? true {
            counted[host, default: 0] += 1
            return true
        }
        waiting[host, default: []].append((id, start))
        return false
    }

    /// A counted transfer stops counting (it ended, or its server left it unanswered): the first
    /// one waiting for `host` starts.
    func leave(_ host: String) {
        let remaining = counted[host, default: 1] - 1
        counted[host] = remaining > 0 ? remaining : nil
        guard var queue = waiting[host], !queue.isEmpty else { return }
        let next = queue.removeFirst()
        waiting[host] = queue.isEmpty ? nil : queue
        counted[host, default: 0] += 1
        next.start()
    }

    /// The waiting transfer `id` gives up its place (it was cancelled before its turn).
    func withdraw(_ host: String, id: ObjectIdentifier) {
        waiting[host]?.removeAll { $0.id == id }
        if waiting[host]?.isEmpty == true { waiting[host] = nil }
    }

    /// Transfers counted against `host` now, and waiting for it (for tests).
    func load(of host: String) -> (counted: Int, waiting: Int) {
        (counted[host] ?? 0, waiting[host]?.count ?? 0)
    }
}
