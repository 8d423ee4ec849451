import Foundation

/// The secret of one live-editing session: whoever shows it may push documents to the viewer.
///
/// The viewer makes a new one each time its live service starts, from the system's secure random
/// source, and writes it to a file only its user can read (`LiveTokenFile`); `hublive` reads it
/// there and sends it as the first message of every connection. So another account on the same
/// machine, which can reach the loopback port but not the file, cannot push anything.
///
/// The text is 64 lowercase hexadecimal digits (256 bits). It is never printed: its description
/// is a placeholder, so it does not end up in logs.
public struct LiveSessionToken: Sendable, CustomStringConvertible {
    /// Random bytes in a new token.
    public static let byteCount = 32
    /// Shortest and longest token text accepted from a file.
    public static let textLengths = 32...128

    /// The token as written to the file and sent on the wire.
    public let text: String

    /// A token from text read elsewhere (a file); nil unless it is 32 to 128 hexadecimal digits.
    public init?(text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard Self.textLengths.contains(trimmed.utf8.count), trimmed.utf8.allSatisfy(Self.isHexDigit) else {
            return nil
        }
        self.text = trimmed.lowercased()
    }

    private init(validated text: String) {
        self.text = text
    }

    /// A new token from the system's cryptographically secure generator (`getrandom` on Linux,
    /// which is what `SystemRandomNumberGenerator` uses).
    public static func generate() -> LiveSessionToken {
        var generator = SystemRandomNumberGenerator()
        var text = ""
        text.reserveCapacity(byteCount * 2)
        for _ in 0..<byteCount {
            let byte = UInt8.random(in: .min ... .max, using: &generator)
            text += String(byte >> 4, radix: 16) + String(byte & 0x0f, radix: 16)
        }
        return LiveSessionToken(validated: text)
    }

    /// Whether `candidate` (a received first message) is this token. The time it takes depends on
    /// the lengths only, never on where the bytes differ, so a client cannot find the token by
    /// timing its guesses.
    public func matches(_ candidate: Data) -> Bool {
        let expected = Array(text.utf8)
        var difference = UInt8(truncatingIfNeeded: expected.count ^ candidate.count)
        candidate.withUnsafeBytes { received in
            for index in 0..<expected.count {
                // Past the end of a short candidate, compare against a byte that never matches
                // the hexadecimal digits, and keep going.
                let byte = index < received.count ? received[index] : 0xff
                difference |= expected[index] ^ byte
            }
        }
        return difference == 0 && candidate.count == expected.count
    }

    /// A placeholder: the token itself is never printed.
    public var description: String { "LiveSessionToken(\(text.count) digits)" }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }
}
