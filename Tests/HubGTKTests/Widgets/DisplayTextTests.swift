@testable import HubGTK
import XCTest

/// The text rules of the widget layer (issue 28): cut, single-line titles, and break opportunities
/// in long unbroken runs that never split a character.
final class DisplayTextTests: XCTestCase {
    private let zwsp: Character = "\u{200B}"

    func testOrdinaryTextIsLeftAlone() {
        let text = "A row title, with words of ordinary length, and a URL https://example.org/a/b."
        XCTAssertEqual(DisplayText.softBroken(text), text)
        XCTAssertEqual(DisplayText.bounded(text), text)
        XCTAssertEqual(DisplayText.title(text), text)
    }

    func testALongRunGetsABreakOpportunityEvery32Characters() {
        let run = String(repeating: "x", count: 100)
        let broken = DisplayText.softBroken(run)
        XCTAssertEqual(broken.split(separator: zwsp).map(\.count), [32, 32, 32, 4])
        XCTAssertEqual(broken.replacingOccurrences(of: "\u{200B}", with: ""), run)
        // Runs are counted from the last break opportunity: words stay whole.
        let words = (0..<50).map { _ in "word" }.joined(separator: " ") + " " + run
        XCTAssertEqual(DisplayText.softBroken(words).filter { $0 == zwsp }.count, 3)
    }

    func testNoCharacterIsSplit() {
        let characters: [String] = ["e\u{301}", "👩‍👩‍👧", "👍🏽", "🇫🇷", "1\u{FE0F}\u{20E3}", "한", "\u{1100}\u{1161}",
                                    "\u{1100}\u{1100}\u{1161}", "क्षि", "漢", "น้ำ", "ຄຳ", "ｶﾞ", "\u{0600}\u{0661}"]
        for character in characters {
            let text = String(repeating: character, count: 200)
            let broken = DisplayText.softBroken(text)
            let pieces = broken.split(separator: zwsp)
            XCTAssertGreaterThan(pieces.count, 1, "\(character): long runs get break opportunities")
            XCTAssertEqual(broken.replacingOccurrences(of: "\u{200B}", with: ""), text, character)
            for piece in pieces {
                XCTAssertTrue(piece.allSatisfy { String($0) == character }, "\(character) was split: \(Array(piece.unicodeScalars))")
            }
        }
    }

    func testTextIsCutAtACharacterBoundaryWithAnEllipsis() {
        let cut = DisplayText.cut(String(repeating: "👩‍👩‍👧", count: 1_000), to: 100)
        XCTAssertLessThanOrEqual(cut.utf8.count, 100)
        XCTAssertTrue(cut.hasSuffix("…"))
        XCTAssertTrue(cut.dropLast().allSatisfy { $0 == "👩‍👩‍👧" })
        XCTAssertEqual(DisplayText.bounded(String(repeating: "a ", count: 10_000)).utf8.count, DisplayText.maximumLength)
    }

    func testATitleIsOneBoundedLine() {
        let title = DisplayText.title("First line\nsecond\u{2028}third\tend")
        XCTAssertEqual(title, "First line second third end")
        let long = DisplayText.title(String(repeating: "t", count: 50 << 20))
        XCTAssertLessThanOrEqual(long.utf8.count, DisplayText.maximumTitleLength)
        XCTAssertTrue(long.hasSuffix("…"))
    }

    func testAnUnbrokenRunIsCountedInCharactersFromTheLastSpaceOrLineBreak() {
        XCTAssertFalse(DisplayText.hasUnbrokenRun(longerThan: 4, in: "four"))
        XCTAssertTrue(DisplayText.hasUnbrokenRun(longerThan: 4, in: "fives"))
        XCTAssertFalse(DisplayText.hasUnbrokenRun(longerThan: 4, in: "éééé"), "characters, not bytes")
        XCTAssertTrue(DisplayText.hasUnbrokenRun(longerThan: 4, in: "漢漢漢漢漢"))
        XCTAssertFalse(DisplayText.hasUnbrokenRun(longerThan: 4, in: "abcd efgh\nijkl\tmnop\r\nqrst"))
        XCTAssertTrue(DisplayText.hasUnbrokenRun(longerThan: 4, in: "abcd efgh ijklmnop"), "the run is the last one")
        XCTAssertFalse(DisplayText.hasUnbrokenRun(longerThan: 4, in: ""))
    }
}
