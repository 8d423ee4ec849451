import Foundation
import XCTest

@testable import HubFramework

/// Building paths: going to keys, for-each, blocks, combining, copies and type checks.
final class MutableJSONPathTests: XCTestCase {
    private let root = MutableJSONPath()

    func testGoToReadsAValue() {
        XCTAssertEqual(root.goTo("string").stringPath().string(in: ["string": "hello"]), "hello")
    }

    func testForEachThenGoToReadsAKeyOfEveryElement() {
        let path = root.goTo("array").forEach().goTo("title").stringPath()
        XCTAssertEqual(path.values(in: ["array": [["title": "one"], ["title": "two"]]]), ["one", "two"])
    }

    func testRunBlockTransformsValuesAndIsSkippedWhenNothingWasSelected() {
        let path = root.goTo("string").runBlock { _ in "blockString" }.stringPath()
        XCTAssertEqual(path.string(in: ["string": "original"]), "blockString")
        XCTAssertNil(path.string(in: [:]))
    }

    func testRunBlockIsNotCalledWhenTheKeyIsMissing() {
        final class Counter: @unchecked Sendable { var calls = 0 }
        let counter = Counter()
        let path = root.goTo("string").runBlock { value in
            counter.calls += 1
            return value
        }.stringPath()
        _ = path.string(in: [:])
        XCTAssertEqual(counter.calls, 0)
    }

    func testFinalTypeCheckAppliesToBlockResults() {
        let path = root.goTo("string").runBlock { _ in ["not": "a string"] }.stringPath()
        XCTAssertNil(path.string(in: ["string": "hello"]))
    }

    func testBlockReturningNilDropsTheValue() {
        let path = root.goTo("string").runBlock { _ in nil }.stringPath()
        XCTAssertNil(path.string(in: ["string": "hello"]))
    }

    func testMutableCopyOfADestinationPathKeepsItsTypeCheck() {
        let path = root.goTo("string").stringPath().mutableCopy()
            .runBlock { value in value.stringValue.map { .string($0 + "append") } ?? .string("saw a non-string") }
            .stringPath()
        XCTAssertNil(path.string(in: ["string": 15]))
        XCTAssertEqual(path.string(in: ["string": "value"]), "valueappend")
    }

    func testCombineReturnsTheValuesOfBothPathsInOrder() {
        let path = root.goTo("A").combine(with: root.goTo("B")).stringPath()
        XCTAssertEqual(path.values(in: ["A": "valueA", "B": "valueB"]), ["valueA", "valueB"])
        XCTAssertEqual(path.values(in: ["B": "valueB"]), ["valueB"])
    }

    func testCombineEvaluatesBothSubPathsFromTheSameInput() {
        let people = root.goTo("people").forEach()
        let names = people.goTo("name").combine(with: people.goTo("nickname")).stringPath()
        XCTAssertEqual(names.values(in: ["people": [["name": "Ada", "nickname": "A"], ["name": "Grace"]]]),
            ["Ada", "Grace", "A"])
    }

    func testOperationsAfterCombineApplyToTheCombinedValues() {
        let path = root.goTo("A").combine(with: root.goTo("B")).forEach().stringPath()
        XCTAssertEqual(path.values(in: ["A": ["1", "2"], "B": ["3"]]), ["1", "2", "3"])
    }

    func testCopyThenMutableCopyKeepsTheOperations() {
        let path = root.goTo("key").copy().mutableCopy().stringPath()
        XCTAssertEqual(path.string(in: ["key": "value"]), "value")
    }

    func testCopyAddsNoTypeCheck() {
        let path = root.goTo("key").copy()
        XCTAssertEqual(path.values(in: ["key": 15]), [15])
        XCTAssertEqual(root.goTo("key").values(in: ["key": nil]), [nil])
    }

    func testOperationsReturnNewPathsAndLeaveTheReceiverUnchanged() {
        let images = root.goTo("images")
        let main = images.goTo("main")
        let background = images.goTo("background")
        XCTAssertEqual(images.description, "images")
        XCTAssertEqual(main.description, "images.main")
        XCTAssertEqual(background.description, "images.background")
        XCTAssertEqual(root.description, "")
    }

    func testEmptyPathSelectsTheDocument() {
        XCTAssertEqual(root.dictionaryPath().dictionary(in: ["a": 1]), ["a": 1])
        XCTAssertEqual(root.values(in: .number(3)), [3])
    }
}
