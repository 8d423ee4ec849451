import Foundation
import HubGTK
import Logging

// What an app with `settingsSchemaID` remembers between runs. The keys are those of
// data/org.hubframework.Viewer.gschema.xml; an app's own schema must have the same names and types.
extension HubApplication {
    /// The keys the shell reads and writes in the app's schema.
    enum SettingsKey {
        static let windowWidth = "window-width"
        static let windowHeight = "window-height"
        static let windowMaximized = "window-maximized"
        static let addressHistory = "address-history"
        static let liveEditingEnabled = "live-editing-enabled"
        static let livePort = "live-editing-port"
        static let logImpressions = "log-impressions"
    }

    /// The URIs opened from the address bar, most recent first (at most ``AddressHistory/limit``);
    /// empty without settings.
    public var addressHistory: [String] {
        guard let settings, settings.hasKey(SettingsKey.addressHistory) else { return [] }
        return settings.strings(forKey: SettingsKey.addressHistory)
    }

    /// Notes `uri` as opened from the address bar (first in ``addressHistory``, once).
    public func rememberAddress(_ uri: String) {
        guard let settings, settings.hasKey(SettingsKey.addressHistory) else { return }
        settings.setStrings(AddressHistory.adding(uri, to: addressHistory), forKey: SettingsKey.addressHistory)
        windowController?.refreshCompletion()
    }

    /// Forgets the address history (also the `app.clear-history` action).
    public func clearAddressHistory() {
        guard let settings, settings.hasKey(SettingsKey.addressHistory) else { return }
        settings.setStrings([], forKey: SettingsKey.addressHistory)
        windowController?.refreshCompletion()
    }

    /// Gives a new window the size and state it was closed with.
    func restoreWindowState(_ window: HubWindow) {
        guard let settings, settings.hasKey(SettingsKey.windowWidth) else { return }
        let width = Int(settings.int32(forKey: SettingsKey.windowWidth))
        let height = Int(settings.int32(forKey: SettingsKey.windowHeight))
        let maximized = settings.bool(forKey: SettingsKey.windowMaximized)
        window.window.setDefaultSize(width: width, height: height)
        if maximized { window.window.isMaximized = true }
        HubLogging.logger("app.settings").debug("restored window \(width)x\(height) maximized=\(maximized)")
    }

    /// Remembers the window's size and state as it closes. A maximized window keeps the size it
    /// had before, so that unmaximizing it next time gives back the user's size.
    func saveWindowState(_ window: HubWindow) {
        guard let settings, settings.hasKey(SettingsKey.windowWidth) else { return }
        let maximized = window.window.isMaximized
        settings.setBool(maximized, forKey: SettingsKey.windowMaximized)
        if !maximized {
            let size = window.window.size
            settings.setInt32(Int32(clamping: size.width), forKey: SettingsKey.windowWidth)
            settings.setInt32(Int32(clamping: size.height), forKey: SettingsKey.windowHeight)
        }
        // The process may exit right after the window closes; GSettings writes asynchronously.
        Settings.sync()
    }

    /// The live-editing service a launch gets when its command line says nothing about it.
    func liveSettingFromSettings() -> LiveSetting? {
        guard let settings, settings.hasKey(SettingsKey.liveEditingEnabled) else { return nil }
        return settings.bool(forKey: SettingsKey.liveEditingEnabled)
            ? .port(settings.uint16(forKey: SettingsKey.livePort)) : .disabled
    }
}
