import Foundation

/// The documents of a `DocumentCache` kept on disk, so that they outlive the process: a view seen
/// before opens after a restart, and opens with the server unreachable.
///
/// One file per document in `directory`, named after a hash of its key (its URL and the languages
/// it was asked in, `DocumentCache.key(for:)`): a first line of JSON (the key, the validators, when
/// the document stops being fresh, the body's length) and then the body.
/// A file that is not exactly that (truncated, corrupt, another key under the same hash, larger than
/// the whole capacity or than the largest document, `ContentLimits.maximumDocumentBytes`) is a miss
/// and is deleted. Files are written to a temporary name and renamed, so a crash never leaves half
/// a document under a real name. The least recently used files go when the folder holds more than
/// `capacityBytes`.
///
/// The folder is private and nothing in it leads outside it (`PrivateCacheFolder`): folders 0700,
/// files 0600, a link, FIFO, device or folder at a document's name is a miss that is neither
/// followed nor read, and a folder that is itself a link is not used at all. A read goes no further
/// than the size the file's first line records.
///
/// Safe from any thread, and no lock is held while a file is opened or read, so that one slow or
/// strange file never holds up another load. Concurrent writers of one document each write their
/// own temporary file, and the last rename wins. A reader that finds a damaged file deletes it only
/// if it is still the file it read (same inode, looked at just before), not one another thread has
/// renamed into place meanwhile; the few microseconds between the look and the deletion can at
/// worst cost a miss. Evictions take a lock of their own, so that two never both delete; it covers listing and
/// deleting names, never opening a file. Never call it on the main thread: it reads and writes files.
struct DocumentDiskStore {
    let directory: URL
    let capacityBytes: Int

    private static let evictionLock = NSLock()

    /// The most bytes of the first line read before the line must have ended: the key (escaped, up to
    /// six bytes a character) and room for the validators.
    private static func maximumHeaderBytes(for key: String) -> Int { key.utf8.count * 6 + (64 << 10) }

    /// The entry kept for `key`, or nil.
    func entry(for key: String) -> DocumentCache.Entry? {
        guard let folder = PrivateCacheFolder.open(directory, creating: false) else { return nil }
        return read(key, in: folder)
    }

    /// Keeps `entry` for `key`, replacing what was kept, then makes room.
    func store(_ entry: DocumentCache.Entry, for key: String) {
        guard let folder = PrivateCacheFolder.open(directory, creating: true) else { return }
        write(entry, for: key, in: folder)
    }

    func remove(_ key: String) {
        PrivateCacheFolder.open(directory, creating: false)?.remove(Self.fileName(for: key))
    }

    /// Deletes every kept document, and any file a crash left half-written.
    func removeAll() {
        guard let folder = PrivateCacheFolder.open(directory, creating: false) else { return }
        Self.evictionLock.withLock {
            for item in folder.items() where item.name.hasSuffix(".document") || item.name.hasSuffix(".partial") {
                folder.remove(item.name)
            }
        }
    }

    private func read(_ key: String, in folder: PrivateCacheFolder) -> DocumentCache.Entry? {
        let name = Self.fileName(for: key)
        switch folder.openFile(name) {
        case .missing:
            return nil
        case .notAFile:
            folder.remove(name)
            return nil
        case .file(let file):
            guard let (header, body) = decode(file, key: key) else {
                folder.remove(name, ifStill: file.identity)
                return nil
            }
            // The file's date records its last use, for eviction.
            file.markUsed(mode: PrivateCacheFolder.fileMode)
            let remaining = header.freshUntil - Date().timeIntervalSince1970
            return DocumentCache.Entry(body: body, entityTag: header.entityTag, lastModified: header.lastModified,
                                       freshUntil: ProcessInfo.processInfo.systemUptime + remaining)
        }
    }

    /// The header and body of `file` if it is exactly what `write` writes for `key`. Reads no more
    /// than the file's size, which is bounded first, and then only as much as the header records.
    private func decode(_ file: PrivateCacheFolder.OpenFile, key: String) -> (Header, Data)? {
        let maximumBody = ContentLimits.default.maximumDocumentBytes
        let maximumHeader = Self.maximumHeaderBytes(for: key)
        guard file.size <= min(capacityBytes, maximumBody + maximumHeader + 1),
            let start = file.read(min(file.size, maximumHeader + 1)), let newline = start.firstIndex(of: 0x0A),
            let header = try? JSONDecoder().decode(Header.self, from: start[start.startIndex..<newline]),
            header.key == key, header.length >= 0, header.length <= maximumBody,
            file.size - (newline + 1) == header.length
        else { return nil }
        var body = Data(start[(newline + 1)...])
        guard let rest = file.read(header.length - body.count), body.count + rest.count == header.length,
            file.read(1)?.isEmpty == true  // grown since: not what was written
        else { return nil }
        body.append(rest)
        return (header, body)
    }

    private func write(_ entry: DocumentCache.Entry, for key: String, in folder: PrivateCacheFolder) {
        let name = Self.fileName(for: key)
        let remaining = entry.freshUntil - ProcessInfo.processInfo.systemUptime
        let header = Header(key: key, entityTag: entry.entityTag, lastModified: entry.lastModified,
                            freshUntil: Date().timeIntervalSince1970 + remaining, length: entry.body.count)
        guard var data = try? JSONEncoder().encode(header), data.count + 1 + entry.body.count <= capacityBytes,
            entry.body.count <= ContentLimits.default.maximumDocumentBytes,
            data.count <= Self.maximumHeaderBytes(for: key)
        else {
            folder.remove(name)
            return
        }
        data.append(0x0A)
        data.append(entry.body)
        guard folder.write(data, as: name, temporaryExtension: "partial") else { return }
        evict(in: folder)
    }

    private struct Header: Codable {
        var key: String
        var entityTag: String?
        var lastModified: String?
        /// Seconds since 1970 until which the document is used without asking the server.
        var freshUntil: TimeInterval
        var length: Int
    }

    /// `<FNV-1a hash of the key>.document`.
    static func fileName(for key: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16) + ".document"
    }

    /// Deletes the least recently used documents until the folder holds at most `capacityBytes`, and
    /// what a crash left half-written (a minute old: a write in progress is never that slow). Names
    /// of documents that are not regular files (links, FIFOs…) are removed without being followed.
    private func evict(in folder: PrivateCacheFolder) {
        Self.evictionLock.withLock {
            let items = folder.items()
            for partial in items where partial.name.hasSuffix(".partial") && partial.modified < Date(timeIntervalSinceNow: -60) {
                folder.remove(partial.name)
            }
            var documents = items.filter { $0.name.hasSuffix(".document") }
            for item in documents where !item.isRegularFile { folder.remove(item.name) }
            documents.removeAll { !$0.isRegularFile }
            var total = documents.reduce(0) { $0 + $1.size }
            guard total > capacityBytes else { return }
            documents.sort { $0.modified < $1.modified }
            for item in documents where total > capacityBytes {
                folder.remove(item.name)
                total -= item.size
            }
        }
    }
}
