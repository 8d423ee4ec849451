/// The identifiers of one list, with 64-bit fingerprints computed on demand.
///
/// Fingerprints make the two hot operations cheap: "are these identifiers different?" is one integer
/// comparison in the vast majority of cases (strings are only compared when fingerprints agree), and the
/// Heckel symbol table can hash an integer instead of a string. Equal strings always have equal
/// fingerprints; unequal strings almost never do, and when they do the string comparison decides, so
/// results never depend on the fingerprint function.
final class IdentifierList {
    let identifiers: [String]
    private(set) var fingerprints: [UInt64] = []

    init(_ identifiers: [String]) {
        self.identifiers = identifiers
    }

    var count: Int { identifiers.count }

    var hasFingerprints: Bool { fingerprints.count == identifiers.count }

    /// Computes the fingerprints (once).
    func prepareFingerprints() {
        if hasFingerprints { return }
        fingerprints = identifiers.map(IdentifierList.fingerprint)
    }

    /// A 64-bit hash of the UTF-8 bytes: 8-byte words folded with multiply/xor, then a final avalanche
    /// (the murmur3 finaliser) so that the low bits are usable as a table index.
    static func fingerprint(_ identifier: String) -> UInt64 {
        var copy = identifier
        return copy.withUTF8 { bytes -> UInt64 in
            var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
            let raw = UnsafeRawBufferPointer(bytes)
            var offset = 0
            while offset + 8 <= raw.count {
                let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                hash = (hash ^ word) &* 0x0000_0100_0000_01B3 &+ 0x2545_F491_4F6C_DD1D
                hash ^= hash >> 29
                offset += 8
            }
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while offset < raw.count {
                tail |= UInt64(raw[offset]) << shift
                shift += 8
                offset += 1
            }
            hash = (hash ^ tail) &* 0x0000_0100_0000_01B3
            hash ^= hash >> 33
            hash = hash &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 33
            hash = hash &* 0xC4CE_B9FE_1A85_EC53
            hash ^= hash >> 33
            return hash
        }
    }
}
