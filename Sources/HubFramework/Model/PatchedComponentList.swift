/// The top-level components of one list of a view (its body, or its overlays) as a patch changes
/// them: the list as it was, the positions removed from it, and the models inserted before each
/// position, put together into one array once, when the patch is done.
///
/// A change costs as much as finding its place, not as much as the list: removing a row of 100,000
/// marks its position, inserting puts the models in the small array of the place they go to, and
/// putting the list together copies the runs of rows between the places that changed. (Changing
/// the array itself would move every row after the place, at each of up to
/// ``ContentLimits/maximumPatchChanges`` changes.)
struct PatchedComponentList {
    /// The list before the patch.
    private let original: [ComponentModel]
    /// The models inserted before the model at each position of ``original``, in order; at
    /// `original.count`, those at the end.
    private var inserted: [Int: [ComponentModel]] = [:]
    /// The positions of ``original`` removed.
    private var removed: Set<Int> = []
    /// The position whose inserted models hold each model inserted.
    private var slots: [ObjectIdentifier: Int] = [:]
    /// How many models the list has now.
    private(set) var count: Int

    init(_ models: [ComponentModel]) {
        original = models
        count = models.count
    }

    /// A place between two models: before the `offset`th model inserted before position `slot`.
    struct Spot {
        let slot: Int
        let offset: Int
    }

    /// Where a model of the list is: a position of the list as it was, or among the models inserted.
    private enum Place {
        case original(Int)
        case inserted(slot: Int, offset: Int)
    }

    private func place(of model: ComponentModel) -> Place {
        if let slot = slots[ObjectIdentifier(model)] {
            return .inserted(slot: slot, offset: inserted[slot]!.firstIndex { $0 === model }!)
        }
        return .original(originalPosition(of: model)!)
    }

    /// Right before `model`, after whatever was inserted before it.
    func spot(before model: ComponentModel) -> Spot {
        switch place(of: model) {
        case .original(let position): Spot(slot: position, offset: inserted[position]?.count ?? 0)
        case .inserted(let slot, let offset): Spot(slot: slot, offset: offset)
        }
    }

    /// Right after `model`, before whatever was inserted after it.
    func spot(after model: ComponentModel) -> Spot {
        switch place(of: model) {
        case .original(let position): Spot(slot: position + 1, offset: 0)
        case .inserted(let slot, let offset): Spot(slot: slot, offset: offset + 1)
        }
    }

    /// After every model.
    var end: Spot { Spot(slot: original.count, offset: inserted[original.count]?.count ?? 0) }

    mutating func insert(_ models: [ComponentModel], at spot: Spot) {
        inserted[spot.slot, default: []].insert(contentsOf: models, at: spot.offset)
        for model in models { slots[ObjectIdentifier(model)] = spot.slot }
        count += models.count
    }

    mutating func remove(_ model: ComponentModel) {
        switch place(of: model) {
        case .original(let position):
            removed.insert(position)
        case .inserted(let slot, let offset):
            inserted[slot]!.remove(at: offset)
            slots[ObjectIdentifier(model)] = nil
        }
        count -= 1
    }

    /// The position of `model` in the list as it was; nil for a model inserted. Found by identity,
    /// looking first where its index says it was made and then ever farther from there: in a view as
    /// a document made it, a top-level model is at its index.
    func originalPosition(of model: ComponentModel) -> Int? {
        guard slots[ObjectIdentifier(model)] == nil, !original.isEmpty else { return nil }
        let hint = min(max(model.index, 0), original.count - 1)
        var distance = 0
        while hint - distance >= 0 || hint + distance < original.count {
            if hint + distance < original.count, original[hint + distance] === model { return hint + distance }
            if hint - distance >= 0, original[hint - distance] === model { return hint - distance }
            distance += 1
        }
        return nil
    }

    /// The list as the patch leaves it. `transform` gives, for each model inserted and each model of
    /// the list as it was at a position of `changed`, the model to put there (at its position in the
    /// result, and whether it was inserted); the other models are those of the list as it was.
    func assembled(changing changed: Set<Int>,
                   _ transform: (_ model: ComponentModel, _ position: Int, _ isInserted: Bool) -> ComponentModel)
        -> [ComponentModel]
    {
        let stops = Set(inserted.keys).union(removed).union(changed).sorted()
        guard !stops.isEmpty else { return original }
        var result: [ComponentModel] = []
        result.reserveCapacity(count)
        var next = 0
        for stop in stops {
            if next < stop { result.append(contentsOf: original[next..<stop]) }
            for model in inserted[stop] ?? [] { result.append(transform(model, result.count, true)) }
            if stop < original.count, !removed.contains(stop) {
                let model = original[stop]
                result.append(changed.contains(stop) ? transform(model, result.count, false) : model)
            }
            next = stop + 1
        }
        if next < original.count { result.append(contentsOf: original[next...]) }
        return result
    }
}
