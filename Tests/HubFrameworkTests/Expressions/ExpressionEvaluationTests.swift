import Foundation
import XCTest

@testable import HubFramework

/// Evaluation: the arithmetic rules, runtime errors with DivKit's messages, the try operator,
/// short-circuits, budgets, and variables.
final class ExpressionEvaluationTests: XCTestCase {
    private typealias F = ExpressionFixture

    func testIntegerArithmetic() {
        XCTAssertEqual(F.value("@{7 / 2}"), .integer(3))
        XCTAssertEqual(F.value("@{-7 / 2}"), .integer(-3))
        XCTAssertEqual(F.value("@{7 % -2}"), .integer(1))
        XCTAssertEqual(F.value("@{-7 % 2}"), .integer(-1))
        XCTAssertEqual(F.value("@{minInteger() % -1}"), .integer(0))
        XCTAssertEqual(F.value("@{3000000000 * 2000000000}"), .integer(6_000_000_000_000_000_000))
    }

    func testIntegerOverflowAndDivisionByZeroAreErrors() {
        XCTAssertEqual(F.errorMessage("@{a + 1}", ["a": .integer(.max)]), "Failed to evaluate [9223372036854775807 + 1]. Integer overflow.")
        XCTAssertEqual(F.errorMessage("@{a - 1}", ["a": .integer(.min)]), "Failed to evaluate [-9223372036854775808 - 1]. Integer overflow.")
        XCTAssertEqual(F.errorMessage("@{a * 2}", ["a": .integer(.max)]), "Failed to evaluate [9223372036854775807 * 2]. Integer overflow.")
        XCTAssertEqual(F.errorMessage("@{minInteger() / -1}"), "Failed to evaluate [-9223372036854775808 / -1]. Integer overflow.")
        XCTAssertEqual(F.errorMessage("@{-a}", ["a": .integer(.min)]), "Failed to evaluate [--9223372036854775808]. Integer overflow.")
        XCTAssertEqual(F.errorMessage("@{a / 0}", ["a": .integer(8)]), "Failed to evaluate [8 / 0]. Division by zero is not supported.")
        XCTAssertEqual(F.errorMessage("@{a % 0}", ["a": .integer(8)]), "Failed to evaluate [8 % 0]. Division by zero is not supported.")
        XCTAssertEqual(F.errorMessage("@{a / 0.0}", ["a": .number(1)]), "Failed to evaluate [1.0 / 0.0]. Division by zero is not supported.")
        XCTAssertEqual(F.errorMessage("@{maxNumber() * a}", ["a": .number(2)]),
                       "Failed to evaluate [1.7976931348623157E308 * 2.0]. Number overflow.")
    }

    func testNumbersAndMixedArithmetic() {
        XCTAssertEqual(F.value("@{7 + 8.5}"), .number(15.5))
        XCTAssertEqual(F.value("@{3.5 % 2}"), .number(1.5))
        XCTAssertEqual(F.value("@{7 == 7.0}"), .boolean(true))
        XCTAssertEqual(F.value("@{9007199254740993 == 9007199254740992.0}"), .boolean(false))
        XCTAssertEqual(F.value("@{7 < 7.5}"), .boolean(true))
        XCTAssertEqual(F.value("@{'a' + 'b' == 'ab'}"), .boolean(true))
    }

    func testErrorsInTemplatesAndCalls() {
        XCTAssertEqual(F.errorMessage("Result: @{substring(s, 2, 5)}", ["s": .string("012")]),
                       "Failed to evaluate [substring('012', 2, 5)]. Indexes are out of bounds.")
        XCTAssertEqual(F.errorMessage("@{getStringFromArray(a, 0)}", ["a": .array([])]),
                       "Failed to evaluate [getStringFromArray(<array>, 0)]. Requested index (0) out of bounds array size (0).")
    }

    func testTryOperatorCatchesEvaluationErrors() {
        XCTAssertEqual(F.value("@{a / b !: -1}", ["a": .integer(1), "b": .integer(0)]), .integer(-1))
        XCTAssertEqual(F.value("@{a / b !: -1}", ["a": .integer(6), "b": .integer(3)]), .integer(2))
        XCTAssertEqual(F.value("@{toInteger(s) !: toInteger(t) !: 0}", ["s": .string("x"), "t": .string("12")]), .integer(12))
        XCTAssertEqual(F.errorMessage("@{toInteger(s) !: toInteger(s)}", ["s": .string("x")]),
                       "Failed to evaluate [toInteger('x')]. Unable to convert value to Integer.")
    }

    func testLogicalOperatorsAndConditionalsShortCircuit() {
        // The right side would fail; it is not evaluated.
        XCTAssertEqual(F.value("@{false && 1 / z == 1}", ["z": .integer(0)]), .boolean(false))
        XCTAssertEqual(F.value("@{true || 1 / z == 1}", ["z": .integer(0)]), .boolean(true))
        XCTAssertEqual(F.value("@{z == 0 ? 0 : 1 / z}", ["z": .integer(0)]), .integer(0))
    }

    func testStepBudget() {
        let sum = "@{" + Array(repeating: "a", count: 50).joined(separator: " + ") + "}"
        XCTAssertEqual(F.errorMessage(sum, ["a": .integer(1)], budget: ExpressionBudget(steps: 20, valueBytes: 100)),
                       "The evaluation took more steps than its budget allows.")
        XCTAssertEqual(F.evaluate(sum, ["a": .integer(1)], budget: ExpressionBudget(steps: 51, valueBytes: 100)), .success(.integer(50)))
        // Running out of steps is not caught by the try operator.
        let attempt = "@{(" + Array(repeating: "a", count: 50).joined(separator: " + ") + ") !: 0}"
        XCTAssertEqual(F.errorMessage(attempt, ["a": .integer(1)], budget: ExpressionBudget(steps: 20, valueBytes: 100)),
                       "The evaluation took more steps than its budget allows.")
    }

    /// One step is a bounded amount of work whatever the sizes of the values: a call or an operator
    /// that reads, compares or builds long strings, arrays or dicts takes a step more per 64 bytes
    /// (or values). Before, each of these was one step, and one expression within the limits took
    /// 5 s (1,170 `len` of a 1 MiB variable), 13 s (1,300 comparisons of arrays of half a million
    /// elements) or 3.5 s (250 `substring`s of it).
    func testWorkOnLargeValuesTakesSteps() {
        let text = String(repeating: "é", count: 1 << 19)
        let array = ExpressionValue.array(Array(repeating: .number(0), count: 500_000))
        let copy = ExpressionValue.array(Array(repeating: .number(0), count: 500_000))
        let values: [String: ExpressionValue] = ["s": .string(text), "a": array, "b": copy]
        func repeated(_ part: String, _ count: Int, _ separator: String) -> String {
            "@{" + Array(repeating: part, count: count).joined(separator: separator) + "}"
        }
        let bombs: [String] = [
            repeated("len(s)", 1_170, "+"), repeated("a==b", 1_300, "&&"), repeated("contains(s,'y')", 400, "||"),
            repeated("len(substring(s,0,30000))", 250, "+"), repeated("s==s", 1_300, "&&"),
        ]
        for bomb in bombs {
            let started = Date()
            XCTAssertEqual(F.evaluate(bomb, values).flatMap { result -> ExpressionError.Kind? in
                if case .failure(let error) = result { error.kind } else { nil }
            }, .stepBudgetExhausted, String(bomb.prefix(40)))
            // Tens of milliseconds in a debug build; seconds before.
            XCTAssertLessThan(Date().timeIntervalSince(started), 0.5 * Sanitizer.slowdown, String(bomb.prefix(40)))
        }
        // The same work on ordinary values stays a step a call.
        XCTAssertEqual(F.evaluate("@{len(s) + len(s)}", ["s": .string(String(repeating: "x", count: 63))],
                                  budget: ExpressionBudget(steps: 5, valueBytes: 100)), .success(.integer(126)))
        let nested: JSONValue = [1, "x", [2, ["k": "v"]]]
        let other: JSONValue = [1, "x", [2, ["k": "w"]]]
        XCTAssertEqual(F.value("@{a == b}", ["a": .array(nested.arrayValue!), "b": .array(nested.arrayValue!)]), .boolean(true))
        XCTAssertEqual(F.value("@{a == b}", ["a": .array(nested.arrayValue!), "b": .array(other.arrayValue!)]), .boolean(false))
        let half: JSONValue = [1, 2.5]
        XCTAssertEqual(F.value("@{a != b}", ["a": .dictionary(["k": [1, 2]]), "b": .dictionary(["k": half])]), .boolean(true))
        // Copies of parts of a long variable are strings built like any other.
        let long = String(repeating: "é", count: 100_000)
        XCTAssertEqual(F.errorMessage("@{substring(s, 0, 40000)}", ["s": .string(long)]),
                       "Failed to evaluate [substring('\(long.cut(toUTF8Count: 64))', 0, 40000)]. The result would be 80000 bytes long, more than the 65536 an expression may build.")
        XCTAssertEqual(F.errorMessage("@{trim(s)}", ["s": .string(long)]),
                       "Failed to evaluate [trim('\(long.cut(toUTF8Count: 64))')]. The result would be 200000 bytes long, more than the 65536 an expression may build.")
    }

    func testValueBudgetRefusesBeforeBuilding() {
        let budget = ExpressionBudget(steps: 100, valueBytes: 10)
        XCTAssertEqual(F.errorMessage("@{a + a}", ["a": .string("123456")], budget: budget),
                       "The result would be 12 bytes long, more than the 10 an expression may build.")
        XCTAssertEqual(F.errorMessage("@{a} and @{a}", ["a": .string("123456")], budget: budget),
                       "The result would be 11 bytes long, more than the 10 an expression may build.")
        XCTAssertEqual(F.errorMessage("@{padStart(a, 1000000000000, 'xy')}", ["a": .string("1")]),
                       "Failed to evaluate [padStart('1', 1000000000000, 'xy')]. The result would be 1000000000000 bytes long, more than the 65536 an expression may build.")
        XCTAssertEqual(F.errorMessage("@{padStart(a, 9223372036854775807, 'xyz')}", ["a": .string("1")]),
                       "Failed to evaluate [padStart('1', 9223372036854775807, 'xyz')]. The result would be 9223372036854775807 bytes long, more than the 65536 an expression may build.")
        // Sizes past Int's range are sizes past any budget, not arithmetic overflows: 2^62 - 1 'é's
        // take 2^63 - 2 bytes, and the 3 bytes of the text make it 2^63 + 1.
        XCTAssertEqual(F.errorMessage("@{padEnd(a, 4611686018427387906, 'é')}", ["a": .string("123")]),
                       "Failed to evaluate [padEnd('123', 4611686018427387906, 'é')]. The result would be 9223372036854775807 bytes long, more than the 65536 an expression may build.")
        XCTAssertEqual(F.value("@{padStart('abc', minInteger(), 'x')}"), .string("abc"))
        let big = String(repeating: "ab", count: 40_000)
        XCTAssertEqual(F.errorMessage("@{replaceAll(a, 'a', 'aa')}", ["a": .string(big)]),
                       "Failed to evaluate [replaceAll('\(big.cut(toUTF8Count: 64))', 'a', 'aa')]. The result would be 120000 bytes long, more than the 65536 an expression may build.")
        XCTAssertEqual(F.errorMessage("@{toString(a)}", ["a": .array(Array(repeating: .string("xxxx"), count: 20_000))]),
                       "Failed to evaluate [toString(<array>)]. The text of a value would be longer than an expression may build.")
    }

    func testVariables() throws {
        var declarations = ExpressionDeclarations()
        let ratio = try XCTUnwrap(declarations.declare("ratio", as: .number))
        let name = try XCTUnwrap(declarations.declare("name", as: .string))
        var variables = ExpressionVariables(declarations: declarations)
        XCTAssertEqual(variables[ratio], .number(0))
        XCTAssertEqual(variables[name], .string(""))
        XCTAssertTrue(variables.setValue(.integer(2), for: ratio))
        XCTAssertEqual(variables[ratio], .number(2), "an integer is stored in a number variable as a number")
        XCTAssertFalse(variables.setValue(.string("x"), for: ratio))
        XCTAssertFalse(variables.setValue(.number(.infinity), for: ratio))
        XCTAssertFalse(variables.setValue(.number(.nan), for: ratio))
        XCTAssertEqual(variables[ratio], .number(2))
        XCTAssertFalse(variables.setValue(.string("x"), forName: "missing"))
        XCTAssertEqual(variables[.environmentLocale], .string("en-US"))
        variables.setEnvironment(ExpressionEnvironment(locale: "ru-RU", direction: .rightToLeft, colorScheme: .dark, widthClass: .wide))
        let template = try ExpressionTemplate.compile("@{env.locale} @{env.direction} @{env.colorScheme} @{env.widthClass}",
                                                      declarations: declarations).get()
        XCTAssertEqual(template.evaluate(with: variables), .success(.string("ru-RU rtl dark wide")))
        XCTAssertEqual(template.dependencies, [.environmentLocale, .environmentDirection, .environmentColorScheme, .environmentWidthClass])
    }

    func testVariablesOfOtherDeclarationsFailInsteadOfCrashing() throws {
        var declarations = ExpressionDeclarations()
        declarations.declare("a", as: .string)
        declarations.declare("b", as: .integer)
        let template = try ExpressionTemplate.compile("@{b + 1}", declarations: declarations).get()
        let unrelated = ExpressionVariables(declarations: ExpressionDeclarations())
        XCTAssertEqual(template.evaluate(with: unrelated), .failure(ExpressionError(.invalidValue, message: "Internal error: a value of an unexpected type.")))
    }

    func testEvaluationIsThreadSafe() throws {
        var declarations = ExpressionDeclarations()
        let number = try XCTUnwrap(declarations.declare("n", as: .integer))
        let template = try ExpressionTemplate.compile("@{'#' + toString(n * 2)}", declarations: declarations).get()
        let base = ExpressionVariables(declarations: declarations)
        let results = LockedResults()
        DispatchQueue.concurrentPerform(iterations: 1000) { index in
            var variables = base
            variables.setValue(.integer(index), for: number)
            if case .success(.string(let text)) = template.evaluate(with: variables) { results.set(index, text) }
        }
        XCTAssertEqual(results.sorted, (0..<1000).map { "#\($0 * 2)" })
    }
}

/// Results written from many threads at once.
private final class LockedResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Int: String] = [:]

    func set(_ index: Int, _ text: String) {
        lock.lock()
        results[index] = text
        lock.unlock()
    }

    var sorted: [String] {
        lock.lock()
        defer { lock.unlock() }
        return results.keys.sorted().map { results[$0]! }
    }
}
