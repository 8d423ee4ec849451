import Foundation
import XCTest

@testable import HubFramework

#if canImport(Glibc)
import Glibc
#endif

/// The documents kept on disk are private and stay in their folder, whatever someone who can write
/// to that folder puts there (issue #34, cases 2, 3, 9 and 10): the folders are 0700 and the files
/// 0600; a link, a FIFO, a device or a folder at a document's name is a miss that is neither
/// followed nor read nor emptied; a FIFO stops no other load; and a read never outgrows its size.
final class DocumentDiskCacheHostileFolderTests: XCTestCase, @unchecked Sendable {
    private var root: URL!
    private var directory: URL { root.appendingPathComponent("cache") }
    private let url = URL(string: "http://127.0.0.1:1/feed.json")!
    private let body = Data(#"{"body": [{"id": "one", "text": {"title": "One"}}]}"#.utf8)

    override func setUpWithError() throws {
        try super.setUpWithError()
        root = FileManager.default.temporaryDirectory.appendingPathComponent("hub-hostile-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDown() {
        if let root { try? FileManager.default.removeItem(at: root) }
        root = nil
        super.tearDown()
    }

    // MARK: Helpers

    /// Keeps `body` for `url` in a cache on `folder`, as a download with a validator would.
    private func keep(_ url: URL, in folder: URL? = nil, body: Data? = nil) {
        let cache = DocumentCache(diskDirectory: folder ?? directory)
        cache.store(body ?? self.body, for: url,
                    response: HTTPResponse(url: url, statusCode: 200, headerFields: ["ETag": "\"v1\""]))
    }

    /// What a cache freshly opened on `folder` (as after a restart: nothing in memory) finds for `url`.
    private func kept(_ url: URL, in folder: URL? = nil) -> Data? {
        DocumentCache(diskDirectory: folder ?? directory).entry(for: url)?.body
    }

    /// The one document file in the cache folder, after keeping `url`.
    private func documentFile(for url: URL) throws -> URL {
        keep(url)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".document") }
        XCTAssertEqual(files.count, 1)
        return directory.appendingPathComponent(try XCTUnwrap(files.first))
    }

    private func mode(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : nil
    }

    private func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Runs `work` on another thread; its result, or nil when it did not return within `seconds`
    /// (the thread is then left running: the test has failed and cleans up after itself).
    private func result<T: Sendable>(within seconds: TimeInterval, _ work: @escaping @Sendable () -> T) -> T? {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            box.set(work())
            done.signal()
        }
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return box.value
    }

    // MARK: Case 2: private

    func testFoldersAndFilesAndCreatedParentsAreForTheUserAlone() throws {
        let parent = root.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o755])
        // As `HubApp` lays it out: `$XDG_CACHE_HOME/<app id>/documents`, none of it there yet.
        let cacheHome = parent.appendingPathComponent(".cache")
        let folder = cacheHome.appendingPathComponent("org.example.App/documents")
        keep(url, in: folder)
        XCTAssertEqual(mode(cacheHome.path), 0o700, "a created $XDG_CACHE_HOME")
        XCTAssertEqual(mode(cacheHome.appendingPathComponent("org.example.App").path), 0o700)
        XCTAssertEqual(mode(folder.path), 0o700, "the cache folder")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        XCTAssertEqual(files.count, 1)
        for file in files {
            XCTAssertEqual(mode(folder.appendingPathComponent(file).path), 0o600, file)
        }
        XCTAssertEqual(mode(parent.path), 0o755, "a folder the cache did not create is left as it is")
        XCTAssertEqual(kept(url, in: folder), body)
    }

    func testAFolderLeftOpenByAnEarlierVersionIsMadePrivate() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o755])
        chmod(root.path, 0o755)
        XCTAssertNil(kept(url))
        XCTAssertEqual(mode(directory.path), 0o700, "opening the store tightens its own folder")
        XCTAssertEqual(mode(root.path), 0o755, "and only its own folder")
    }

    // MARK: Case 3: links and folders at a document's name

    func testALinkToAFileOutsideIsAMissAndTheFileIsNeitherReadNorTouched() throws {
        let file = try documentFile(for: url)
        // The link's target is a valid document for this very URL: reading through the link would be a hit.
        let secret = root.appendingPathComponent("secret")
        try FileManager.default.moveItem(at: file, to: secret)
        let secretBytes = try Data(contentsOf: secret)
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: secret)
        let watch = try OpenWatch(secret.path)
        XCTAssertNil(kept(url), "the link was followed")
        XCTAssertFalse(exists(file.path), "the link itself is removed")
        try? FileManager.default.removeItem(at: file)
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: secret)
        keep(url)
        XCTAssertFalse(watch.wasOpened, "the file outside was opened (as strace saw /etc/shadow read)")
        XCTAssertEqual(try Data(contentsOf: secret), secretBytes, "a write replaces the link, not its target")
        XCTAssertEqual(kept(url), body)
    }

    func testALinkToAFolderOutsideIsAMissAndTheFolderKeepsItsFiles() throws {
        let file = try documentFile(for: url)
        let outside = root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: false)
        let precious = outside.appendingPathComponent("precious.document")
        try Data("keep me".utf8).write(to: precious)
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: outside)
        let watch = try OpenWatch(outside.path)
        XCTAssertNil(kept(url))
        XCTAssertFalse(watch.wasOpened, "the folder outside was opened through the link")
        try? FileManager.default.removeItem(at: file)
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: outside)
        keep(url, body: Data("{}".utf8))
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: outside)
        DocumentCache(diskDirectory: directory).removeAll()
        XCTAssertEqual(try Data(contentsOf: precious), Data("keep me".utf8), "the folder outside is untouched")
    }

    func testAFolderAtADocumentsNameIsAMissAndIsNotEmptied() throws {
        let file = try documentFile(for: url)
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        let inside = file.appendingPathComponent("photo.jpg")
        try Data("keep me".utf8).write(to: inside)
        XCTAssertNil(kept(url))
        keep(url)
        DocumentCache(diskDirectory: directory).removeAll()
        XCTAssertEqual(try? Data(contentsOf: inside), Data("keep me".utf8), "the folder was deleted with its files")
    }

    func testACacheFolderThatIsALinkIsRefused() throws {
        let elsewhere = root.appendingPathComponent("elsewhere")
        keep(url, in: elsewhere)
        let before = try FileManager.default.contentsOfDirectory(atPath: elsewhere.path)
        try FileManager.default.createSymbolicLink(at: directory, withDestinationURL: elsewhere)
        XCTAssertNil(kept(url), "read through the linked folder")
        keep(URL(string: "http://127.0.0.1:1/other.json")!)
        DocumentCache(diskDirectory: directory).removeAll()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path), before,
                       "wrote or deleted through the linked folder")
    }

    // MARK: Case 9: a FIFO

    func testAFIFOIsAMissAndStopsNoOtherLoad() throws {
        let file = try documentFile(for: url)
        try FileManager.default.removeItem(at: file)
        XCTAssertEqual(mkfifo(file.path, 0o600), 0)
        // Whatever happens, let a reader blocked on the FIFO go (and with it the loads behind it).
        defer {
            let writer = open(file.path, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
        }
        let directory = self.directory
        let url = self.url
        let fifoLoad = result(within: 1) { DocumentCache(diskDirectory: directory).entry(for: url)?.body }
        // Another document, and the image bytes of another cache: neither waits for the FIFO.
        let other = URL(string: "http://127.0.0.1:1/other.json")!
        let images = root.appendingPathComponent("images")
        let body = self.body
        let started = Date()
        let others = result(within: 1) { () -> Bool in
            let documents = DocumentCache(diskDirectory: directory)
            let pictures = DocumentCache(diskDirectory: images)
            for cache in [documents, pictures] {
                cache.store(body, for: other,
                            response: HTTPResponse(url: other, statusCode: 200, headerFields: ["ETag": "\"v1\""]))
            }
            return DocumentCache(diskDirectory: directory).entry(for: other)?.body == body
                && DocumentCache(diskDirectory: images).entry(for: other)?.body == body
        }
        XCTAssertEqual(others, .some(true), "other loads waited for the FIFO")
        XCTAssertLessThan(Date().timeIntervalSince(started), 1)
        guard let fifoLoad else { return XCTFail("the FIFO's load hangs") }
        XCTAssertNil(fifoLoad, "a FIFO is a miss")
        XCTAssertFalse(exists(file.path), "the FIFO is removed")
    }

    // MARK: Case 10: devices, and bounded reads

    func testALinkToADeviceIsAMissInBoundedTime() throws {
        let file = try documentFile(for: url)
        let directory = self.directory
        let url = self.url
        for device in ["/dev/zero", "/dev/urandom", "/proc/self/mem"] {
            try? FileManager.default.removeItem(at: file)
            try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: device)
            let load = result(within: 1) { DocumentCache(diskDirectory: directory).entry(for: url)?.body }
            guard let load else { return XCTFail("\(device) is still being read") }
            XCTAssertNil(load, device)
            XCTAssertFalse(exists(file.path), "the link to \(device) is removed")
        }
        // A device node itself (only root may make one).
        try? FileManager.default.removeItem(at: file)
        if mknod(file.path, S_IFCHR | 0o600, dev_t(1 << 8 | 5)) == 0 {
            let load = result(within: 1) { DocumentCache(diskDirectory: directory).entry(for: url)?.body }
            guard let load else { return XCTFail("a device node is still being read") }
            XCTAssertNil(load)
            XCTAssertFalse(exists(file.path), "the device node is removed")
        }
    }

    /// A file is read no further than the size it records, and never past the largest document
    /// (`ContentLimits.maximumDocumentBytes`), however large the cache's capacity.
    func testAReadIsBoundedByTheLargestDocument() throws {
        let large = DocumentCache(diskDirectory: directory, diskCapacityBytes: 1 << 30)
        large.store(body, for: url, response: HTTPResponse(url: url, statusCode: 200, headerFields: ["ETag": "\"v1\""]))
        let name = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: directory.path).first)
        let file = directory.appendingPathComponent(name)
        // A sparse file whose header records a body just over the limit: consistent, but too large.
        let whole = try Data(contentsOf: file)
        let newline = try XCTUnwrap(whole.firstIndex(of: 0x0A))
        var header = try XCTUnwrap(try JSONSerialization.jsonObject(with: whole[..<newline]) as? [String: Any])
        let length = ContentLimits.default.maximumDocumentBytes + 1
        header["length"] = length
        var bytes = try JSONSerialization.data(withJSONObject: header)
        bytes.append(0x0A)
        try bytes.write(to: file)
        XCTAssertEqual(truncate(file.path, off_t(bytes.count + length)), 0)
        let directory = self.directory
        let url = self.url
        let load = result(within: 5) {
            DocumentCache(diskDirectory: directory, diskCapacityBytes: 1 << 30).entry(for: url)?.body.count
        }
        guard let load else { return XCTFail("the read did not end") }
        XCTAssertNil(load, "a document over the limit was read")
        XCTAssertFalse(exists(file.path), "the oversized file is removed")
    }
}

/// Whether a file or folder is opened while it is watched (inotify's `IN_OPEN`): what strace showed
/// of the old cache reading through a link, without strace.
private final class OpenWatch {
    private let descriptor: Int32

    init(_ path: String) throws {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0, inotify_add_watch(descriptor, path, UInt32(IN_OPEN | IN_ACCESS)) >= 0 else {
            throw CocoaError(.fileReadUnknown)
        }
    }

    deinit { close(descriptor) }

    var wasOpened: Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        return buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) } > 0
    }
}

private final class ResultBox<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: T?
    func set(_ value: T) { lock.withLock { stored = value } }
    var value: T { lock.withLock { stored! } }
}
