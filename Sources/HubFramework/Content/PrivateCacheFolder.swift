import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A cache folder that only the user can enter, opened once and then used by name, so that nothing
/// anyone puts in it leads outside it.
///
/// Whoever can write to a cache folder can put a symbolic link, a FIFO, a device or a folder where a
/// cached file should be (issue #34). Paths would follow a link to `/etc/shadow` or `/dev/zero`,
/// wait forever in `open()` on a FIFO, and `FileManager.removeItem` empties a folder found at a
/// file's name. So every operation here goes through the folder's own descriptor (`openat`,
/// `renameat`, `unlinkat`), and:
///
/// * The folder is opened with `O_NOFOLLOW`: a folder that is itself a link is refused, as is one
///   of another user's. Missing folders on its path are created with mode 0700 (the XDG base
///   directory specification asks that of `$XDG_CACHE_HOME`), and the folder itself is set to 0700
///   when it is opened, which tightens one an earlier version left at 0755. Folders on the path
///   that already exist are left as they are: they are the user's (`$HOME`, `/`).
/// * A file is opened with `O_NOFOLLOW | O_NONBLOCK` only after `lstat` says it is a regular file,
///   and `fstat` on the descriptor says so again (a swap in between is caught). Anything else is
///   never opened for reading.
/// * A file is written under a new temporary name created with `O_CREAT | O_EXCL | O_NOFOLLOW` and
///   mode 0600, then renamed into place: no other user can ever read it, and no reader sees half.
/// * Removing never follows a link (it removes the link) and never empties a folder: one is removed
///   only if it is already empty.
final class PrivateCacheFolder {
    /// Which file an open descriptor is, to remove that file and not one renamed into its place since.
    struct Identity: Equatable {
        var device: UInt64
        var inode: UInt64
    }

    /// A regular file of the folder, open for reading; closed when released.
    final class OpenFile {
        let size: Int
        let identity: Identity
        private let descriptor: Int32

        fileprivate init(descriptor: Int32, size: Int, identity: Identity) {
            self.descriptor = descriptor
            self.size = size
            self.identity = identity
        }

        deinit { close(descriptor) }

        /// The next `count` bytes, or fewer at the end of the file; nil on a read error.
        func read(_ count: Int) -> Data? {
            guard count > 0 else { return Data() }
            return try? FileDescriptorRead.bytes(from: descriptor, upTo: count).get()
        }

        /// Sets the file's modification time to now (a cache's record of its last use), and makes it
        /// private if an earlier version left it readable by others.
        func markUsed(mode: mode_t) {
            futimens(descriptor, nil)
            var info = stat()
            if fstat(descriptor, &info) == 0 && info.st_mode & 0o7777 != mode { fchmod(descriptor, mode) }
        }
    }

    /// What is found under a name.
    enum Lookup {
        case missing
        /// Something that is not a regular file: a link, a FIFO, a device, a socket, a folder.
        case notAFile
        case file(OpenFile)
    }

    /// A name in the folder and what `lstat` says of it.
    struct Item {
        var name: String
        var isRegularFile: Bool
        var size: Int
        var modified: Date
    }

    /// The folder's mode, and its files'.
    static let folderMode: mode_t = 0o700
    static let fileMode: mode_t = 0o600

    let path: String
    private let descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Opens the folder at `url`, creating it (and its missing parents, mode 0700) when `creating`;
    /// nil when it is missing, is a link, is not a folder, or belongs to someone else.
    static func open(_ url: URL, creating: Bool) -> PrivateCacheFolder? {
        let path = url.path
        let flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
        var descriptor = Glibc.open(path, flags)
        if descriptor < 0 && errno == ENOENT && creating {
            createMissingFolders(path)
            descriptor = Glibc.open(path, flags)
        }
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == geteuid(),
            info.st_mode & 0o7777 == folderMode || fchmod(descriptor, folderMode) == 0
        else {
            close(descriptor)
            return nil
        }
        return PrivateCacheFolder(path: path, descriptor: descriptor)
    }

    /// `mkdir` with mode 0700 for each folder of `path` that is not there. An existing one (a link
    /// the user made, such as a `~/.cache` on another disk, included) is left as it is.
    private static func createMissingFolders(_ path: String) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            _ = mkdir(prefix, folderMode)
        }
    }

    /// The regular file `name`, open for reading; never follows a link, never opens anything else
    /// (opening a FIFO would wait for a writer, a device would read without end).
    func openFile(_ name: String) -> Lookup {
        var info = stat()
        guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
            return errno == ENOENT ? .missing : .notAFile
        }
        guard info.st_mode & S_IFMT == S_IFREG else { return .notAFile }
        let file = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard file >= 0 else {
            switch errno {
            case ENOENT: return .missing
            // Out of descriptors or memory: the file may be fine; leave it.
            case EMFILE, ENFILE, ENOMEM, EINTR: return .missing
            default: return .notAFile
            }
        }
        // Swapped for something else between lstat and open: the descriptor tells what was opened.
        guard fstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size >= 0 else {
            close(file)
            return .notAFile
        }
        return .file(OpenFile(descriptor: file, size: Int(info.st_size), identity: Self.identity(of: info)))
    }

    /// Writes `data` as `name`, through a new private temporary file renamed into place. A link at
    /// `name` is replaced, never followed; a folder there stays, and the write fails.
    @discardableResult
    func write(_ data: Data, as name: String, temporaryExtension: String) -> Bool {
        let temporary = UUID().uuidString + "." + temporaryExtension
        let file = openat(descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, Self.fileMode)
        guard file >= 0 else { return false }
        var written = 0
        let complete = data.withUnsafeBytes { raw -> Bool in
            guard let base = raw.baseAddress else { return true }
            while written < raw.count {
                let count = Glibc.write(file, base + written, raw.count - written)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { return false }
                written += count
            }
            return true
        }
        close(file)
        guard complete, renameat(descriptor, temporary, descriptor, name) == 0 else {
            unlinkat(descriptor, temporary, 0)
            return false
        }
        return true
    }

    /// Removes `name` without following it: a file, link, FIFO or device is unlinked, a folder only
    /// if it is empty. With an `identity`, only if `name` is still that file.
    func remove(_ name: String, ifStill identity: Identity? = nil) {
        var info = stat()
        guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return }
        if let identity, Self.identity(of: info) != identity { return }
        unlinkat(descriptor, name, info.st_mode & S_IFMT == S_IFDIR ? AT_REMOVEDIR : 0)
    }

    /// The names in the folder, with what `lstat` says of each (nothing is followed or opened).
    func items() -> [Item] {
        let copy = dup(descriptor)
        guard copy >= 0 else { return [] }
        guard let stream = fdopendir(copy) else {
            close(copy)
            return []
        }
        defer { closedir(stream) }
        // A duplicate shares the position of the original's earlier listings: start from the top.
        rewinddir(stream)
        var items: [Item] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                    String(cString: $0)
                }
            }
            guard name != "." && name != ".." else { continue }
            var info = stat()
            guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            let modified = Date(timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec)
                + TimeInterval(info.st_mtim.tv_nsec) / 1e9)
            items.append(Item(name: name, isRegularFile: info.st_mode & S_IFMT == S_IFREG,
                              size: Int(info.st_size), modified: modified))
        }
        return items
    }

    private static func identity(of info: stat) -> Identity {
        Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}
