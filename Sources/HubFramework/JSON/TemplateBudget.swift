import Foundation

/// What the template expansions of one document may still cost, in units of about 40 ns of work
/// or 16 bytes of memory; shared by the document's templates and those of the views in its
/// targets, so that nothing a document holds starts a budget of its own.
///
/// Templates that use templates multiply, and a text built from values can be far longer than the
/// document (a placeholder that repeats a megabyte value 3,000 times asks for 3 GB). So every use
/// is charged for what it builds, before it is built:
/// * each JSON value of its template (``ComponentTemplates``' resolved object), ``valueCost``
///   units: what a copy of it holds;
/// * each byte of a text built from placeholders (`"{name} ({weight} g)"`), one unit, counted
///   from the lengths of its pieces before they are joined;
/// * each component that a template's use makes (a child of the template, a component of a view
///   in its target, the children and uses inside them), ``componentCost`` units: applying one
///   takes about 10 µs, and a template whose levels each use the previous one twice makes a million
///   components from a few hundred bytes.
///
/// A use whose template could not be expanded in full within what is left (its cost counts the
/// components and values of the templates its children use, without expanding them), or whose
/// texts would not fit, is refused before anything is built, with a located problem, and so is
/// every templated component after it.
final class TemplateBudget {
    /// What a JSON value of a template costs, in units, each time it is used.
    static let valueCost = 4
    /// What a component made by a template costs, in units.
    static let componentCost = 256

    /// What expansions may cost for a document of `documentBytes` bytes (nil when its size is not
    /// known): 8 units a byte, plus 4 Mi for any document (some 16,000 components, a tenth of a
    /// second); never more than 64 per component the limits allow (320 million by default). An
    /// honest templated row costs its template's values and texts, about 100 units, in 60 bytes
    /// or more; a megabyte of templates makes at most some 50,000 components, copies 3 million
    /// values or builds 12 MB of text, in about half a second.
    static func units(limits: ContentLimits, documentBytes: Int?) -> Int {
        let byComponents = max(1, limits.maximumComponentCount).multipliedReportingOverflow(by: 64)
        let ceiling = byComponents.overflow ? Int.max : byComponents.partialValue
        guard let documentBytes else { return ceiling }
        let byBytes = documentBytes.multipliedReportingOverflow(by: 8)
        return min(ceiling, byBytes.overflow ? Int.max : sum(byBytes.partialValue, 1 << 22))
    }

    /// What a use costs whose template has `values` JSON values and whose built texts take
    /// `textBytes` bytes (the components it makes are charged as they are applied).
    static func useCost(values: Int, textBytes: Int) -> Int {
        let copies = values.multipliedReportingOverflow(by: valueCost)
        return sum(copies.overflow ? .max : copies.partialValue, textBytes)
    }

    /// The budget a document starts with.
    let initial: Int
    /// What is left.
    private(set) var remaining: Int
    /// A use was refused: every later one is too, as the problem says.
    private(set) var isExhausted = false
    private var reported = false
    /// Expansions under way: a component applied meanwhile was made by a template.
    private var expansionDepth = 0

    init(limits: ContentLimits, documentBytes: Int?) {
        initial = Self.units(limits: limits, documentBytes: documentBytes)
        remaining = initial
    }

    /// Whether `cost` units fit in what is left (never once a use was refused).
    func allows(_ cost: Int) -> Bool {
        !isExhausted && cost <= remaining
    }

    /// Spends `cost` units; false, and nothing spent, when they do not fit.
    func spend(_ cost: Int) -> Bool {
        guard allows(cost) else { return false }
        remaining -= cost
        return true
    }

    /// Refuses every expansion from now on, and reports `message` at `location` unless a refusal was
    /// reported already.
    func runOut(_ message: String, at location: JSONLocation?, problems: JSONProblemCollector) {
        isExhausted = true
        guard !reported else { return }
        reported = true
        problems.report(message, at: location)
    }

    /// Whether a template's use is being applied: the components applied now were made by it.
    var isExpanding: Bool { expansionDepth > 0 }

    /// Runs `body` as part of a template's use (see ``isExpanding``).
    func expanding(_ body: () -> Void) {
        expansionDepth += 1
        defer { expansionDepth -= 1 }
        body()
    }

    /// Runs `body` and then puts the budget back as it was: for a preview of what is being read
    /// (the first part of a long document), which the whole document is read again after.
    func restoring(_ body: () -> Void) {
        let saved = (remaining, isExhausted, reported)
        body()
        (remaining, isExhausted, reported) = saved
    }

    /// Adds two costs, saturating at `Int.max`.
    static func sum(_ a: Int, _ b: Int) -> Int {
        let (total, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : total
    }
}
