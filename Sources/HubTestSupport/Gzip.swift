import Foundation

/// Gzip data made without a compression library, for tests of what a client does with
/// `Content-Encoding: gzip`: a small document stored uncompressed in a valid gzip file, and the parts
/// of an endless gzip bomb (runs of zeros, about 160 times smaller than what they expand to) that a
/// server can stream without ever holding the expanded bytes.
public enum Gzip {
    /// The 10-byte gzip header: deflate, no name, no time, unknown OS.
    public static let header = Data([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff])

    /// A complete gzip file holding `data` in stored (uncompressed) deflate blocks, with its CRC-32
    /// and length, so a client that decompresses gets exactly `data` back.
    public static func stored(_ data: Data) -> Data {
        var out = header
        let bytes = [UInt8](data)
        var offset = 0
        repeat {
            let count = min(65_535, bytes.count - offset)
            let final: UInt8 = offset + count == bytes.count ? 1 : 0
            out.append(final)  // BFINAL, BTYPE 00 (stored), padded to the byte
            out.append(contentsOf: [UInt8(count & 0xff), UInt8(count >> 8), UInt8(~count & 0xff), UInt8((~count >> 8) & 0xff)])
            out.append(contentsOf: bytes[offset..<offset + count])
            offset += count
        } while offset < bytes.count
        appendLittleEndian(crc32(bytes), to: &out)
        appendLittleEndian(UInt32(truncatingIfNeeded: bytes.count), to: &out)
        return out
    }

    /// A non-final deflate block (fixed Huffman codes) that expands to `1 + 258 × repeats` zero
    /// bytes: a literal zero, then `repeats` copies of "258 bytes from 1 back". `repeats` is rounded
    /// up so the block ends on a byte boundary, so the same block can follow itself any number of
    /// times after `header`. The default expands 13 KB to about 2 MB.
    public static func zerosBlock(repeats: Int = 8_006) -> Data {
        // 3 header bits + 8 (literal) + 13 per copy + 7 (end of block) must be a multiple of 8.
        var count = max(6, repeats)
        while (18 + 13 * count) % 8 != 0 { count += 1 }
        var writer = BitWriter()
        writer.bits(0, count: 1)  // BFINAL: more blocks follow
        writer.bits(1, count: 2)  // BTYPE 01: fixed Huffman codes
        writer.code(0x30, length: 8)  // literal 0
        for _ in 0..<count {
            writer.code(0xc5, length: 8)  // length code 285: 258 bytes
            writer.code(0, length: 5)  // distance code 0: 1 byte back
        }
        writer.code(0, length: 7)  // end of block
        return writer.data
    }

    /// The CRC-32 gzip uses (IEEE 802.3, reflected).
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xffff_ffff
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xedb8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func appendLittleEndian(_ value: UInt32, to data: inout Data) {
        data.append(contentsOf: [UInt8(value & 0xff), UInt8((value >> 8) & 0xff), UInt8((value >> 16) & 0xff),
                                 UInt8(value >> 24)])
    }

    /// Deflate's bit order: fields least significant bit first, Huffman codes most significant first.
    private struct BitWriter {
        var data = Data()
        private var current: UInt8 = 0
        private var used = 0

        mutating func bits(_ value: Int, count: Int) {
            for index in 0..<count { push((value >> index) & 1) }
        }

        mutating func code(_ value: Int, length: Int) {
            for index in stride(from: length - 1, through: 0, by: -1) { push((value >> index) & 1) }
        }

        private mutating func push(_ bit: Int) {
            current |= UInt8(bit) << used
            used += 1
            if used == 8 {
                data.append(current)
                current = 0
                used = 0
            }
        }
    }
}
