import HubFramework

/// The recycler's record of the body components that have widgets: the body index each shows,
/// and whether its model is known to be current.
///
/// Each placed component shows the body model at its index in `viewModel` (or one content-equal
/// to it). When a new view model is rendered, the body diff from the previous one says what
/// happened to every index, so the record follows it instead of comparing models: a component whose
/// item survived moves to the item's new index and still shows an equal model — unless the diff
/// reloaded it, in which case it is marked to be configured again. A component whose item the diff
/// deleted (it may have moved), or every component when there is no diff to follow, becomes
/// *unplaced*: the recycler matches those to models by identifier and compares models only for them.
struct LiveBodyComponents<Element: AnyObject> {
    /// The view model whose body the indexes refer to.
    private(set) var viewModel: ViewModel?
    /// Components by body index. Each shows a model content-equal to the body model at its index,
    /// unless the index is in `reloaded`.
    private(set) var placed: [Int: Element] = [:]
    /// Indexes in `placed` whose model changed: they need to be configured with the body model there.
    private(set) var reloaded: Set<Int> = []
    /// Components whose index is not known, in their former index order.
    private(set) var unplaced: [Element] = []

    var count: Int { placed.count + unplaced.count }

    /// Every component: the placed ones by index, then the unplaced ones.
    var all: [Element] { placed.keys.sorted().map { placed[$0]! } + unplaced }

    /// Brings the record from `viewModel` to `new`. `diff` is the body diff from `old` to `new`: it
    /// is followed when the record refers to `old`; otherwise every index is forgotten.
    mutating func update(to new: ViewModel, following diff: ListDiff? = nil, from old: ViewModel? = nil) {
        defer { viewModel = new }
        guard let current = viewModel, current !== new else { return }
        guard let diff, current === old else {
            unplaceAll()
            return
        }
        follow(diff)
    }

    /// Replaces the record after a placement: `placed` are the components on screen now, each
    /// configured with the body model of `viewModel` at its index. The others were recycled.
    mutating func replace(with placed: [Int: Element], for viewModel: ViewModel) {
        self.viewModel = viewModel
        self.placed = placed
        reloaded = []
        unplaced = []
    }

    /// Moves each placed component to its item's new index (`ListDiff` order: deletions first, then
    /// insertions in ascending order). One pass over the placed indexes in ascending order, with
    /// cursors into the diff's sorted index lists, so a diff of a long body costs only as far as the
    /// last placed index.
    private mutating func follow(_ diff: ListDiff) {
        var moved: [Int: Element] = [:]
        moved.reserveCapacity(placed.count)
        var movedReloaded: Set<Int> = []
        var deletedCursor = 0
        var insertedCursor = 0
        var reloadedCursor = 0
        for old in placed.keys.sorted() {
            let element = placed[old]!
            while deletedCursor < diff.deleted.count, diff.deleted[deletedCursor] < old { deletedCursor += 1 }
            if deletedCursor < diff.deleted.count, diff.deleted[deletedCursor] == old {
                unplaced.append(element)
                continue
            }
            // The item is the `rank`-th survivor; in the new body it takes the `rank`-th index that
            // was not inserted.
            let rank = old - deletedCursor
            while insertedCursor < diff.inserted.count, diff.inserted[insertedCursor] <= rank + insertedCursor {
                insertedCursor += 1
            }
            let new = rank + insertedCursor
            while reloadedCursor < diff.reloaded.count, diff.reloaded[reloadedCursor] < old { reloadedCursor += 1 }
            let isReloaded = reloadedCursor < diff.reloaded.count && diff.reloaded[reloadedCursor] == old
            moved[new] = element
            if isReloaded || reloaded.contains(old) { movedReloaded.insert(new) }
        }
        placed = moved
        reloaded = movedReloaded
    }

    /// Lets go of the view model (its content is being dropped): every component becomes unplaced,
    /// to be matched to models by identifier when content is back.
    mutating func forgetViewModel() {
        unplaceAll()
        viewModel = nil
    }

    private mutating func unplaceAll() {
        unplaced = all
        placed = [:]
        reloaded = []
    }
}
