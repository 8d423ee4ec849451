internal import CGio
import Foundation
import HubFramework
import Logging

/// Watches one file for saves with GIO's `GFileMonitor`, reporting on the GLib main context.
///
/// It monitors the file's *folder* with `G_FILE_MONITOR_WATCH_MOVES` and filters by name, because
/// many editors save by writing a new file and renaming it over the old one (or by renaming the
/// old one away first): a monitor on the file itself would follow the old file and go quiet after
/// the first save. With `WATCH_MOVES`, a rename inside the folder arrives as one `RENAMED` event
/// naming both files, and a file moved in from elsewhere as `MOVED_IN`.
///
/// A save is a file of that name closed after writing (`CHANGES_DONE_HINT`) or renamed or moved
/// into place. Removing it or renaming it away is reported separately; `CHANGED` (a write still in
/// progress) and `CREATED` (followed by `CHANGES_DONE_HINT` once written) are not saves.
package final class FileWatcher {
    /// What a monitor event meant for the file.
    package struct Events: OptionSet, CustomStringConvertible {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }
        /// The file was written and closed, or another file was renamed to its name.
        package static let saved = Events(rawValue: 1)
        /// The file was deleted or renamed away.
        package static let removed = Events(rawValue: 2)
        /// The folder itself was deleted, moved or unmounted: nothing more will come.
        package static let folderGone = Events(rawValue: 4)

        package var description: String {
            let names = [(Events.saved, "saved"), (.removed, "removed"), (.folderGone, "folder gone")]
                .filter { contains($0.0) }.map(\.1)
            return names.isEmpty ? "nothing" : names.joined(separator: ", ")
        }
    }

    /// Why the folder cannot be watched.
    package enum WatchError: Error, CustomStringConvertible {
        case cannotWatch(String, reason: String)

        package var description: String {
            switch self {
            case .cannotWatch(let folder, let reason): return "cannot watch the folder \(folder): \(reason)"
            }
        }
    }

    /// The folder watched.
    package let folder: String
    /// The name of the file in `folder`.
    package let name: String
    /// Called on the GLib main context (while `g_main_loop_run` runs) with what one event meant for
    /// the file; events that do not concern it are not passed on.
    package var onEvents: ((Events) -> Void)?

    private let directory: OpaquePointer
    private let monitor: UnsafeMutablePointer<GFileMonitor>
    private var handler: gulong = 0
    private static let logger = HubLogging.logger("hublive")

    /// - Parameter path: an absolute path.
    package init(path: String) throws(WatchError) {
        let url = URL(fileURLWithPath: path)
        folder = url.deletingLastPathComponent().path
        name = url.lastPathComponent
        directory = g_file_new_for_path(folder)
        var error: UnsafeMutablePointer<GError>?
        guard let monitor = g_file_monitor_directory(directory, G_FILE_MONITOR_WATCH_MOVES, nil, &error) else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if error != nil { g_error_free(error) }
            g_object_unref(UnsafeMutableRawPointer(directory))
            throw .cannotWatch(folder, reason: reason)
        }
        self.monitor = monitor
        // The callback finds this watcher through the pointer; deinit disconnects it first.
        handler = hub_gio_connect_file_monitor_changed(monitor, { _, file, other, event, data in
            guard let data else { return }
            Unmanaged<FileWatcher>.fromOpaque(data).takeUnretainedValue().handle(event, file: file, other: other)
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        g_signal_handler_disconnect(UnsafeMutableRawPointer(monitor), handler)
        g_file_monitor_cancel(monitor)
        g_object_unref(UnsafeMutableRawPointer(monitor))
        g_object_unref(UnsafeMutableRawPointer(directory))
    }

    private func handle(_ event: GFileMonitorEvent, file: OpaquePointer?, other: OpaquePointer?) {
        let isFolder = file.map { g_file_equal($0, directory) != 0 } ?? false
        let events = Self.events(for: event, file: file.flatMap(Self.baseName), other: other.flatMap(Self.baseName),
                                 isFolder: isFolder, name: name)
        Self.logger.debug("""
            \(Self.describe(event)) \(isFolder ? "the folder" : file.flatMap(Self.baseName) ?? "?")\
            \(other.flatMap(Self.baseName).map { " → \($0)" } ?? ""): \(events)
            """)
        if !events.isEmpty { onEvents?(events) }
    }

    /// What one monitor event on a child of the folder named `file` (or on the folder itself)
    /// means for the file called `name`.
    static func events(for event: GFileMonitorEvent, file: String?, other: String?, isFolder: Bool, name: String)
        -> Events
    {
        if isFolder {
            // The folder deleted, moved away (inotify's IN_MOVE_SELF arrives as DELETED) or unmounted.
            switch event {
            case G_FILE_MONITOR_EVENT_DELETED, G_FILE_MONITOR_EVENT_UNMOUNTED, G_FILE_MONITOR_EVENT_MOVED_OUT,
                 G_FILE_MONITOR_EVENT_RENAMED:
                return .folderGone
            default:
                return []
            }
        }
        switch event {
        case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT, G_FILE_MONITOR_EVENT_MOVED_IN:
            return file == name ? .saved : []
        case G_FILE_MONITOR_EVENT_DELETED, G_FILE_MONITOR_EVENT_MOVED_OUT:
            return file == name ? .removed : []
        case G_FILE_MONITOR_EVENT_RENAMED:
            var events: Events = []
            if other == name { events.insert(.saved) }
            if file == name { events.insert(.removed) }
            return events
        default:
            return []
        }
    }

    private static func baseName(_ file: OpaquePointer) -> String? {
        guard let raw = g_file_get_basename(file) else { return nil }
        defer { g_free(raw) }
        return String(cString: raw)
    }

    private static func describe(_ event: GFileMonitorEvent) -> String {
        switch event {
        case G_FILE_MONITOR_EVENT_CHANGED: return "CHANGED"
        case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT: return "CHANGES_DONE_HINT"
        case G_FILE_MONITOR_EVENT_DELETED: return "DELETED"
        case G_FILE_MONITOR_EVENT_CREATED: return "CREATED"
        case G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED: return "ATTRIBUTE_CHANGED"
        case G_FILE_MONITOR_EVENT_PRE_UNMOUNT: return "PRE_UNMOUNT"
        case G_FILE_MONITOR_EVENT_UNMOUNTED: return "UNMOUNTED"
        case G_FILE_MONITOR_EVENT_MOVED: return "MOVED"
        case G_FILE_MONITOR_EVENT_RENAMED: return "RENAMED"
        case G_FILE_MONITOR_EVENT_MOVED_IN: return "MOVED_IN"
        case G_FILE_MONITOR_EVENT_MOVED_OUT: return "MOVED_OUT"
        default: return "event \(event.rawValue)"
        }
    }
}
