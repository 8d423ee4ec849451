import Foundation
import XCTest

@testable import HubFramework

/// The grammar: literals, escapes, templates, precedence, and every syntax problem with its exact
/// message and place (Unicode scalar offsets).
final class ExpressionSyntaxTests: XCTestCase {
    private typealias F = ExpressionFixture

    func testLiterals() {
        XCTAssertEqual(F.value("@{42}"), .integer(42))
        XCTAssertEqual(F.value("@{-9223372036854775808}"), .integer(.min))
        XCTAssertEqual(F.value("@{+9223372036854775807}"), .integer(.max))
        XCTAssertEqual(F.value("@{2.5}"), .number(2.5))
        XCTAssertEqual(F.value("@{.5}"), .number(0.5))
        XCTAssertEqual(F.value("@{-.25e2}"), .number(-25))
        XCTAssertEqual(F.value("@{11E+2}"), .number(1100))
        XCTAssertEqual(F.value("@{true}"), .boolean(true))
        XCTAssertEqual(F.value("@{'text'}"), .string("text"))
        XCTAssertEqual(F.value("@{''}"), .string(""))
    }

    func testStringLiteralEscapes() {
        XCTAssertEqual(F.value(#"@{'It\'s'}"#), .string("It's"))
        XCTAssertEqual(F.value(#"@{'a\\b'}"#), .string(#"a\b"#))
        XCTAssertEqual(F.value(#"@{'\@{x}'}"#), .string("@{x}"))
        XCTAssertEqual(F.value("@{'a@b}c'}"), .string("a@b}c"))
    }

    func testTemplateTextEscapesApplyOnlyToStringsWithExpressions() {
        // Plain text is used as it is, backslashes included.
        XCTAssertEqual(F.value(#"C:\temp \@"#), .string(#"C:\temp \@"#))
        // A template's text has the escapes.
        XCTAssertEqual(F.value(#"\@{x} is @{1}, \\ and \' too"#), .string(#"@{x} is 1, \ and ' too"#))
        XCTAssertEqual(F.value(#"\@{x}"#), .string("@{x}"))
    }

    func testNestedTemplates() {
        XCTAssertEqual(F.value("@{'name = @{'@{name}'}!'}", ["name": .string("Ada")]), .string("name = Ada!"))
        XCTAssertEqual(F.value("Count: @{count}, twice @{count * 2}", ["count": .integer(4)]), .string("Count: 4, twice 8"))
        XCTAssertEqual(F.value("a@{}b"), .string("ab"))
    }

    func testPrecedenceAndAssociativity() {
        XCTAssertEqual(F.value("@{1 + 2 * 3}"), .integer(7))
        XCTAssertEqual(F.value("@{(1 + 2) * 3}"), .integer(9))
        XCTAssertEqual(F.value("@{10 - 3 - 2}"), .integer(5))
        XCTAssertEqual(F.value("@{-3 % 2}"), .integer(-1))
        XCTAssertEqual(F.value("@{1 < 2 == 2 < 3}"), .boolean(true))
        XCTAssertEqual(F.value("@{true || false && false}"), .boolean(true))
        XCTAssertEqual(F.value("@{true ? false ? 1 : 2 : 3}"), .integer(2))
        XCTAssertEqual(F.value("@{false ? 1 : false ? 2 : 3}"), .integer(3))
        // The try operator binds looser than + and tighter than comparisons, as in DivKit.
        XCTAssertEqual(F.value("@{x !: 8 + 4}", ["x": .integer(1)]), .integer(1))
        XCTAssertEqual(F.value("@{x !: 8 > 4}", ["x": .integer(1)]), .boolean(false))
        XCTAssertEqual(F.value("@{5 + - 3}"), .integer(2))
        XCTAssertEqual(F.value("@{toString (1)}"), .string("1"))
        XCTAssertEqual(F.value("@{a.b.c}", ["a.b.c": .integer(3)]), .integer(3))
    }

    func testSyntaxProblemsAreLocatedExactly() {
        XCTAssertEqual(F.problems("@{1 +}"), ["5..<6: Expected a value here (a literal, a variable, a call or '('), found '}'."])
        XCTAssertEqual(F.problems("x @{1"), ["2..<4: The expression that starts here has no closing '}'."])
        XCTAssertEqual(F.problems("@{1 2}"), ["4..<5: Expected an operator or '}', found '2'."])
        XCTAssertEqual(F.problems("@{'abc}"), ["2..<3: The string literal that starts here has no closing quote."])
        XCTAssertEqual(F.problems("@{(1 + 2}"), ["8..<9: Expected ')' to close the '(' at offset 2, found '}'."])
        XCTAssertEqual(F.problems("@{f(1 2)}"), ["6..<7: Expected ',' or ')' in the arguments of 'f', found '2'."])
        XCTAssertEqual(F.problems("@{true ? 1}"), ["10..<11: Expected ':' and the value when the condition is false, found '}'."])
        XCTAssertEqual(F.problems("@{1 = 1}"), ["4..<5: Unknown operator '=': the operators are ==, &&, ||."])
        XCTAssertEqual(F.problems("@{#x}"), ["2..<3: Unexpected character '#'."])
        XCTAssertEqual(F.problems("@{++1}"), ["3..<4: Two prefix operators in a row: put '+' and what follows in parentheses."])
        XCTAssertEqual(F.problems("@{!-x}", ["x": .integer(1)]),
                       ["3..<4: Two prefix operators in a row: put '-' and what follows in parentheses."])
        XCTAssertEqual(F.problems("@{9223372036854775808}"),
                       ["2..<21: Value 9223372036854775808 can't be converted to Integer type: integers are from -9223372036854775808 to 9223372036854775807."])
        XCTAssertEqual(F.problems("@{1e999}"), ["2..<7: Value 1e999 can't be converted to Number type."])
        XCTAssertEqual(F.problems("@{s.len()}", ["s": .string("")]),
                       ["2..<7: Methods are not supported: write len(s, …) instead of s.len(…)."])
        XCTAssertEqual(F.problems("@{}"), ["0..<3: The expression is empty: write one between '@{' and '}'."])
    }

    func testEscapeProblems() {
        XCTAssertEqual(F.problems(#"@{1} \a"#), [#"5..<7: Unknown escape '\a': the escapes are '\\', '\'' and '\@{'."#])
        XCTAssertEqual(F.problems(#"@{1} \"#), [#"5..<6: A backslash alone: write '\\' for a backslash."#])
        XCTAssertEqual(F.problems(#"@{'\'}"#), [#"2..<3: The string literal that starts here has no closing quote."#])
    }

    func testOffsetsCountUnicodeScalars() {
        // "é" is one scalar, "👩‍💻" three: the offsets are scalar offsets.
        XCTAssertEqual(F.problems("é👩‍💻 @{x}"), ["7..<8: Variable 'x' is not declared."])
        guard case .failure(let problems) = F.compile("é👩‍💻 @{x}") else { return XCTFail() }
        XCTAssertEqual(problems[0].utf16Range(in: "é👩‍💻 @{x}"), 9..<10)
        XCTAssertEqual(String("é👩‍💻 @{x}"[problems[0].range(in: "é👩‍💻 @{x}")]), "x")
    }

    func testNestingDepthIsBoundedWithALocatedProblem() {
        var limits = ContentLimits()
        limits.maximumExpressionDepth = 3
        XCTAssertEqual(F.value("@{(((1)))}"), .integer(1))
        XCTAssertEqual(F.problems("@{((((1))))}", limits: limits), ["5..<6: The expression is nested more than 3 levels deep here."])
        // Deep enough to overflow an unbounded recursive parser's stack: refused, not crashed.
        let deep = "@{" + String(repeating: "(", count: 100_000) + "1" + String(repeating: ")", count: 100_000) + "}"
        limits.maximumExpressionLength = 1_000_000
        XCTAssertEqual(F.problems(deep, limits: limits).first, "5..<6: The expression is nested more than 3 levels deep here.")
        let strings = "@{" + String(repeating: "'@{", count: 70) + "1" + String(repeating: "}'", count: 70) + "}"
        XCTAssertEqual(F.problems(strings).first, "98..<99: The expression is nested more than 32 levels deep here.")
    }

    func testTheDeepestExpressionsRunOnASmallThreadStack() {
        // 512 KiB is the stack of a secondary thread on macOS (and of GCD's threads there):
        // expressions twice as deep as the default limit allows must compile and evaluate on one,
        // in a debug build, where frames are largest. (Before the parser grouped operators in a
        // loop, 48 levels of parentheses overflowed it.)
        let limits = { () -> ContentLimits in
            var limits = ContentLimits.default
            limits.maximumExpressionDepth *= 2
            return limits
        }()
        let depth = limits.maximumExpressionDepth
        let expressions = [
            "@{" + String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth) + "}",
            "@{" + String(repeating: "abs(", count: depth) + "-1" + String(repeating: ")", count: depth) + "}",
            "@{" + String(repeating: "'@{", count: depth) + "1" + String(repeating: "}'", count: depth) + "}",
            "@{" + String(repeating: "true ? ", count: depth) + "1" + String(repeating: " : 2", count: depth) + "}",
            "@{" + String(repeating: "-(", count: depth) + "1" + String(repeating: ")", count: depth) + "}",
        ]
        let done = DispatchSemaphore(value: 0)
        let results = LockedStrings()
        let thread = Thread {
            for text in expressions {
                switch ExpressionTemplate.compile(text, declarations: ExpressionDeclarations(), limits: limits) {
                case .success(let template):
                    results.append("\(template.evaluate(with: ExpressionVariables(declarations: ExpressionDeclarations())))")
                case .failure(let problems):
                    results.append("\(problems)")
                }
            }
            done.signal()
        }
        // A sanitizer's frames are several times larger (make sanitize): the same expressions there
        // get a stack as many times larger, so that the test still finds a recursion without bound.
        thread.stackSize = (512 << 10) * (Sanitizer.isActive ? 8 : 1)
        thread.start()
        done.wait()
        XCTAssertEqual(results.all, ["success(1)", "success(1)", "success(1)", "success(1)", "success(1)"])
    }

    func testLongChainsAreWideNotDeep() {
        // 2,000 additions: within the length limit and no nesting, so no depth problem and no deep
        // recursion when evaluating.
        let sum = "@{" + Array(repeating: "1", count: 2_000).joined(separator: "+") + "}"
        XCTAssertEqual(F.value(sum), .integer(2_000))
        let attempts = "@{" + Array(repeating: "1 / 0", count: 500).joined(separator: " !: ") + " !: 7}"
        XCTAssertEqual(F.value(attempts), .integer(7))
    }

    func testLengthLimit() {
        var limits = ContentLimits()
        limits.maximumExpressionLength = 10
        XCTAssertEqual(F.problems("@{1 + 2 + 3}", limits: limits),
                       ["0..<12: The string is 12 bytes long; a string with expressions may be at most 10 bytes."])
        // Plain text is not an expression: no limit.
        XCTAssertEqual(F.value(String(repeating: "x", count: 100_000)), .string(String(repeating: "x", count: 100_000)))
    }
}

/// Strings appended from another thread.
private final class LockedStrings: @unchecked Sendable {
    private let lock = NSLock()
    private var strings: [String] = []

    func append(_ string: String) {
        lock.lock()
        strings.append(string)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return strings
    }
}
