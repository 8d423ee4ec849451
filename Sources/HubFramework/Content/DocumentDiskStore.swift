import Foundation

/// The documents of a `DocumentCache` kept on disk, so that they outlive the process: a view seen
/// before opens after a restart, and opens with the server unreachable.
///
/// One file per document in `directory`, named after a hash of its key (its URL and the languages
/// it was asked in, `DocumentCache.key(for:)`): a first line of JSON (the key, the validators, when
/// the document stops being fresh, the body's length) and then the body.
/// A file that is not exactly that (truncated, corrupt, another key under the same hash, larger than
/// the whole capacity) is a miss and is deleted. Files are written to a temporary name and renamed,
/// so a crash never leaves half a document under a real name. The least recently used files go
/// when the folder holds more than `capacityBytes`.
///
/// Safe from any thread: one process-wide lock serializes every file operation, so that a read
/// never deletes a file another thread has just renamed into place and two evictions never both
/// delete. Never call it on the main thread: it reads and writes files.
struct DocumentDiskStore {
    let directory: URL
    let capacityBytes: Int

    private static let fileLock = NSLock()

    /// The entry kept for `key`, or nil.
    func entry(for key: String) -> DocumentCache.Entry? {
        Self.fileLock.withLock { read(key) }
    }

    /// Keeps `entry` for `key`, replacing what was kept, then makes room.
    func store(_ entry: DocumentCache.Entry, for key: String) {
        Self.fileLock.withLock { write(entry, for: key) }
    }

    func remove(_ key: String) {
        Self.fileLock.withLock { _ = try? FileManager.default.removeItem(at: file(for: key)) }
    }

    /// Deletes every kept document, and any file a crash left half-written.
    func removeAll() {
        Self.fileLock.withLock {
            for file in files(withExtension: "document") + files(withExtension: "partial") {
                try? FileManager.default.removeItem(at: file.url)
            }
        }
    }

    private func read(_ key: String) -> DocumentCache.Entry? {
        let file = self.file(for: key)
        guard let handle = FileHandle(forReadingAtPath: file.path) else { return nil }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd(), size <= UInt64(capacityBytes), (try? handle.seek(toOffset: 0)) != nil,
            let data = try? handle.readToEnd(), let newline = data.firstIndex(of: 0x0A),
            let header = try? JSONDecoder().decode(Header.self, from: data[data.startIndex..<newline]),
            header.key == key, data.endIndex - (newline + 1) == header.length
        else {
            try? FileManager.default.removeItem(at: file)
            return nil
        }
        // The file's date records its last use, for eviction.
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
        let remaining = header.freshUntil - Date().timeIntervalSince1970
        return DocumentCache.Entry(body: Data(data[(newline + 1)...]), entityTag: header.entityTag,
                                   lastModified: header.lastModified,
                                   freshUntil: ProcessInfo.processInfo.systemUptime + remaining)
    }

    private func write(_ entry: DocumentCache.Entry, for key: String) {
        let remaining = entry.freshUntil - ProcessInfo.processInfo.systemUptime
        let header = Header(key: key, entityTag: entry.entityTag, lastModified: entry.lastModified,
                            freshUntil: Date().timeIntervalSince1970 + remaining, length: entry.body.count)
        guard var data = try? JSONEncoder().encode(header), data.count + 1 + entry.body.count <= capacityBytes else {
            try? FileManager.default.removeItem(at: file(for: key))
            return
        }
        data.append(0x0A)
        data.append(entry.body)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let file = self.file(for: key)
            let temporary = directory.appendingPathComponent("\(UUID().uuidString).partial")
            try data.write(to: temporary)
            if rename(temporary.path, file.path) != 0 { try? FileManager.default.removeItem(at: temporary) }
        } catch {
            return
        }
        evict()
    }

    private struct Header: Codable {
        var key: String
        var entityTag: String?
        var lastModified: String?
        /// Seconds since 1970 until which the document is used without asking the server.
        var freshUntil: TimeInterval
        var length: Int
    }

    /// `<directory>/<FNV-1a hash of the key>.document`.
    private func file(for key: String) -> URL {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return directory.appendingPathComponent(String(hash, radix: 16) + ".document")
    }

    private func files(withExtension pathExtension: String) -> [(url: URL, size: Int, used: Date)] {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        let contents = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys))
            ?? []
        return contents.filter { $0.pathExtension == pathExtension }.map { file in
            let values = try? file.resourceValues(forKeys: Set(keys))
            return (file, values?.fileSize ?? 0, values?.contentModificationDate ?? .distantPast)
        }
    }

    /// Deletes the least recently used documents until the folder holds at most `capacityBytes`, and
    /// what a crash left half-written (a minute old: a write in progress is never that slow).
    private func evict() {
        for partial in files(withExtension: "partial") where partial.used < Date(timeIntervalSinceNow: -60) {
            try? FileManager.default.removeItem(at: partial.url)
        }
        var all = files(withExtension: "document")
        var total = all.reduce(0) { $0 + $1.size }
        guard total > capacityBytes else { return }
        all.sort { $0.used < $1.used }
        for file in all where total > capacityBytes {
            try? FileManager.default.removeItem(at: file.url)
            total -= file.size
        }
    }
}
