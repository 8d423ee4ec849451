/// A programmer's error when registering something: a duplicate name, or an empty registration.
/// Registries throw it instead of crashing; the message names the culprit.
public struct RegistrationError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        /// Something is already registered under this identifier.
        case duplicate
        /// The registration is missing something it needs (for example an empty operation list).
        case invalid(String)
    }

    /// What kind of thing was registered ("feature", "component factory", "JSON schema", …).
    public let kind: String
    /// The identifier or namespace it was registered under.
    public let identifier: String
    public let reason: Reason

    public init(kind: String, identifier: String, reason: Reason) {
        self.kind = kind
        self.identifier = identifier
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .duplicate: return "A \(kind) is already registered for '\(identifier)'"
        case .invalid(let why): return "Invalid \(kind) '\(identifier)': \(why)"
        }
    }
}
