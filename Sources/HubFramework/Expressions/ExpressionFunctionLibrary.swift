/// The functions expressions can call: strings, conversions, arithmetic, datetimes, number and date
/// formatting, array and dict access. Names and meanings are DivKit's where DivKit has the function;
/// docs/json.md ("Functions", in "State and expressions") lists every signature with an example.
///
/// The library is resolved when an expression is compiled, so a call costs one indirect call at
/// evaluation time.
public struct ExpressionFunctionLibrary: Sendable {
    private let functionsByName: [String: [ExpressionFunction]]

    /// Every function the language has.
    public static let standard: ExpressionFunctionLibrary = {
        var list = ExpressionFunctionList()
        list.addStringFunctions()
        list.addConversionFunctions()
        list.addMathFunctions()
        list.addDateTimeFunctions()
        list.addFormatFunctions()
        list.addCollectionFunctions()
        return ExpressionFunctionLibrary(list.functions)
    }()

    init(_ functions: [ExpressionFunction]) {
        functionsByName = Dictionary(grouping: functions, by: \.name)
    }

    /// Every signature, ordered by name and then as declared.
    public var signatures: [ExpressionFunctionSignature] {
        names.flatMap { signatures(named: $0) }
    }

    /// The signatures of the function called `name`; empty when there is none.
    public func signatures(named name: String) -> [ExpressionFunctionSignature] {
        functions(named: name).map(\.signature)
    }

    /// Every function name, in ascending order.
    public var names: [String] {
        functionsByName.keys.sorted()
    }

    func functions(named name: String) -> [ExpressionFunction] {
        functionsByName[name] ?? []
    }
}

/// Collects functions while the library is built; each family of functions adds itself in an
/// extension (`addStringFunctions()`, …).
struct ExpressionFunctionList {
    private(set) var functions: [ExpressionFunction] = []

    private mutating func add(_ name: String, _ parameters: [ExpressionType], _ result: ExpressionType, variadic: Bool,
                              effects: ExpressionFunction.Effects, convertsIntegers: Bool = true, _ summary: String,
                              _ implementation: ExpressionFunction.Implementation)
    {
        let signature = ExpressionFunctionSignature(name: name, parameters: parameters, isVariadic: variadic,
                                                    resultType: result, summary: summary)
        functions.append(ExpressionFunction(signature, effects: effects, convertsIntegers: convertsIntegers, implementation))
    }

    mutating func add(_ name: String, _ result: ExpressionType, _ summary: String, effects: ExpressionFunction.Effects = [],
                      _ body: @escaping ExpressionFunction.Nullary)
    {
        add(name, [], result, variadic: false, effects: effects, summary, .nullary(body))
    }

    mutating func add(_ name: String, _ parameter: ExpressionType, _ result: ExpressionType, _ summary: String,
                      effects: ExpressionFunction.Effects = [], convertsIntegers: Bool = true,
                      _ body: @escaping ExpressionFunction.Unary)
    {
        add(name, [parameter], result, variadic: false, effects: effects, convertsIntegers: convertsIntegers, summary,
            .unary(body))
    }

    mutating func add(_ name: String, _ first: ExpressionType, _ second: ExpressionType, _ result: ExpressionType,
                      _ summary: String, effects: ExpressionFunction.Effects = [], _ body: @escaping ExpressionFunction.Binary)
    {
        add(name, [first, second], result, variadic: false, effects: effects, summary, .binary(body))
    }

    mutating func add(_ name: String, _ first: ExpressionType, _ second: ExpressionType, _ third: ExpressionType,
                      _ result: ExpressionType, _ summary: String, effects: ExpressionFunction.Effects = [],
                      _ body: @escaping ExpressionFunction.Ternary)
    {
        add(name, [first, second, third], result, variadic: false, effects: effects, summary, .ternary(body))
    }

    /// A function whose last parameter repeats (one or more arguments in its place).
    mutating func addVariadic(_ name: String, _ parameters: [ExpressionType], _ result: ExpressionType, _ summary: String,
                              _ body: @escaping ExpressionFunction.Variadic)
    {
        add(name, parameters, result, variadic: true, effects: [], summary, .variadic(body))
    }
}
