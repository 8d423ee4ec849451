import XCTest

@testable import HubFramework

/// What is checked before an expression runs: declarations, functions and their signatures,
/// operand types, branch types and the result type the caller needs, each with its exact message.
final class ExpressionCheckTests: XCTestCase {
    private typealias F = ExpressionFixture

    func testUndeclaredVariableSuggestsTheNearestDeclaredName() {
        XCTAssertEqual(F.problems("@{titel}", ["title": .string("")]), ["2..<7: Variable 'titel' is not declared. Did you mean 'title'?"])
        XCTAssertEqual(F.problems("@{count + 1}", ["title": .string("")]), ["2..<7: Variable 'count' is not declared."])
        XCTAssertEqual(F.problems("@{env.langauge}"),
                       ["2..<14: Unknown environment variable 'env.langauge': the environment has env.locale, env.direction, env.colorScheme, env.widthClass."])
    }

    func testEveryProblemIsReportedInOrder() {
        XCTAssertEqual(F.problems("@{a} and @{'x' - 1}, @{toLowercase(b)}"), [
            "2..<3: Variable 'a' is not declared.",
            "11..<14: Operator '-' cannot be applied to String type.",
            "23..<34: Unknown function 'toLowercase'. Did you mean 'toLowerCase'?",
            "35..<36: Variable 'b' is not declared.",
        ])
        // A part whose type is unknown is not reported again where it is used.
        XCTAssertEqual(F.problems("@{b + 'x' - 1}"), ["2..<3: Variable 'b' is not declared."])
    }

    func testUnknownFunctionSuggestsTheNearestName() {
        XCTAssertEqual(F.problems("@{toLowercase('A')}"), ["2..<13: Unknown function 'toLowercase'. Did you mean 'toLowerCase'?"])
        XCTAssertEqual(F.problems("@{frobnicate()}"), ["2..<12: Unknown function 'frobnicate'."])
    }

    func testWrongArgumentsNameTheSignatures() {
        XCTAssertEqual(F.problems("@{contains('abc')}"), [
            "2..<17: Function 'contains' has no matching overload for given argument types: String. Its signatures: contains(String, String) → Boolean.",
        ])
        XCTAssertEqual(F.problems("@{toNumber(true)}"), [
            "2..<16: Function 'toNumber' has no matching overload for given argument types: Boolean. Its signatures: toNumber(Integer) → Number; toNumber(String) → Number.",
        ])
        XCTAssertEqual(F.problems("@{max()}"), [
            "2..<7: Function 'max' has no matching overload for no arguments. Its signatures: max(Integer…) → Integer; max(Number…) → Number.",
        ])
    }

    func testIntegersAreConvertedToNumbersForNumberParameters() {
        XCTAssertEqual(F.value("@{max(0, 1, 3.5)}"), .number(3.5))
        XCTAssertEqual(F.value("@{getOptNumberFromArray(a, 5, 7)}", ["a": .array([])]), .number(7))
        XCTAssertEqual(F.value("@{max(1, 2)}"), .integer(2))
        // Not for conversions, as in DivKit: converting an integer to an integer is a mistake.
        XCTAssertEqual(F.problems("@{toInteger(3)}"), [
            "2..<14: Function 'toInteger' has no matching overload for given argument types: Integer. Its signatures: toInteger(Number) → Integer; toInteger(String) → Integer; toInteger(Boolean) → Integer.",
        ])
    }

    func testOperatorTypesAreCheckedWithDivKitsMessages() {
        XCTAssertEqual(F.problems("@{'abc' - 1}"), ["2..<7: Operator '-' cannot be applied to String type."])
        XCTAssertEqual(F.problems("@{'a' + 1}"), ["2..<9: Operator '+' cannot be applied to different types: String and Integer."])
        XCTAssertEqual(F.problems("@{1 == 'a'}"), ["2..<10: Operator '==' cannot be applied to different types: Integer and String."])
        XCTAssertEqual(F.problems("@{true < false}"), ["2..<6: Operator '<' cannot be applied to Boolean type."])
        XCTAssertEqual(F.problems("@{1 && true}"), ["2..<3: Operator '&&' cannot be applied to Integer type."])
        XCTAssertEqual(F.problems("@{!1}"), ["2..<4: A Boolean is expected after a unary not, found Integer."])
        XCTAssertEqual(F.problems("@{-'a'}"), ["2..<6: A Number is expected after a unary minus, found String."])
        XCTAssertEqual(F.problems("@{(1 + 'a') * 2}"), ["3..<10: Operator '+' cannot be applied to different types: Integer and String."])
    }

    func testConditionAndBranchTypes() {
        XCTAssertEqual(F.problems("@{2 ? 1 : 0}"), ["2..<3: Ternary must be called with a Boolean value as a condition, found Integer."])
        XCTAssertEqual(F.problems("@{true ? 1 : 'one'}"),
                       ["9..<18: The two branches of '?:' have different types: Integer and String; they must have the same type."])
        XCTAssertEqual(F.value("@{false ? 1 : 2.5}"), .number(2.5))
        XCTAssertEqual(F.value("@{true ? 1 : 2.5}"), .number(1))
        XCTAssertEqual(F.problems("@{1 / 0 !: 'x'}"),
                       ["2..<14: The two sides of '!:' have different types: Integer and String; they must have the same type."])
    }

    func testResultTypeTheCallerNeeds() {
        XCTAssertEqual(F.problems("@{1 + 1}", resultType: .boolean), ["0..<8: The value must be a Boolean, but this expression gives an Integer."])
        XCTAssertEqual(F.problems("Count: @{1}", resultType: .integer),
                       ["0..<11: The value must be an Integer, but this text with expressions in it is a String."])
        XCTAssertEqual(F.problems("yes", resultType: .boolean), ["0..<3: The value must be a Boolean, but this text is a String."])
        guard case .success(let template) = F.compile("@{count}", ["count": .integer(2)], resultType: .number) else { return XCTFail() }
        XCTAssertEqual(template.resultType, .number)
        XCTAssertEqual(template.evaluate(with: F.variables(["count": .integer(2)])), .success(.number(2)))
    }

    func testTemplatesKnowTheirKindTypeAndDependencies() throws {
        var declarations = ExpressionDeclarations()
        let title = try XCTUnwrap(declarations.declare("title", as: .string))
        let query = try XCTUnwrap(declarations.declare("query", as: .string))
        let unused = try XCTUnwrap(declarations.declare("unused", as: .integer))
        let search = try ExpressionTemplate.compile("@{contains(toLowerCase(title), toLowerCase(query))}",
                                                    declarations: declarations).get()
        XCTAssertEqual(search.kind, .expression)
        XCTAssertEqual(search.resultType, .boolean)
        XCTAssertEqual(search.dependencies, [title, query])
        XCTAssertTrue(search.depends(on: [query]))
        XCTAssertFalse(search.depends(on: [unused]))
        let text = try ExpressionTemplate.compile("Hello", declarations: declarations).get()
        XCTAssertEqual(text.kind, .text)
        XCTAssertEqual(text.constantValue, .string("Hello"))
        let folded = try ExpressionTemplate.compile("Total: @{2 * 21} @{'items'}", declarations: declarations).get()
        XCTAssertEqual(folded.kind, .interpolation)
        XCTAssertEqual(folded.constantValue, .string("Total: 42 items"))
        XCTAssertEqual(folded.dependencies, [])
        let branch = try ExpressionTemplate.compile("@{false ? title : 'none'}", declarations: declarations).get()
        XCTAssertEqual(branch.constantValue, .string("none"), "a constant condition keeps only its branch")
        let locale = try ExpressionTemplate.compile("@{decimalFormat(1.5, '0.0')}", declarations: declarations).get()
        XCTAssertEqual(locale.dependencies, [.environmentLocale], "formatting in env.locale depends on it")
        XCTAssertNil(locale.constantValue)
        let clock = try ExpressionTemplate.compile("@{nowLocal() > parseUnixTime(0)}", declarations: declarations).get()
        XCTAssertTrue(clock.usesCurrentTime)
        XCTAssertNil(clock.constantValue)
        let failing = try ExpressionTemplate.compile("@{1 / 0}", declarations: declarations).get()
        XCTAssertNil(failing.constantValue, "a failing constant is left to fail when evaluated")
    }

    func testContainsExpression() {
        XCTAssertTrue(ExpressionTemplate.containsExpression("a @{b}"))
        XCTAssertTrue(ExpressionTemplate.containsExpression(#"\\@{b}"#))
        XCTAssertTrue(ExpressionTemplate.containsExpression(#"\@@{b}"#))
        XCTAssertFalse(ExpressionTemplate.containsExpression(#"\@{b}"#))
        XCTAssertFalse(ExpressionTemplate.containsExpression("mail@example.com {x}"))
        XCTAssertFalse(ExpressionTemplate.containsExpression(""))
        XCTAssertTrue(ExpressionTemplate.containsTemplateSyntax(#"\@{b}"#))
        XCTAssertFalse(ExpressionTemplate.containsTemplateSyntax("@ {"))
    }

    /// The bytes' check (the one-pass reader asks it of texts where they lie in the document)
    /// agrees with the string's, wherever the `@` is.
    func testTemplateSyntaxInBytes() {
        let texts = ["", "@", "{", "@{", "{@", "a@{", "@@{", "x@", "@ {", "@@", "mail@example.com", "mail@example.com @{x}",
                     "a@b@c@{", "@a@{", String(repeating: "@", count: 40) + "{", String(repeating: "x", count: 40) + "@{",
                     "é@{", "@é{", "@}{"]
        for text in texts {
            let bytes = Array(text.utf8)
            let expected = bytes.indices.dropLast().contains { bytes[$0] == UInt8(ascii: "@") && bytes[$0 + 1] == UInt8(ascii: "{") }
            XCTAssertEqual(bytes.withUnsafeBufferPointer(ExpressionTemplate.containsTemplateSyntax(utf8:)), expected, text)
            XCTAssertEqual(ExpressionTemplate.containsTemplateSyntax(text), expected, text)
            // Inside a longer buffer: the bytes after the text are not read.
            let padded = bytes + Array("{{".utf8)
            XCTAssertEqual(padded.withUnsafeBufferPointer { ExpressionTemplate.containsTemplateSyntax(utf8: UnsafeBufferPointer(rebasing: $0[0..<bytes.count])) },
                           expected, "\(text) followed by more")
        }
    }

    func testDeclarationNames() {
        var declarations = ExpressionDeclarations()
        XCTAssertNotNil(declarations.declare("a_b.c1", as: .string))
        XCTAssertNil(declarations.declare("1a", as: .string))
        XCTAssertNil(declarations.declare("true", as: .boolean))
        XCTAssertNil(declarations.declare("env.locale", as: .string))
        XCTAssertNil(declarations.declare("café", as: .string))
        XCTAssertEqual(declarations.declare("a_b.c1", as: .integer), declarations.slot(named: "a_b.c1"))
        XCTAssertEqual(declarations.type(of: declarations.slot(named: "a_b.c1")!), .integer)
        XCTAssertEqual(declarations.slot(named: "env.locale"), .environmentLocale)
        XCTAssertEqual(ExpressionType(declarationName: "object"), .dictionary)
        XCTAssertEqual(ExpressionType(declarationName: "dict"), .dictionary)
        XCTAssertNil(ExpressionType(declarationName: "color"))
    }
}
