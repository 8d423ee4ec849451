import Foundation

/// The documents `JSONContentOperation` fetched over HTTP(S), kept in memory so that loading a view
/// again follows the server's caching headers instead of downloading the same bytes every time.
///
/// * `Cache-Control: max-age=N` (less the response's `Age`): for N seconds the document is used
///   again without any request.
/// * `ETag` and `Last-Modified`: once the document is no longer fresh (or had no `max-age`), the
///   next request carries `If-None-Match` and `If-Modified-Since`; a `304 Not Modified` answer
///   reuses the kept bytes and renews their freshness from the 304's headers.
/// * `Cache-Control: no-store` is never kept; `no-cache` (or `max-age=0`) is kept but revalidated
///   at every load. A response with neither a freshness lifetime nor a validator is not kept, and
///   neither is anything but a `200` answer.
///
/// The cache is bounded by the total size of the documents it holds (``capacityBytes``, default
/// 32 MiB); the least recently used documents make room for new ones, and a document larger than
/// the whole capacity is not kept. One cache, ``shared``, serves the whole process; an operation can
/// be given its own, or none (``JSONContentOperation/cache``). It is safe to use from any thread.
///
/// With a ``diskDirectory`` the documents are also kept on disk, up to ``diskCapacityBytes``, so
/// that they outlive the process: `HubApp` apps keep them under `$XDG_CACHE_HOME/<app id>/documents`.
/// A view seen before then opens after a restart, and when its server cannot be reached, the
/// operation shows the kept document, however old (see ``JSONContentOperation``). A damaged file
/// on disk is a miss, never an error. The disk folder is private and nothing in it leads outside
/// it: folders 0700, files 0600, and a link, FIFO, device or folder where a document's file should
/// be is a miss that is never followed or read.
public final class DocumentCache: @unchecked Sendable {
    /// What a cached document carries besides its bytes.
    package struct Entry {
        package var body: Data
        package var entityTag: String?
        package var lastModified: String?
        /// Seconds on the monotonic clock (`ProcessInfo.systemUptime`) until which the body is used
        /// without asking the server; in the past means "revalidate first".
        package var freshUntil: TimeInterval
        var lastUse: UInt64 = 0

        package var isFresh: Bool { ProcessInfo.processInfo.systemUptime < freshUntil }
    }

    /// The cache every `JSONContentOperation` uses unless it is given another.
    public static let shared = DocumentCache()

    /// The most bytes of document bodies kept at once. Lowering it evicts at once. Default 32 MiB.
    public var capacityBytes: Int {
        get { lock.withLock { capacity } }
        set {
            lock.withLock {
                capacity = max(0, newValue)
                evict(toFit: 0)
            }
        }
    }

    /// The bytes of document bodies kept now.
    public var totalBytes: Int { lock.withLock { used } }

    /// How many documents are kept in memory now.
    public var count: Int { lock.withLock { entries.count } }

    /// Where documents are also kept on disk; nil keeps them in memory only. Set it before the first
    /// load that should use it.
    ///
    /// The folder, and any missing folder above it, is created with mode 0700 when a document is
    /// first kept; an existing one is set to 0700. A folder that is a symbolic link, or another
    /// user's, is not used: the cache then keeps documents in memory only.
    public var diskDirectory: URL? {
        get { lock.withLock { disk?.directory } }
        set { lock.withLock { disk = newValue.map { DocumentDiskStore(directory: $0, capacityBytes: diskCapacity) } } }
    }

    /// The most bytes of documents kept on disk; the least recently used go first. Default 64 MiB.
    public var diskCapacityBytes: Int {
        get { lock.withLock { diskCapacity } }
        set {
            lock.withLock {
                diskCapacity = max(0, newValue)
                disk = disk.map { DocumentDiskStore(directory: $0.directory, capacityBytes: diskCapacity) }
            }
        }
    }

    private let lock = NSLock()
    // Guarded by `lock`.
    private var capacity: Int
    private var used = 0
    private var entries: [String: Entry] = [:]
    private var clock: UInt64 = 0
    private var disk: DocumentDiskStore?
    private var diskCapacity: Int

    /// Creates an empty cache holding at most `capacityBytes` bytes of documents in memory and, with
    /// a `diskDirectory`, at most `diskCapacityBytes` on disk.
    public init(capacityBytes: Int = 32 << 20, diskDirectory: URL? = nil, diskCapacityBytes: Int = 64 << 20) {
        capacity = max(0, capacityBytes)
        diskCapacity = max(0, diskCapacityBytes)
        disk = diskDirectory.map { DocumentDiskStore(directory: $0, capacityBytes: max(0, diskCapacityBytes)) }
    }

    /// Forgets every document, in memory and on disk.
    public func removeAll() {
        let disk = lock.withLock { () -> DocumentDiskStore? in
            entries.removeAll()
            used = 0
            return self.disk
        }
        disk?.removeAll()
    }

    /// The entry for `url`, marked as just used: from memory, else from disk (which reads a file:
    /// never call it on the main thread when the cache has a disk directory).
    package func entry(for url: URL) -> Entry? {
        let key = Self.key(for: url)
        let (kept, disk) = lock.withLock { () -> (Entry?, DocumentDiskStore?) in
            guard var entry = entries[key] else { return (nil, self.disk) }
            clock += 1
            entry.lastUse = clock
            entries[key] = entry
            return (entry, nil)
        }
        if let kept { return kept }
        guard let entry = disk?.entry(for: key) else { return nil }
        keepInMemory(entry, for: key)
        return entry
    }

    /// What a document is kept under: its URL and the languages it is asked in
    /// (``UserLanguages/acceptLanguage``), so that a change of language never shows a document
    /// fetched for another, whether or not the server said `Vary: Accept-Language`.
    static func key(for url: URL) -> String {
        url.absoluteString + "\nAccept-Language: " + UserLanguages.acceptLanguage
    }

    /// Keeps (or forgets) `body` for `url` as the response's headers say. `previous` is the entry a
    /// `304 Not Modified` confirmed: its validators stay unless the 304 sent new ones.
    package func store(_ body: Data, for url: URL, response: HTTPResponse, previous: Entry? = nil) {
        let key = Self.key(for: url)
        let disk = lock.withLock { self.disk }
        guard let entry = Self.entry(body, response: response, previous: previous) else {
            lock.withLock { remove(key) }
            disk?.remove(key)
            return
        }
        keepInMemory(entry, for: key)
        disk?.store(entry, for: key)
    }

    /// The request headers that ask the server whether `entry` is still current (none without one).
    package static func validatingHeaders(for entry: Entry?) -> [String: String] {
        var headers: [String: String] = [:]
        if let tag = entry?.entityTag { headers["If-None-Match"] = tag }
        if let date = entry?.lastModified { headers["If-Modified-Since"] = date }
        return headers
    }

    /// The statuses a download revalidating `entry` reads: 2xx, and 304 when there is an entry.
    package static func acceptedStatus(revalidating entry: Entry?) -> @Sendable (HTTPResponse) -> Bool {
        let hasEntry = entry != nil
        return { (200..<300).contains($0.statusCode) || ($0.statusCode == 304 && hasEntry) }
    }

    /// Follows a finished download of `url` that revalidated `entry`, and returns the bytes to use:
    /// a 304 renews the kept bytes' freshness and validators and answers with them; a 200 is kept as
    /// its headers allow.
    package func keep(_ body: BoundedDownload.Body, for url: URL, revalidating entry: Entry?) -> Data {
        if body.response.statusCode == 304, let entry {
            store(entry.body, for: url, response: body.response, previous: entry)
            return entry.body
        }
        if body.response.statusCode == 200 { store(body.data, for: url, response: body.response) }
        return body.data
    }

    /// Puts `entry` in memory, making room, unless it is larger than the whole capacity.
    private func keepInMemory(_ entry: Entry, for key: String) {
        lock.withLock {
            remove(key)
            guard entry.body.count <= capacity else { return }
            evict(toFit: entry.body.count)
            clock += 1
            var entry = entry
            entry.lastUse = clock
            entries[key] = entry
            used += entry.body.count
        }
    }

    /// The entry a response allows, or nil when it may not or need not be kept.
    static func entry(_ body: Data, response: HTTPResponse, previous: Entry? = nil) -> Entry? {
        let control = CacheControl(response.value(forHTTPHeaderField: "Cache-Control"))
        guard !control.noStore else { return nil }
        let entityTag = response.value(forHTTPHeaderField: "ETag") ?? previous?.entityTag
        let lastModified = response.value(forHTTPHeaderField: "Last-Modified") ?? previous?.lastModified
        var lifetime: TimeInterval = 0
        if let maxAge = control.maxAge, !control.noCache {
            let age = response.value(forHTTPHeaderField: "Age").flatMap { TimeInterval($0) } ?? 0
            lifetime = max(0, maxAge - max(0, age))
        }
        guard lifetime > 0 || entityTag != nil || lastModified != nil else { return nil }
        return Entry(body: body, entityTag: entityTag, lastModified: lastModified,
                     freshUntil: ProcessInfo.processInfo.systemUptime + lifetime)
    }

    // Both run under `lock`.
    private func remove(_ key: String) {
        if let old = entries.removeValue(forKey: key) { used -= old.body.count }
    }

    private func evict(toFit bytes: Int) {
        while used + bytes > capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            remove(oldest.key)
        }
    }
}

/// The parts of a `Cache-Control` header the document cache follows.
struct CacheControl: Equatable {
    var noStore = false
    var noCache = false
    var maxAge: TimeInterval?

    init(_ header: String?) {
        guard let header else { return }
        for directive in header.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            }
            guard let name = parts.first else { continue }
            switch name {
            case "no-store": noStore = true
            case "no-cache": noCache = true
            case "max-age":
                // A malformed max-age makes the response stale (as HTTP caching requires), never fresh forever.
                let value = parts.count > 1 ? parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) : ""
                maxAge = Int(value).map { TimeInterval(max(0, $0)) } ?? 0
            default: break
            }
        }
    }
}
