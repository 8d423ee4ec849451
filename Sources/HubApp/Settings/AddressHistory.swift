import Foundation

/// The URIs opened from the address bar that the app remembers: most recent first, each once, at
/// most ``limit`` (the bound the viewer's schema documents for `address-history`).
public enum AddressHistory {
    /// How many URIs are kept.
    public static let limit = 100

    /// `history` after `uri` was opened: `uri` first, an earlier copy of it removed, the oldest
    /// dropped past ``limit``. Blank text changes nothing.
    public static func adding(_ uri: String, to history: [String]) -> [String] {
        let trimmed = uri.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return history }
        return Array(([trimmed] + history.filter { $0 != trimmed }).prefix(limit))
    }
}
