internal import CGtk
import Foundation
import HubFramework
import Logging

/// Resolves icon identifiers (JSON `images.icon` and image `placeholder`) through the GTK icon theme.
///
/// An identifier is looked up as the theme icon named by `iconNames[identifier]`, else as the
/// identifier itself, then with `-symbolic` appended. Symbolic icons are recoloured with the
/// requested colour. Icons are drawn at the requested size in points times the screen's scale
/// factor (`PixbufImage.scale` carries it), and remembered per identifier, size, colour and scale.
/// A placeholder whose identifier the theme does not know falls back to `placeholderFallbackName`,
/// so that something shows while the image loads; an unknown component icon gives nil. Unknown
/// identifiers are logged once.
///
/// GTK's icon theme belongs to the main thread: the resolver looks icons up there only. Called on
/// another thread, it answers from what it already resolved, or nil.
public final class ThemeIconResolver: IconImageResolver, @unchecked Sendable {
    private struct Key: Hashable {
        let identifier: String
        let placeholder: Bool
        let pixelSize: Int
        let scale: Int
        let color: UInt32
    }

    /// Theme icon names by icon identifier, for identifiers that are not theme names themselves.
    public let iconNames: [String: String]
    /// The theme icon shown for placeholder identifiers the theme does not have (nil: none).
    public let placeholderFallbackName: String?
    private let fixedScale: Int?
    private let log: ImageFailureLog
    private let lock = NSLock()
    private var images: [Key: PixbufImage] = [:]
    private var misses: Set<Key> = []
    private var reportedOffMainThread = false
    /// Misuse is logged here; icons the theme does not have go to `failureLog` like other images.
    private static let logger = HubLogging.logger("gtk.icons")

    /// - Parameters:
    ///   - iconNames: maps identifiers to theme icon names (for example `["album": "media-optical-symbolic"]`).
    ///   - placeholderFallbackName: shown for unknown placeholder identifiers.
    ///   - scale: device pixels per point; nil reads the primary monitor's scale factor.
    ///   - failureLog: where identifiers the theme has no icon for are reported.
    public init(iconNames: [String: String] = [:], placeholderFallbackName: String? = "image-x-generic-symbolic",
                scale: Int? = nil, failureLog: ImageFailureLog = .shared)
    {
        self.iconNames = iconNames
        self.placeholderFallbackName = placeholderFallbackName
        fixedScale = scale
        log = failureLog
    }

    public func componentIconImage(withIdentifier identifier: String, size: Size, color: Color) -> (any Image)? {
        resolve(identifier, placeholder: false, size: size, color: color)
    }

    public func placeholderIconImage(withIdentifier identifier: String, size: Size, color: Color) -> (any Image)? {
        resolve(identifier, placeholder: true, size: size, color: color)
    }

    /// Forgets every resolved icon (after a theme change).
    public func removeAllCachedIcons() {
        lock.withLock {
            images.removeAll()
            misses.removeAll()
        }
    }

    private func resolve(_ identifier: String, placeholder: Bool, size: Size, color: Color) -> (any Image)? {
        let points = max(size.width, size.height)
        guard points.isFinite, points >= 1, !identifier.isEmpty else { return nil }
        let onMain = Thread.isMainThread
        let scale = fixedScale ?? (onMain ? MainActor.assumeIsolated { Self.screenScale() } : 1)
        let key = Key(identifier: identifier, placeholder: placeholder, pixelSize: Int(points.rounded()),
                      scale: max(1, scale), color: Self.pack(color))
        let known = lock.withLock { () -> (PixbufImage?, Bool) in (images[key], misses.contains(key)) }
        if let image = known.0 { return image }
        if known.1 { return nil }
        guard onMain else {
            let first = lock.withLock { () -> Bool in
                defer { reportedOffMainThread = true }
                return !reportedOffMainThread
            }
            if first {
                Self.logger.warning(
                    "ThemeIconResolver was asked for \"\(identifier)\" off the main thread; icons not yet resolved on the main thread are nil there")
            }
            return nil
        }
        let image = MainActor.assumeIsolated { load(key, color: color) }
        lock.withLock {
            if let image { images[key] = image } else { misses.insert(key) }
        }
        return image
    }

    @MainActor
    private func load(_ key: Key, color: Color) -> PixbufImage? {
        guard let theme = gtk_icon_theme_get_default() else { return nil }
        var names: [String] = []
        if let mapped = iconNames[key.identifier] { names.append(mapped) }
        names.append(key.identifier)
        if !key.identifier.hasSuffix("-symbolic") { names.append(key.identifier + "-symbolic") }
        for name in names {
            if let image = Self.lookUp(name, theme: theme, key: key, color: color) { return image }
        }
        log.report(URL(string: "icon:" + (key.identifier.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)
                                              ?? "unknown")) ?? URL(fileURLWithPath: "/"),
                   error: ImageLoadingError.unreadableFile("no icon named \"\(key.identifier)\" in the icon theme"))
        if key.placeholder, let fallback = placeholderFallbackName {
            return Self.lookUp(fallback, theme: theme, key: key, color: color)
        }
        return nil
    }

    @MainActor
    private static func lookUp(_ name: String, theme: UnsafeMutablePointer<GtkIconTheme>, key: Key, color: Color)
        -> PixbufImage?
    {
        guard let info = gtk_icon_theme_lookup_icon_for_scale(theme, name, Int32(key.pixelSize), Int32(key.scale),
                                                               GTK_ICON_LOOKUP_FORCE_SIZE)
        else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(info)) }
        var rgba = GdkRGBA(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
        var wasSymbolic: gboolean = 0
        var error: UnsafeMutablePointer<GError>?
        let pixbuf = gtk_icon_info_load_symbolic(info, &rgba, nil, nil, nil, &wasSymbolic, &error)
        if error != nil { g_error_free(error) }
        guard let pixbuf else { return nil }
        return PixbufImage(takingOwnershipOf: pixbuf, scale: Double(key.scale))
    }

    /// The scale factor of the default display's primary (or first) monitor; 1 without a display.
    @MainActor
    static func screenScale() -> Int {
        guard let display = gdk_display_get_default(),
            let monitor = gdk_display_get_primary_monitor(display) ?? gdk_display_get_monitor(display, 0)
        else { return 1 }
        return Int(max(1, gdk_monitor_get_scale_factor(monitor)))
    }

    private static func pack(_ color: Color) -> UInt32 {
        func byte(_ value: Double) -> UInt32 { UInt32(max(0, min(255, (value * 255).rounded()))) }
        return byte(color.red) << 24 | byte(color.green) << 16 | byte(color.blue) << 8 | byte(color.alpha)
    }
}
