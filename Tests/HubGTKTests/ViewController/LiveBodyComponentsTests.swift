import HubFramework
import HubGTKTestSupport
import XCTest
@testable import HubGTK

/// The recycler's record of live body components follows the diff of each render instead of
/// comparing models: these tests check it against `ListDiff.applied`, the diff's own definition.
final class LiveBodyComponentsTests: XCTestCase {

    func testSurvivorsMoveToTheirNewIndexAndOnlyChangedOnesAreReloaded() {
        MainActor.assumeIsolated {
            let old = viewModel((0..<10).map { ("row-\($0)", "Row \($0)") })
            // row-2 deleted, "new" inserted at 1, row-5 retitled.
            var rows = (0..<10).filter { $0 != 2 }.map { ("row-\($0)", $0 == 5 ? "Changed" : "Row \($0)") }
            rows.insert(("new", "New"), at: 1)
            let new = viewModel(rows)
            let diff = ViewModelDiff(from: old, to: new).body
            var live = record(old, at: Array(0..<8))
            live.update(to: new, following: diff, from: old)

            XCTAssertTrue(live.viewModel === new)
            XCTAssertEqual(live.placed.keys.sorted(), [0, 2, 3, 4, 5, 6, 7])
            for (index, slot) in live.placed {
                XCTAssertEqual(slot.model.identifier, new.bodyComponentModels[index].identifier, "index \(index)")
            }
            XCTAssertEqual(live.reloaded, [5], "only row-5, now at 5, changed")
            XCTAssertEqual(live.unplaced.map(\.model.identifier), ["row-2"], "the deleted row lost its index")
            XCTAssertEqual(live.count, 8)
        }
    }

    func testWithoutADiffEveryIndexIsForgotten() {
        MainActor.assumeIsolated {
            let old = viewModel((0..<5).map { ("row-\($0)", "Row \($0)") })
            let new = viewModel((0..<5).map { ("row-\($0)", "Row \($0)") })
            var live = record(old, at: [1, 3])
            live.update(to: new)
            XCTAssertTrue(live.placed.isEmpty)
            XCTAssertEqual(live.unplaced.map(\.model.identifier), ["row-1", "row-3"])

            // A diff from another view model than the recorded one cannot be followed either.
            var other = record(old, at: [1, 3])
            let unrelated = viewModel([])
            other.update(to: new, following: ListDiff(), from: unrelated)
            XCTAssertTrue(other.placed.isEmpty)
            XCTAssertEqual(other.unplaced.count, 2)
        }
    }

    func testTheSameViewModelKeepsEverything() {
        MainActor.assumeIsolated {
            let model = viewModel((0..<5).map { ("row-\($0)", "Row \($0)") })
            var live = record(model, at: [0, 4])
            live.update(to: model)
            live.update(to: model, following: ListDiff(deleted: [0]), from: model)
            XCTAssertEqual(live.placed.keys.sorted(), [0, 4])
            XCTAssertTrue(live.unplaced.isEmpty)
        }
    }

    func testAReloadNotYetPlacedIsCarriedThroughTheNextDiff() {
        MainActor.assumeIsolated {
            let first = viewModel([("a", "A"), ("b", "B")])
            let second = viewModel([("a", "A"), ("b", "B changed")])
            let third = viewModel([("x", "X"), ("a", "A"), ("b", "B changed")])
            var live = record(first, at: [0, 1])
            live.update(to: second, following: ViewModelDiff(from: first, to: second).body, from: first)
            XCTAssertEqual(live.reloaded, [1])
            live.update(to: third, following: ViewModelDiff(from: second, to: third).body, from: second)
            XCTAssertEqual(live.reloaded, [2], "b still shows its first model")
            XCTAssertEqual(live.placed[2]?.model.identifier, "b")
        }
    }

    /// Random bodies and edits: every placed component ends at the index `ListDiff.applied` gives
    /// its item, is marked reloaded exactly when its model differs from the new one there, and the
    /// components of deleted items are the unplaced ones.
    func testFollowingRandomDiffsAgreesWithApplyingThem() {
        MainActor.assumeIsolated {
            var random = SplitMix(seed: 0x5EED)
            for round in 0..<300 {
                let count = Int(random.next() % 60)
                let oldRows = (0..<count).map { ("item-\($0)", "v0") }
                var newRows: [(String, String)] = []
                var fresh = 0
                for row in oldRows {
                    switch random.next() % 10 {
                    case 0, 1: continue  // deleted
                    case 2: newRows.append((row.0, "v1"))  // changed
                    case 3:
                        newRows.append(("fresh-\(fresh)", "v0"))  // inserted before it
                        fresh += 1
                        newRows.append(row)
                    default: newRows.append(row)
                    }
                }
                if !newRows.isEmpty, random.next() % 3 == 0 {  // one item moves
                    let moved = newRows.remove(at: Int(random.next() % UInt64(newRows.count)))
                    newRows.insert(moved, at: Int(random.next() % UInt64(newRows.count + 1)))
                }
                let old = viewModel(oldRows)
                let new = viewModel(newRows)
                let diff = ViewModelDiff(from: old, to: new).body
                let placedIndexes = (0..<count).filter { _ in random.next() % 2 == 0 }
                var live = record(old, at: placedIndexes)
                let slots = live.placed
                live.update(to: new, following: diff, from: old)

                // Where `applied` puts each old item: tag the old items by index and find the tags.
                let tags = (0..<count).map { "old:\($0)" }
                let newTags = (0..<new.bodyComponentModels.count).map { "new:\($0)" }
                let applied = try! XCTUnwrap(diff.applied(to: tags, insertingFrom: newTags))
                var expected: [Int: Int] = [:]
                for (newIndex, tag) in applied.enumerated() where tag.hasPrefix("old:") {
                    expected[Int(tag.dropFirst(4))!] = newIndex
                }
                for oldIndex in placedIndexes {
                    let slot = slots[oldIndex]!
                    if let newIndex = expected[oldIndex] {
                        XCTAssertTrue(live.placed[newIndex] === slot, "round \(round): old \(oldIndex) → \(newIndex)")
                        let model = new.bodyComponentModels[newIndex]
                        XCTAssertEqual(model.identifier, slot.model.identifier, "round \(round)")
                        XCTAssertEqual(live.reloaded.contains(newIndex), slot.model != model, "round \(round)")
                    } else {
                        XCTAssertTrue(live.unplaced.contains { $0 === slot }, "round \(round): old \(oldIndex) deleted")
                    }
                }
                XCTAssertEqual(live.count, placedIndexes.count, "round \(round): nothing is lost")
            }
        }
    }
}

/// A live component: the model it shows.
private final class Slot {
    let model: ComponentModel
    init(_ model: ComponentModel) { self.model = model }
}

/// A view model whose body has one row per `(identifier, title)`.
@MainActor
private func viewModel(_ rows: [(String, String)]) -> ViewModel {
    let builder = HubManager(componentMargin: 0).makeViewModelBuilder()
    for (identifier, title) in rows {
        builder.bodyComponentModelBuilder(withIdentifier: identifier).title = title
    }
    return builder.build()
}

/// A record of slots placed at `indexes` of `viewModel`'s body.
@MainActor
private func record(_ viewModel: ViewModel, at indexes: [Int]) -> LiveBodyComponents<Slot> {
    var live = LiveBodyComponents<Slot>()
    var placed: [Int: Slot] = [:]
    for index in indexes { placed[index] = Slot(viewModel.bodyComponentModels[index]) }
    live.replace(with: placed, for: viewModel)
    return live
}

/// A small seeded generator, so a failure can be reproduced.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
