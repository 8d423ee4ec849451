import Foundation
import HubGTK
import Logging

/// What an app with a settings schema remembers between runs: the size and state of the last window
/// closed, the
/// address history, whether and where live editing starts, and whether impressions are logged. The
/// keys are those of data/org.hubframework.Viewer.gschema.xml; an app's own schema must have the
/// same names and types, and a key it lacks is not remembered.
@MainActor
final class AppSettings {
    /// The keys the shell reads and writes in the app's schema.
    enum Key {
        static let windowWidth = "window-width"
        static let windowHeight = "window-height"
        static let windowMaximized = "window-maximized"
        static let addressHistory = "address-history"
        static let liveEditingEnabled = "live-editing-enabled"
        static let livePort = "live-editing-port"
        static let logImpressions = "log-impressions"
    }

    /// The GSettings schema the app remembers things in; nil remembers nothing.
    var schemaID: String? {
        didSet { loaded = nil }
    }
    /// The settings once looked up (`.some(nil)` when the schema is not installed): a schema is
    /// looked up once, not on every read.
    private var loaded: Settings??

    /// The settings of ``schemaID``; nil without one or when the schema is not installed.
    var settings: Settings? {
        if loaded == nil, let schemaID { loaded = .some(Settings(schemaID: schemaID)) }
        return loaded ?? nil
    }

    /// The URIs opened from the address bar, most recent first (at most ``AddressHistory/limit``);
    /// empty without settings.
    var addressHistory: [String] {
        guard let settings, settings.hasKey(Key.addressHistory) else { return [] }
        return settings.strings(forKey: Key.addressHistory)
    }

    /// Notes `uri` as opened from the address bar (first in ``addressHistory``, once). Returns
    /// whether the history is kept at all.
    @discardableResult
    func rememberAddress(_ uri: String) -> Bool {
        guard let settings, settings.hasKey(Key.addressHistory) else { return false }
        settings.setStrings(AddressHistory.adding(uri, to: addressHistory), forKey: Key.addressHistory)
        return true
    }

    /// Forgets the address history. Returns whether the history is kept at all.
    @discardableResult
    func clearAddressHistory() -> Bool {
        guard let settings, settings.hasKey(Key.addressHistory) else { return false }
        settings.setStrings([], forKey: Key.addressHistory)
        return true
    }

    /// Gives a new window the size and state the last window closed had.
    func restoreWindowState(_ window: HubWindow) {
        guard let settings, settings.hasKey(Key.windowWidth) else { return }
        let width = Int(settings.int32(forKey: Key.windowWidth))
        let height = Int(settings.int32(forKey: Key.windowHeight))
        let maximized = settings.bool(forKey: Key.windowMaximized)
        window.window.setDefaultSize(width: width, height: height)
        if maximized { window.window.isMaximized = true }
        HubLogging.logger("app.settings").debug("restored window \(width)x\(height) maximized=\(maximized)")
    }

    /// Remembers a window's size and state as it closes: the window the next one opens like. A
    /// maximized window gives the size it had before it was maximized, so that unmaximizing the next
    /// one gives back the user's size.
    func saveWindowState(size: (width: Int, height: Int), maximized: Bool) {
        guard let settings, settings.hasKey(Key.windowWidth) else { return }
        settings.setBool(maximized, forKey: Key.windowMaximized)
        settings.setInt32(Int32(clamping: size.width), forKey: Key.windowWidth)
        settings.setInt32(Int32(clamping: size.height), forKey: Key.windowHeight)
        // The process may exit right after the window closes; GSettings writes asynchronously.
        Settings.sync()
    }

    /// The live-editing service a launch gets when its command line says nothing about it.
    var liveSetting: LiveSetting? {
        guard let settings, settings.hasKey(Key.liveEditingEnabled) else { return nil }
        return settings.bool(forKey: Key.liveEditingEnabled) ? .port(settings.uint16(forKey: Key.livePort)) : .disabled
    }

    /// Whether the `log-impressions` setting is on (false without settings or without the key).
    var logsImpressions: Bool {
        guard let settings, settings.hasKey(Key.logImpressions) else { return false }
        return settings.bool(forKey: Key.logImpressions)
    }
}
