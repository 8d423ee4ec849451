@testable import HubFramework
import XCTest

/// Issue 27, goal 4: a text cut at the limit never splits a character, whatever the script: the
/// cut falls between grapheme clusters, so an emoji sequence, a flag, a combining mark or a conjunct
/// is kept whole or left out whole.
final class TextCuttingTests: XCTestCase {
    private let family = "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"  // 25 bytes, one character

    func testACutNeverSplitsACharacter() {
        let wholes = [family, "\u{1F1EE}\u{1F1F1}", "e\u{301}\u{302}\u{303}", "\u{1F44D}\u{1F3FD}", "1\u{FE0F}\u{20E3}",
                      "\u{915}\u{94D}\u{937}", "\u{D55C}", "\u{1100}\u{1161}\u{11A8}", "a"]
        for whole in wholes {
            for prefix in 0..<40 {
                let text = String(repeating: "x", count: prefix) + whole + whole + "tail"
                for limit in 4..<(text.utf8.count) {
                    let cut = text.cut(toUTF8Count: limit)
                    XCTAssertLessThanOrEqual(cut.utf8.count, limit, "\(whole.unicodeScalars.map(\.value)) at \(limit)")
                    XCTAssertTrue(cut.hasSuffix("…"))
                    let kept = String(cut.dropLast())
                    XCTAssertTrue(text.hasPrefix(kept))
                    // Whole characters only: the kept part is a prefix of the text's characters.
                    XCTAssertEqual(Array(kept), Array(text.prefix(kept.count)), "\(whole.unicodeScalars.map(\.value)) at \(limit)")
                }
            }
        }
    }

    func testTheReaderCutsTitlesBetweenCharacters() throws {
        let subtitle = String(repeating: "a", count: 4085) + family + " and more"
        let json = #"{"body": [{"id": "a", "text": {"title": "t", "subtitle": "\#(subtitle)"}}]}"#
        let builder = JSONSchema(componentDefaults: ComponentDefaults(namespace: "default", name: "row", category: .row),
                                 iconImageResolver: nil).makeViewModelBuilder()
        let problems = try builder.addJSON(data: Data(json.utf8))
        XCTAssertEqual(problems.map(\.path), ["body[0].text.subtitle"])
        let shown = try XCTUnwrap(builder.build().bodyComponentModels.first?.subtitle)
        // The family did not fit whole: it is left out whole.
        XCTAssertEqual(shown, String(repeating: "a", count: 4085) + "…")
        XCTAssertFalse(shown.unicodeScalars.contains("\u{200D}"))
    }

    func testShortTextsStayAsTheyAre() {
        XCTAssertEqual("שלום".cut(toUTF8Count: 8), "שלום")
        XCTAssertEqual(family.cut(toUTF8Count: 25), family)
        XCTAssertEqual(family.cut(toUTF8Count: 24), "…")
    }
}
