/// An expression that failed when a view's state was applied to it (an integer overflow, a division
/// by zero, an element out of range, its budget): where it is in the document, by the JSON path of
/// the value that holds it (`body[3].text.title`, as hub-validate writes paths), and why. The value
/// shown instead is its type's empty value; the document's own fallback is the try operator
/// (`@{a / b !: 0}`), which leaves nothing to report.
package struct ExpressionFailure: Sendable, Hashable, CustomStringConvertible {
    /// `body[3].text.title`; a component's place is its index among its siblings, as in the
    /// document it came from.
    package let location: String
    /// Why it failed: `Failed to evaluate [8 / 0]. Division by zero is not supported.`
    package let message: String

    package init(location: String, message: String) {
        self.location = location
        self.message = message
    }

    /// `location: message`.
    package var description: String { "\(location): \(message)" }
}
