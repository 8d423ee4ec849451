/// The rules of impressions, without a display or a clock of its own: a view tells it what is
/// visible, and how much, each time that may have changed (``update(visible:isShown:at:)``), and
/// arms one timer for ``nextDeadline``, at which it calls ``advance(to:)``. Both return the
/// impressions that became due, in the order of their deadlines.
///
/// The rules:
/// - An *appearance* of a component (see ``ImpressionKey`` for its identity) begins at the first
///   update in which at least its thresholds' fraction of it is visible while the view is shown.
/// - It is reported once, when it has lasted its thresholds' duration. An update or advance at or
///   after the deadline reports it, even if the same update then ends it: the component was seen
///   until that moment.
/// - It ends at the first update in which the component is missing or less visible than its
///   fraction; a later update in which it is visible enough begins a new appearance, reported anew.
///   A component visible for less than the duration (scrolled past) is never reported.
/// - An update that keeps the identity (a reload with the same identifier and `logging`, a widget
///   recycled for another row, the row moving to another index) continues the appearance.
/// - While the view is not shown (its window hidden or minimized, the view navigated away from),
///   nothing is reported and the updates' components are not looked at: appearances not reported
///   yet are dropped (the duration is one of uninterrupted visibility, so it starts again when the
///   view is back), and reported ones are kept as they were. When the view is shown again, the first
///   update decides: a reported component still visible enough continues its appearance and is not
///   reported again; others begin new appearances.
package final class ImpressionTracker {
    package typealias Instant = ContinuousClock.Instant

    private struct Appearance {
        var start: Instant
        var isReported = false
        var latest: ImpressionCandidate

        var deadline: Instant { start + latest.thresholds.duration }
    }

    private var appearances: [ImpressionKey: Appearance] = [:]
    /// Whether the last update said the view is shown.
    package private(set) var isShown = false

    package init() {}

    /// The appearances under way, reported or not.
    package var appearanceCount: Int { appearances.count }
    /// The appearances not reported yet.
    package var pendingCount: Int { appearances.values.count { !$0.isReported } }

    /// When the next appearance becomes due; nil when none is waiting. Call ``advance(to:)`` then.
    package var nextDeadline: Instant? {
        appearances.values.lazy.filter { !$0.isReported }.map(\.deadline).min()
    }

    /// What is visible now: `visible` lists the components with `logging` data that are at least
    /// partly visible, and `isShown` says whether the view is on screen at all. Returns the
    /// impressions due by `now` (those whose deadline passed before this update changed anything).
    package func update(visible candidates: [ImpressionCandidate], isShown: Bool, at now: Instant) -> [Impression] {
        var reports = advance(to: now)
        self.isShown = isShown
        guard isShown else {
            appearances = appearances.filter { $0.value.isReported }
            return reports
        }
        var next: [ImpressionKey: Appearance] = [:]
        next.reserveCapacity(candidates.count)
        for candidate in candidates where candidate.visibleFraction >= candidate.thresholds.visibleFraction {
            if let taken = next[candidate.key] {
                // The same identity twice (identifiers a view model should not repeat): the more
                // visible one stands for both.
                if candidate.visibleFraction > taken.latest.visibleFraction { next[candidate.key]?.latest = candidate }
                continue
            }
            if var appearance = appearances[candidate.key] {
                appearance.latest = candidate
                next[candidate.key] = appearance
            } else {
                next[candidate.key] = Appearance(start: now, latest: candidate)
            }
        }
        appearances = next
        // A duration of 0 is due at once.
        reports += advance(to: now)
        return reports
    }

    /// Reports the appearances whose deadline is `now` or earlier, once each.
    package func advance(to now: Instant) -> [Impression] {
        guard isShown else { return [] }
        var due: [(key: ImpressionKey, appearance: Appearance)] = []
        for (key, appearance) in appearances where !appearance.isReported && appearance.deadline <= now {
            due.append((key, appearance))
        }
        guard !due.isEmpty else { return [] }
        due.sort { Self.reportsBefore($0.appearance, $1.appearance) }
        return due.map { key, appearance in
            appearances[key]?.isReported = true
            let latest = appearance.latest
            return Impression(model: latest.model, indexPath: latest.indexPath, visibleFraction: latest.visibleFraction,
                              appearanceStart: appearance.start, visibleDuration: appearance.start.duration(to: now),
                              thresholds: latest.thresholds)
        }
    }

    /// Ends every appearance: the next update begins new ones.
    package func reset() {
        appearances.removeAll()
    }

    /// The order of impressions that are due together: by deadline, then header, body and overlays,
    /// then by index path, so that the order never depends on a dictionary's.
    private static func reportsBefore(_ a: Appearance, _ b: Appearance) -> Bool {
        if a.deadline != b.deadline { return a.deadline < b.deadline }
        if a.latest.key.type != b.latest.key.type { return a.latest.key.type.rawValue < b.latest.key.type.rawValue }
        if a.latest.indexPath != b.latest.indexPath {
            return a.latest.indexPath.lexicographicallyPrecedes(b.latest.indexPath)
        }
        return a.latest.key.identifiers.lexicographicallyPrecedes(b.latest.key.identifiers)
    }
}
