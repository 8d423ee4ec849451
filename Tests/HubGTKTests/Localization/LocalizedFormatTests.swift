import Foundation
import XCTest
@testable import HubGTK

/// The placeholders of translated messages: C's `%s` and `%d`, in order or by position.
final class LocalizedFormatTests: XCTestCase {
    func testPlaceholdersAreFilledInOrder() {
        XCTAssertEqual(LocalizedFormat.substitute("No feature handles “%s”.", ["a:b"]), "No feature handles “a:b”.")
        XCTAssertEqual(LocalizedFormat.substitute("%d of %s", ["3", "rows"]), "3 of rows")
    }

    /// A translation may need its arguments in another order.
    func testPositionalPlaceholdersMayBeReordered() {
        XCTAssertEqual(LocalizedFormat.substitute("%2$s, dann %1$s", ["first", "second"]), "second, dann first")
        XCTAssertEqual(LocalizedFormat.substitute("%1$s and %1$s", ["twice"]), "twice and twice")
    }

    func testAPercentSignAndUnknownConversionsStayAsWritten() {
        XCTAssertEqual(LocalizedFormat.substitute("100%% of %s", ["it"]), "100% of it")
        XCTAssertEqual(LocalizedFormat.substitute("50% off", []), "50% off")
        XCTAssertEqual(LocalizedFormat.substitute("%x %", ["unused"]), "%x %")
        XCTAssertEqual(LocalizedFormat.substitute("no placeholders", ["unused"]), "no placeholders")
    }

    /// A translation with more placeholders than arguments (a mistake msgfmt --check would have
    /// caught) shows the placeholder rather than crashing or reading past the arguments.
    func testAPlaceholderWithoutAnArgumentIsLeftAsItIs() {
        XCTAssertEqual(LocalizedFormat.substitute("%s and %s", ["one"]), "one and %s")
        XCTAssertEqual(LocalizedFormat.substitute("%3$s", ["one"]), "%3$s")
        XCTAssertEqual(LocalizedFormat.substitute("%0$s", ["one"]), "%0$s")
    }

    /// Arguments are inserted as they are: a `%` in an argument is not read as a placeholder.
    func testArgumentsAreNotReadAsTemplates() {
        XCTAssertEqual(LocalizedFormat.substitute("“%s”", ["%s%d%%"]), "“%s%d%%”")
    }

    /// In the C locale of the tests, messages come back as written, their placeholders filled.
    func testWithoutATranslationTheMessageIsTheEnglishOne() {
        XCTAssertEqual(localized("No feature handles “%s”.", "x:y"), "No feature handles “x:y”.")
        XCTAssertEqual(localizedPlural("%d problem", "%d problems", count: 1), "1 problem")
        XCTAssertEqual(localizedPlural("%d problem", "%d problems", count: 3), "3 problems")
        XCTAssertEqual(TextDomain("org.example.NoSuchDomain").plural("%d row in %s", "%d rows in %s", count: 2, "a"),
                       "2 rows in a")
    }
}
