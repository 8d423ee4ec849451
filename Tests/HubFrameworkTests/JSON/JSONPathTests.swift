import Foundation
import XCTest

@testable import HubFramework

/// Destination paths: what each typed path reads, and what it gives when the value is missing.
final class JSONPathTests: XCTestCase {
    private let root = MutableJSONPath()

    func testBoolPathReadsBooleansAndDefaultsToFalse() {
        let path = root.goTo("bool").boolPath()
        XCTAssertTrue(path.bool(in: ["bool": true]))
        XCTAssertFalse(path.bool(in: ["bool": false]))
        XCTAssertFalse(path.bool(in: ["bool": "notABool"]))
        XCTAssertFalse(path.bool(in: [:]))
    }

    func testBoolPathAcceptsNumbersAsTruthValues() {
        let path = root.goTo("bool").boolPath()
        XCTAssertTrue(path.bool(in: ["bool": 1]))
        XCTAssertTrue(path.bool(in: ["bool": -0.5]))
        XCTAssertFalse(path.bool(in: ["bool": 0]))
    }

    func testIntegerPathReadsIntegersAndDefaultsToZero() {
        let path = root.goTo("int").integerPath()
        XCTAssertEqual(path.integer(in: ["int": 15]), 15)
        XCTAssertEqual(path.integer(in: ["int": -15]), -15)
        XCTAssertEqual(path.integer(in: ["int": "notAnInt"]), 0)
        XCTAssertEqual(path.integer(in: [:]), 0)
    }

    func testIntegerPathTruncatesFractionsAndReadsBooleans() {
        let path = root.goTo("int").integerPath()
        XCTAssertEqual(path.integer(in: ["int": 15.9]), 15)
        XCTAssertEqual(path.integer(in: ["int": -15.9]), -15)
        XCTAssertEqual(path.integer(in: ["int": true]), 1)
        XCTAssertEqual(path.integer(in: ["int": 1e300]), 0, "out of the Int range counts as a mismatch")
    }

    func testStringPathReadsOnlyStrings() {
        let path = root.goTo("string").stringPath()
        XCTAssertEqual(path.string(in: ["string": "hello"]), "hello")
        XCTAssertEqual(path.string(in: ["string": ""]), "")
        XCTAssertNil(path.string(in: ["string": 15]))
        XCTAssertNil(path.string(in: [:]))
        XCTAssertNil(path.string(in: ["string": nil]))
    }

    func testURLPathReadsURLStrings() {
        let path = root.goTo("url").urlPath()
        XCTAssertEqual(path.url(in: ["url": "http://www.spotify.com"]), URL(string: "http://www.spotify.com"))
        // JSON has no URL type: an already-built URL can only arrive as its string, which passes unchanged.
        let built = URL(string: "spotify:hub:framework")!
        XCTAssertEqual(path.url(in: ["url": .string(built.absoluteString)]), built)
    }

    func testURLPathRejectsInvalidURLsNumbersAndMissingValues() {
        let path = root.goTo("url").urlPath()
        XCTAssertNil(path.url(in: ["url": "é"]))
        XCTAssertNil(path.url(in: ["url": "http://exa mple.com"]))
        XCTAssertNil(path.url(in: ["url": ""]))
        XCTAssertNil(path.url(in: ["url": 15]))
        XCTAssertNil(path.url(in: [:]))
    }

    func testForEachStringPathReadsEveryStringElement() {
        let path = root.goTo("array").forEach().stringPath()
        XCTAssertEqual(path.values(in: ["array": ["hello", "how", "are", "you?"]]), ["hello", "how", "are", "you?"])
        XCTAssertEqual(path.values(in: ["array": ["hello", 15]]), ["hello"])
        XCTAssertEqual(path.values(in: ["array": []]), [])
        XCTAssertEqual(path.values(in: ["array": "notAnArray"]), [])
        XCTAssertEqual(path.values(in: [:]), [])
    }

    func testDictionaryPathReadsObjects() {
        let path = root.goTo("dictionary").dictionaryPath()
        XCTAssertEqual(path.dictionary(in: ["dictionary": ["key": "value"]]), ["key": "value"])
        XCTAssertNil(path.dictionary(in: ["dictionary": "string"]))
        XCTAssertNil(path.dictionary(in: [:]))
    }

    func testDictionaryPathExtendedThroughMutableCopyReadsInside() {
        let dictionaryPath = root.goTo("dictionary").dictionaryPath()
        let stringPath = dictionaryPath.mutableCopy().goTo("string").stringPath()
        XCTAssertEqual(stringPath.string(in: ["dictionary": ["string": "hello"]]), "hello")
    }

    func testTypedGettersTakeTheFirstValue() {
        let path = root.goTo("array").forEach().integerPath()
        XCTAssertEqual(path.integer(in: ["array": ["x", 7, 8]]), 7)
        XCTAssertEqual(path.values(in: ["array": ["x", 7, 8]]), [7, 8])
    }

    func testPathsWorkOnAnyJSONValueNotOnlyObjects() {
        XCTAssertEqual(root.forEach().stringPath().values(in: JSONValue.array(["a", 1, "b"])), ["a", "b"])
        XCTAssertEqual(root.stringPath().string(in: JSONValue.string("top")), "top")
    }

    func testDescriptionShowsTheOperations() {
        XCTAssertEqual(root.goTo("images").goTo("main").description, "images.main")
        XCTAssertEqual(root.goTo("images").goTo("main").dictionaryPath().description, "images.main")
        XCTAssertEqual(root.goTo("body").forEach().goTo("id").stringPath().description, "body[*].id")
        XCTAssertEqual(root.goTo("a").runBlock { $0 }.description, "a.<block>")
        XCTAssertEqual(root.goTo("A").combine(with: root.goTo("B")).description, "(A | B)")
        XCTAssertEqual(root.description, "")
    }
}
