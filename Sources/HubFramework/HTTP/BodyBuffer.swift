import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The body of one download as it arrives: one contiguous block that is handed over without a copy
/// when the download ends well, and given back to the system at once when it does not.
///
/// A small body (the usual document or image) is kept in a `Data`. Once a body passes
/// ``mappedFrom`` bytes it moves to pages mapped for it alone, reserved up to the download's limit
/// (address space only: a page becomes memory when a byte is written to it):
/// - **No copy at the end.** The finished body becomes a `Data` over those pages, trimmed to its
///   length; the pages are unmapped when the last `Data` sharing them goes. Joining chunks would
///   hold the body twice at its largest moment.
/// - **Nothing stays behind.** A download stopped at its limit gives its pages back at once. Pages
///   from `malloc` would stay with the allocator: glibc keeps freed memory in the arena of the
///   thread that allocated it (the HTTP client's), and `malloc_trim` does not always reach it.
///
/// Not thread-safe: ``BoundedDownload`` uses it under its lock.
package final class BodyBuffer {
    /// From this many bytes a body lives in pages of its own.
    package static let mappedFrom = 1 << 20

    /// Larger limits are not reserved up front (the body stays in a `Data`).
    private static let largestReservation = 1 << 36

    private let limit: Int
    private var small = Data()
    /// Whether the body may still move to pages: once, and only for a limit that can be reserved.
    private var mayMove: Bool
    private var mapping: UnsafeMutableRawPointer?
    private var mappedLength = 0
    /// The bytes received so far.
    package private(set) var count = 0

    /// A buffer for a body of at most `limit` bytes (more is never appended).
    package init(limit: Int) {
        self.limit = limit
        mayMove = limit > Self.mappedFrom && limit <= Self.largestReservation
    }

    deinit {
        if let mapping { Self.unmap(mapping, length: mappedLength) }
    }

    /// Appends `data`, moving the body to pages of its own when it passes ``mappedFrom`` bytes.
    package func append(_ data: Data) {
        guard !data.isEmpty else { return }
        if mayMove, count + data.count > Self.mappedFrom {
            mayMove = false
            moveToPages()
        }
        if let mapping, count + data.count <= mappedLength {
            data.withUnsafeBytes { bytes in
                (mapping + count).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
            }
        } else {
            small.append(data)
        }
        count += data.count
    }

    /// A copy of the first `length` bytes (all of them when fewer arrived).
    package func prefix(_ length: Int) -> Data {
        let length = min(length, count)
        if let mapping { return Data(bytes: mapping, count: length) }
        return Data(small.prefix(length))
    }

    /// The whole body, handed over without a copy; the buffer is empty afterwards.
    package func takeData() -> Data {
        defer {
            count = 0
            small = Data()
        }
        guard let mapping else { return small }
        self.mapping = nil
        // The reservation beyond the body is given back; the rest goes with the last `Data`.
        let used = Self.roundedToPages(count)
        if mappedLength > used { Self.unmap(mapping + used, length: mappedLength - used) }
        return Data(bytesNoCopy: mapping, count: count, deallocator: .custom { pointer, _ in
            Self.unmap(pointer, length: used)
        })
    }

    /// Reserves pages for the whole limit and copies what arrived so far into them. Stays with a
    /// `Data` when the system refuses the reservation.
    private func moveToPages() {
        let length = Self.roundedToPages(limit)
        guard let pages = Self.map(length: length) else { return }
        small.withUnsafeBytes { bytes in
            if bytes.count > 0 { pages.copyMemory(from: bytes.baseAddress!, byteCount: bytes.count) }
        }
        small = Data()
        mapping = pages
        mappedLength = length
    }

    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    private static func roundedToPages(_ bytes: Int) -> Int {
        (bytes + pageSize - 1) / pageSize * pageSize
    }

    private static func map(length: Int) -> UnsafeMutableRawPointer? {
        #if os(Linux)
        let flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE
        #else
        let flags = MAP_PRIVATE | MAP_ANON
        #endif
        guard let pages = mmap(nil, length, PROT_READ | PROT_WRITE, flags, -1, 0),
              pages != UnsafeMutableRawPointer(bitPattern: -1)
        else { return nil }
        return pages
    }

    private static func unmap(_ pages: UnsafeMutableRawPointer, length: Int) {
        _ = munmap(pages, length)
    }
}
