/// The greedy forward Myers search of the original framework, reproduced decision for decision, with a
/// memory-bounded trace.
///
/// The search walks rounds `d = 0, 1, …` (number of insertions plus deletions so far); in round `d` it
/// visits the diagonals `k = -d, -d+2, …, d` (`k = x - y`, x indexes the old list, y the new one) and
/// extends the furthest point reached on each diagonal by one insertion (coming from `k+1`) or one
/// deletion (coming from `k-1`), followed by as many identifier matches as possible (the "snake").
/// It keeps the original's particulars, because they decide WHICH of several minimal scripts comes out:
/// * a step is only taken when it stays within `x <= N` and `y <= M`; otherwise the diagonal keeps the
///   value of an earlier round (it is "stale"), and neighbours read that stale value;
/// * the snake is only followed from points with non-negative coordinates;
/// * the path is rebuilt backwards from the end by following, for every point, the step that last
///   reached it — which is the last write of the neighbouring diagonal, possibly from an earlier round.
///
/// Instead of recording every step (the original keeps a list of all of them, O((N+M)·D) objects),
/// each visited diagonal of each round stores two 32-bit numbers: where its step landed and which round
/// wrote the diagonal it came from. Rounds are grouped in segments; only the start state of each segment
/// (a checkpoint of the endpoint array) is kept for all segments, and the trace of one segment at a time.
/// Rebuilding the path recomputes earlier segments from their checkpoints when it reaches them, so the
/// total time is at most twice the forward search and memory grows like D·√D instead of D².
struct MyersSearch {
    enum Outcome {
        case finished(ListDiff)
        /// The work budget ran out before the end was reached (only with a budget).
        case overBudget
        /// The rebuilt path does not lead back to the origin. Never observed; kept so that a malformed
        /// path can never produce out-of-range indexes.
        case invalidPath
    }

    /// Runs the search over identifiers; `contentEqual(oldIndex, newIndex)` decides reloads of matched
    /// items. `workBudget` bounds visited diagonals plus snake steps; nil means unbounded.
    static func diff(
        old: IdentifierList,
        new: IdentifierList,
        workBudget: Int? = nil,
        segmentEntryLimit: Int? = nil,
        contentEqual: (Int, Int) -> Bool
    ) -> Outcome {
        if old.count == 0 && new.count == 0 { return .finished(.empty) }
        if old.count == 0 { return .finished(ListDiff(inserted: Array(0..<new.count))) }
        if new.count == 0 { return .finished(ListDiff(deleted: Array(0..<old.count))) }
        var search = MyersSearch(old: old, new: new, workBudget: workBudget, segmentEntryLimit: segmentEntryLimit)
        guard let end = search.forward(workBudget: workBudget) else { return .overBudget }
        return search.backtrack(round: end.round, diagonal: end.diagonal, contentEqual: contentEqual)
    }

    // MARK: - State

    private struct Checkpoint {
        /// First round of the segment this checkpoint starts.
        var round: Int
        /// Endpoints and last-write rounds of diagonals `-round-1 ... round+1` before that round.
        var endpoints: [Int32]
        var writers: [Int32]
    }

    private let oldList: IdentifierList
    private let newList: IdentifierList
    private let old: [String]
    private let new: [String]
    /// Fingerprints of both lists once the search gets past round 0 (empty before): identifiers are
    /// compared as integers first. Round 0 (the common prefix, all of an unchanged list) compares strings
    /// directly, so diffing an unchanged list never pays for fingerprints.
    private var oldFingerprints: [UInt64] = []
    private var newFingerprints: [UInt64] = []
    private let n: Int
    private let m: Int
    private let maxEdits: Int
    /// The last round the search can visit: N+M, or less when a work budget stops it earlier.
    private let roundLimit: Int
    /// Diagonals `-radius-1 ... radius+1` are stored; the band grows (doubling) as rounds advance, so a
    /// long list with few changes never allocates endpoint arrays for N+M diagonals.
    private var radius: Int
    /// Index of diagonal `k` in `endpoints`/`writers` is `k + offset`.
    private var offset: Int
    private let entryLimitOverride: Int?

    /// Furthest x reached on each diagonal (-1 when never written; diagonal 1 starts at 0).
    private var endpoints: [Int32]
    /// Round that last wrote each diagonal (-1 when never written).
    private var writers: [Int32]

    private var checkpoints: [Checkpoint] = []
    /// Rounds `segmentStart ..< segmentEnd` are recorded in `landings`/`predecessors`.
    private var segmentStart = 0
    private var segmentEnd = 0
    /// Where the step of each visited diagonal landed (x), or an unspecified value when it left the grid.
    private var landings: [Int32] = []
    /// `(writer round of the diagonal stepped from + 1) << 1 | (1 if the step was an insertion)`.
    private var predecessors: [Int32] = []

    private init(old: IdentifierList, new: IdentifierList, workBudget: Int?, segmentEntryLimit: Int?) {
        oldList = old
        newList = new
        self.old = old.identifiers
        self.new = new.identifiers
        n = old.count
        m = new.count
        maxEdits = n + m
        // Round d alone costs d + 1 units of work, so a budget B is exceeded by round √(2B) at the latest.
        if let workBudget {
            roundLimit = min(maxEdits, Int(Double(2 * max(workBudget, 0)).squareRoot()) + 2)
        } else {
            roundLimit = maxEdits
        }
        radius = min(roundLimit, 1024)
        offset = radius + 1
        entryLimitOverride = segmentEntryLimit
        endpoints = [Int32](repeating: -1, count: 2 * radius + 3)
        writers = [Int32](repeating: -1, count: 2 * radius + 3)
        endpoints[1 + offset] = 0
        if let workBudget {
            let expected = min(workBudget, 1 << 22)
            landings.reserveCapacity(expected)
            predecessors.reserveCapacity(expected)
        }
    }

    /// Entries recorded for rounds `start ..< round` (round `r` visits `r + 1` diagonals).
    private static func entries(from start: Int, to round: Int) -> Int {
        (round * (round + 1) - start * (start + 1)) / 2
    }

    /// How many trace entries a segment starting at `round` may hold before the next checkpoint.
    /// At least 4 Mi entries (32 MiB); for long searches about √round rounds per segment, which balances
    /// checkpoint memory (one endpoint array per segment) against trace memory (one segment).
    private func entryLimit(startingAt round: Int) -> Int {
        if let entryLimitOverride { return max(1, entryLimitOverride) }
        let width = round + 1
        var roundsPerSegment = 1
        while roundsPerSegment * roundsPerSegment < width { roundsPerSegment += 1 }
        return max(1 << 22, width * roundsPerSegment)
    }

    // MARK: - Forward search

    /// Makes the stored band wide enough for round `d` (which reads diagonals up to ±(d+1)). Diagonals
    /// outside the old band were never written, so they start at -1 like every unwritten diagonal.
    private mutating func growBand(toInclude d: Int) {
        guard d > radius else { return }
        let newRadius = min(roundLimit, max(d, 2 * radius))
        let newOffset = newRadius + 1
        var newEndpoints = [Int32](repeating: -1, count: 2 * newRadius + 3)
        var newWriters = [Int32](repeating: -1, count: 2 * newRadius + 3)
        for k in (-radius - 1)...(radius + 1) {
            newEndpoints[k + newOffset] = endpoints[k + offset]
            newWriters[k + newOffset] = writers[k + offset]
        }
        endpoints = newEndpoints
        writers = newWriters
        radius = newRadius
        offset = newOffset
    }

    /// Checkpoints the state before round `round` (the band always covers it: `radius >= round`).
    private mutating func beginSegment(at round: Int) {
        let low = max(-round - 1, -radius - 1) + offset
        let high = min(round + 1, radius + 1) + offset
        checkpoints.append(
            Checkpoint(
                round: round,
                endpoints: Array(endpoints[low...high]),
                writers: Array(writers[low...high])
            )
        )
        segmentStart = round
        segmentEnd = round
        landings.removeAll(keepingCapacity: true)
        predecessors.removeAll(keepingCapacity: true)
    }

    /// Returns the round and diagonal on which the end `(N, M)` was reached, or nil over budget.
    private mutating func forward(workBudget: Int?) -> (round: Int, diagonal: Int)? {
        var work = 0
        beginSegment(at: 0)
        var limit = entryLimit(startingAt: 0)
        for d in 0...roundLimit {
            growBand(toInclude: d)
            if d == 1 {
                oldList.prepareFingerprints()
                newList.prepareFingerprints()
                oldFingerprints = oldList.fingerprints
                newFingerprints = newList.fingerprints
            }
            if d > segmentStart, MyersSearch.entries(from: segmentStart, to: d + 1) > limit {
                beginSegment(at: d)
                limit = entryLimit(startingAt: d)
            }
            let result = runRound(d)
            segmentEnd = d + 1
            work += result.work
            if let diagonal = result.finishedOn { return (d, diagonal) }
            if let workBudget, work > workBudget { return nil }
        }
        // Only reached with a budget (the round limit then stops short of N+M, and the budget check above fires
        // first). Without one, round N+M at the latest reaches the end; were it ever not to, the caller
        // treats nil like an exhausted budget and falls back to Heckel.
        return nil
    }

    /// Visits every diagonal of round `d`, appending its trace entries. Returns the work done and the
    /// diagonal that reached the end, if one did (the round stops there, like the original).
    private mutating func runRound(_ d: Int) -> (work: Int, finishedOn: Int?) {
        let base = landings.count
        landings.append(contentsOf: repeatElement(-1, count: d + 1))
        predecessors.append(contentsOf: repeatElement(0, count: d + 1))
        let n = self.n
        let m = self.m
        let offset = self.offset
        let old = self.old
        let new = self.new
        let oldFingerprints = self.oldFingerprints
        let newFingerprints = self.newFingerprints
        let compareFingerprints = !oldFingerprints.isEmpty
        var work = d + 1
        var finishedOn: Int?
        endpoints.withUnsafeMutableBufferPointer { endpoints in
            writers.withUnsafeMutableBufferPointer { writers in
                landings.withUnsafeMutableBufferPointer { landings in
                    predecessors.withUnsafeMutableBufferPointer { predecessors in
                        var k = -d
                        var slot = base
                        while k <= d {
                            let previousX = Int(endpoints[k - 1 + offset])
                            let nextX = Int(endpoints[k + 1 + offset])
                            let isInsertion = k == -d || (k != d && previousX < nextX)
                            let landX = isInsertion ? nextX : previousX + 1
                            let landY = landX - k
                            if landX <= n && landY <= m {
                                var x = landX
                                var y = landY
                                if x >= 0 && y >= 0 {
                                    if compareFingerprints {
                                        while x < n && y < m && oldFingerprints[x] == newFingerprints[y]
                                            && old[x] == new[y]
                                        {
                                            x += 1
                                            y += 1
                                        }
                                    } else {
                                        while x < n && y < m && old[x] == new[y] {
                                            x += 1
                                            y += 1
                                        }
                                    }
                                }
                                work += x - landX
                                let source = isInsertion ? k + 1 : k - 1
                                landings[slot] = Int32(landX)
                                predecessors[slot] = (writers[source + offset] + 1) << 1 | (isInsertion ? 1 : 0)
                                endpoints[k + offset] = Int32(x)
                                writers[k + offset] = Int32(d)
                                if x >= n && y >= m {
                                    finishedOn = k
                                    return
                                }
                            }
                            k += 2
                            slot += 1
                        }
                    }
                }
            }
        }
        return (work, finishedOn)
    }

    // MARK: - Path reconstruction

    /// Makes sure the trace of `round` is in memory, recomputing its segment from its checkpoint.
    private mutating func load(round: Int) {
        if round >= segmentStart && round < segmentEnd { return }
        // Rounds only decrease while rebuilding, so later checkpoints are no longer needed. The segment
        // to recompute ends where the first dropped one started.
        var end = segmentStart
        while let last = checkpoints.last, last.round > round {
            end = last.round
            checkpoints.removeLast()
        }
        guard let checkpoint = checkpoints.last else { return }
        for index in endpoints.indices {
            endpoints[index] = -1
            writers[index] = -1
        }
        let low = max(-checkpoint.round - 1, -radius - 1) + offset
        endpoints.replaceSubrange(low..<(low + checkpoint.endpoints.count), with: checkpoint.endpoints)
        writers.replaceSubrange(low..<(low + checkpoint.writers.count), with: checkpoint.writers)
        segmentStart = checkpoint.round
        landings.removeAll(keepingCapacity: true)
        predecessors.removeAll(keepingCapacity: true)
        for d in checkpoint.round..<end {
            _ = runRound(d)
        }
        segmentEnd = end
    }

    private func slot(round: Int, diagonal: Int) -> Int {
        MyersSearch.entries(from: segmentStart, to: round) + (diagonal + round) / 2
    }

    /// Follows the path backwards from the end, reached in `round` on `diagonal`, and turns its steps
    /// into indexes: a diagonal step is a kept item (reloaded when its content differs), a vertical step
    /// inserts `new[from.y]`, a horizontal one deletes `old[from.x]`.
    private mutating func backtrack(round: Int, diagonal: Int, contentEqual: (Int, Int) -> Bool) -> Outcome {
        var inserted: [Int] = []
        var deleted: [Int] = []
        var reloaded: [Int] = []
        var d = round
        var k = diagonal
        var endX = n
        while true {
            load(round: d)
            let index = slot(round: d, diagonal: k)
            let landX = Int(landings[index])
            let predecessor = Int(predecessors[index])
            // The snake, last match first.
            var x = endX
            while x > landX {
                x -= 1
                let y = x - k
                if !contentEqual(x, y) { reloaded.append(x) }
                if x == 0 && y == 0 { return finish(inserted, deleted, reloaded) }
            }
            let isInsertion = predecessor & 1 == 1
            let fromX = isInsertion ? landX : landX - 1
            let fromY = isInsertion ? landX - k - 1 : landX - k
            guard fromX >= 0, fromY >= 0 else { return .invalidPath }
            if isInsertion { inserted.append(fromY) } else { deleted.append(fromX) }
            if fromX == 0 && fromY == 0 { return finish(inserted, deleted, reloaded) }
            let writer = (predecessor >> 1) - 1
            guard writer >= 0 else { return .invalidPath }
            d = writer
            k = isInsertion ? k + 1 : k - 1
            endX = fromX
        }
    }

    private func finish(_ inserted: [Int], _ deleted: [Int], _ reloaded: [Int]) -> Outcome {
        // Collected from the end backwards: strictly decreasing.
        .finished(ListDiff(inserted: inserted.reversed(), deleted: deleted.reversed(), reloaded: reloaded.reversed()))
    }
}
