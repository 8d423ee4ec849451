/// The variables expressions may read, each with its type and slot.
///
/// Expressions are compiled against declarations: a variable that is not declared is a problem
/// located in the document (with the nearest declared name), and every use of a variable is checked
/// against its type. The `env` variables (``ExpressionEnvironment``) are always declared, in the first
/// slots.
///
/// ```swift
/// var declarations = ExpressionDeclarations()
/// let title = declarations.declare("title", as: .string)!
/// ```
public struct ExpressionDeclarations: Sendable, Hashable {
    private var names: [String]
    private var types: [ExpressionType]
    private var slotsByName: [String: ExpressionSlot]

    /// Declarations holding only the `env` variables.
    public init() {
        names = ExpressionEnvironment.variableNames
        types = Array(repeating: .string, count: names.count)
        slotsByName = [:]
        for (index, name) in names.enumerated() {
            slotsByName[name] = ExpressionSlot(index)
        }
    }

    /// Declarations holding the `env` variables and `variables`, declared in ascending order of
    /// name. Names that ``declare(_:as:)`` refuses are left out.
    /// - Parameter variables: names and types.
    public init(_ variables: [String: ExpressionType]) {
        self.init()
        for name in variables.keys.sorted() {
            declare(name, as: variables[name]!)
        }
    }

    /// Declares a variable, or changes the type of one already declared (keeping its slot).
    ///
    /// A name starts with a letter or `_` and goes on with letters, digits, `_` and `.` (ASCII, as in
    /// DivKit); `true`, `false` and the `env.` names are reserved.
    /// - Returns: the variable's slot, or nil when the name cannot be a variable's.
    @discardableResult
    public mutating func declare(_ name: String, as type: ExpressionType) -> ExpressionSlot? {
        guard Self.isValidName(name), name != "true", name != "false", !name.hasPrefix("env.") else { return nil }
        if let slot = slotsByName[name] {
            types[slot.index] = type
            return slot
        }
        let slot = ExpressionSlot(names.count)
        names.append(name)
        types.append(type)
        slotsByName[name] = slot
        return slot
    }

    /// The slot of the variable called `name`, or nil when there is none.
    public func slot(named name: String) -> ExpressionSlot? {
        slotsByName[name]
    }

    /// The name of the variable in `slot`.
    public func name(of slot: ExpressionSlot) -> String {
        names[slot.index]
    }

    /// The type of the variable in `slot`.
    public func type(of slot: ExpressionSlot) -> ExpressionType {
        types[slot.index]
    }

    /// How many variables are declared, the `env` ones included.
    public var count: Int { names.count }

    /// Every declared name, in slot order.
    public var allNames: [String] { names }

    static func isValidName(_ name: String) -> Bool {
        guard let first = name.utf8.first, first == UInt8(ascii: "_") || isLetter(first) else { return false }
        return name.utf8.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") }
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
