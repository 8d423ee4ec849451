import XCTest

@testable import HubFramework

/// Compiling and evaluating in one call, for the expression tests: variables are declared with the
/// types of the values given and hold those values.
enum ExpressionFixture {
    static func declarations(_ variables: [String: ExpressionValue]) -> ExpressionDeclarations {
        ExpressionDeclarations(variables.mapValues(\.type))
    }

    static func compile(_ text: String, _ variables: [String: ExpressionValue] = [:], resultType: ExpressionType? = nil,
                        limits: ContentLimits = .default) -> Result<ExpressionTemplate, ExpressionProblems>
    {
        ExpressionTemplate.compile(text, declarations: declarations(variables), resultType: resultType, limits: limits)
    }

    static func variables(_ values: [String: ExpressionValue], environment: ExpressionEnvironment = ExpressionEnvironment())
        -> ExpressionVariables
    {
        var variables = ExpressionVariables(declarations: declarations(values), environment: environment)
        for (name, value) in values { variables.setValue(value, forName: name) }
        return variables
    }

    /// The result of evaluating `text`; a compile problem fails the test.
    static func evaluate(_ text: String, _ values: [String: ExpressionValue] = [:],
                         environment: ExpressionEnvironment = ExpressionEnvironment(), budget: ExpressionBudget = .default,
                         file: StaticString = #filePath, line: UInt = #line) -> Result<ExpressionValue, ExpressionError>?
    {
        switch compile(text, values) {
        case .failure(let problems):
            XCTFail("\(text) does not compile: \(problems)", file: file, line: line)
            return nil
        case .success(let template):
            return template.evaluate(with: variables(values, environment: environment), budget: budget)
        }
    }

    /// The value of `text`; a problem or an error fails the test.
    static func value(_ text: String, _ values: [String: ExpressionValue] = [:],
                      environment: ExpressionEnvironment = ExpressionEnvironment(),
                      file: StaticString = #filePath, line: UInt = #line) -> ExpressionValue?
    {
        switch evaluate(text, values, environment: environment, file: file, line: line) {
        case .success(let value)?: return value
        case .failure(let error)?:
            XCTFail("\(text) fails: \(error)", file: file, line: line)
            return nil
        case nil: return nil
        }
    }

    /// The message of the evaluation error of `text`; nil (and a failure) when it evaluates.
    static func errorMessage(_ text: String, _ values: [String: ExpressionValue] = [:], budget: ExpressionBudget = .default,
                             file: StaticString = #filePath, line: UInt = #line) -> String?
    {
        switch evaluate(text, values, budget: budget, file: file, line: line) {
        case .failure(let error)?: return error.message
        case .success(let value)?:
            XCTFail("\(text) evaluates to \(value)", file: file, line: line)
            return nil
        case nil: return nil
        }
    }

    /// The problems of `text`, as `offset..<end: message`; empty (and a failure) when it compiles.
    static func problems(_ text: String, _ values: [String: ExpressionValue] = [:], resultType: ExpressionType? = nil,
                         limits: ContentLimits = .default, file: StaticString = #filePath, line: UInt = #line) -> [String]
    {
        switch compile(text, values, resultType: resultType, limits: limits) {
        case .failure(let problems):
            return problems.map { "\($0.range.lowerBound)..<\($0.range.upperBound): \($0.message)" }
        case .success:
            XCTFail("\(text) compiles", file: file, line: line)
            return []
        }
    }
}
