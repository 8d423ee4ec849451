import Foundation
import Glibc

/// Watches one file for saves with inotify.
///
/// It watches the file's *folder* and filters by name, because many editors save by writing a new
/// file and renaming it over the old one (or by renaming the old one away first): a watch on the
/// file itself would follow the old file and go quiet after the first save.
///
/// A save is a file of that name being closed after writing (`IN_CLOSE_WRITE`) or renamed into
/// place (`IN_MOVED_TO`). Removing or renaming it away is reported separately.
final class FileWatcher {
    struct Events: OptionSet {
        let rawValue: Int
        /// The file was written and closed, or another file was renamed to its name.
        static let saved = Events(rawValue: 1)
        /// The file was deleted or renamed away.
        static let removed = Events(rawValue: 2)
        /// The folder itself was deleted, moved or unmounted: nothing more will come.
        static let folderGone = Events(rawValue: 4)
    }

    enum WatchError: Error, CustomStringConvertible {
        case cannotWatch(String, reason: String)

        var description: String {
            switch self {
            case .cannotWatch(let folder, let reason): return "cannot watch the folder \(folder): \(reason)"
            }
        }
    }

    let folder: String
    let name: String
    /// Poll this for `POLLIN`, then call `readEvents()`.
    let fileDescriptor: Int32
    private let watch: Int32

    /// - Parameter path: an absolute path.
    init(path: String) throws(WatchError) {
        let url = URL(fileURLWithPath: path)
        folder = url.deletingLastPathComponent().path
        name = url.lastPathComponent
        fileDescriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard fileDescriptor >= 0 else {
            throw .cannotWatch(folder, reason: String(cString: strerror(errno)))
        }
        let mask = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM) | UInt32(IN_DELETE)
            | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_ONLYDIR)
        watch = inotify_add_watch(fileDescriptor, folder, mask)
        guard watch >= 0 else {
            let reason = String(cString: strerror(errno))
            close(fileDescriptor)
            throw .cannotWatch(folder, reason: reason)
        }
    }

    deinit {
        close(fileDescriptor)
    }

    /// Reads every queued event and says what happened to the file.
    func readEvents() -> Events {
        var events: Events = []
        // Room for many events; each is a 16-byte header plus a padded name.
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            var offset = 0
            while offset + 16 <= count {
                let (mask, nameLength) = buffer.withUnsafeBytes { raw in
                    (raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                     Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let nameBytes = buffer[(offset + 16)..<min(offset + 16 + nameLength, count)]
                let eventName = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                offset += 16 + nameLength
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    // Events were lost: the file may have been saved.
                    events.insert(.saved)
                    continue
                }
                if mask & (UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_IGNORED)
                    | UInt32(IN_UNMOUNT)) != 0
                {
                    events.insert(.folderGone)
                    continue
                }
                guard eventName == name else { continue }
                if mask & (UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO)) != 0 { events.insert(.saved) }
                if mask & (UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM)) != 0 { events.insert(.removed) }
            }
        }
        return events
    }
}
