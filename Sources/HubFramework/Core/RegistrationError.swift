/// A programmer's error when registering something: a duplicate name, or an empty registration.
/// Registries throw it instead of crashing; the message names the culprit.
public struct RegistrationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Why a registration was refused.
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
    /// Why it was refused.
    public let reason: Reason

    /// Creates an error. Registries throw these; an app's own registry can too.
    /// - Parameters:
    ///   - kind: what was registered, in words (it starts the message).
    ///   - identifier: the identifier or namespace it was registered under.
    ///   - reason: why it was refused.
    public init(kind: String, identifier: String, reason: Reason) {
        self.kind = kind
        self.identifier = identifier
        self.reason = reason
    }

    /// A sentence naming the kind, the identifier and the reason, for example
    /// `A feature is already registered for 'cities'`.
    public var description: String {
        switch reason {
        case .duplicate: return "A \(kind) is already registered for '\(identifier)'"
        case .invalid(let why): return "Invalid \(kind) '\(identifier)': \(why)"
        }
    }
}
