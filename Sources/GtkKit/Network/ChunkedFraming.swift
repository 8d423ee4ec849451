/// Whether the bytes a chunked body took on the wire can be the framing of what it delivered.
///
/// libsoup reads a chunk size that is not a hexadecimal number (`zz`, a line of the body itself)
/// as 0, the size of the last chunk, and then skips lines as trailers up to the next empty one: the
/// body ends there without an error, empty or cut short, and a document would be reported as empty
/// JSON. The bytes tell it apart: libsoup counts what arrived on the wire for the body (its
/// metrics), and a chunked body of `decoded` bytes, read in `reads` reads that each return part
/// of at most one chunk, takes at most one size line and two line ends per read plus the last
/// chunk (`0` and two line ends). Anything beyond that was not chunk framing.
///
/// HTTP lets a chunk size carry extensions and the last chunk carry trailer fields. Servers
/// rarely send either, and this client does not ask for trailers (it sends no `TE: trailers`): a
/// body that delivered bytes may carry up to ``trailerAllowance`` bytes of them, an empty one
/// none, since an empty body with more than the last chunk behind it is what a bad first chunk
/// size looks like. A bad size further into a body, with less than the allowance after it, still
/// ends the body early; the document then fails as JSON cut short.
enum ChunkedFraming {
    /// Bytes of chunk extensions and trailers a body that delivered something may carry.
    static let trailerAllowance = 512

    /// False when `wireBytes` is more than the chunk framing of `decoded` bytes delivered in
    /// `reads` reads can take.
    static func isPlausible(wireBytes: Int, decoded: Int, reads: Int) -> Bool {
        let sizeDigits = String(max(decoded, 1), radix: 16).count
        let lastChunk = 5  // "0\r\n" and the empty line that ends the trailers
        var most = lastChunk + reads * (sizeDigits + 4)
        if decoded > 0 { most += trailerAllowance }
        return wireBytes - decoded <= most
    }
}
