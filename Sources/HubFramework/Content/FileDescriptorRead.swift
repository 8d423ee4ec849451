import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Reading an open file's bytes from where it is: at most `count` of them, fewer at the end of the
/// file. A read a signal interrupts (`EINTR`) goes on; any other error ends the read.
///
/// ``DocumentFile`` (a document, one byte past its limit) and `PrivateCacheFolder` (a cached file,
/// in parts) both read this way.
enum FileDescriptorRead {
    /// Why a read failed: the `errno` it set.
    struct Failure: Error, Equatable {
        let code: Int32
        /// The system's description of the error.
        var reason: String { String(cString: strerror(code)) }
    }

    static func bytes(from descriptor: Int32, upTo count: Int) -> Result<Data, Failure> {
        var data = Data(count: count)
        var total = 0
        let failure = data.withUnsafeMutableBytes { raw -> Failure? in
            guard let base = raw.baseAddress else { return nil }
            while total < count {
                let read = Glibc.read(descriptor, base + total, count - total)
                if read == 0 { break }
                if read < 0 {
                    if errno == EINTR { continue }
                    return Failure(code: errno)
                }
                total += read
            }
            return nil
        }
        if let failure { return .failure(failure) }
        data.count = total
        return .success(data)
    }
}
