internal import CGtk

/// Follows the person's style choices for every app, light or dark and high contrast, and has GTK
/// draw the app so, at start and whenever they change.
///
/// GTK 3 draws its theme's dark variant only when the app asks (`gtk-application-prefer-dark-theme`),
/// and knows nothing of GNOME's `color-scheme`. This reads it from the desktop's settings portal
/// (`org.freedesktop.portal.Settings`, namespace `org.freedesktop.appearance`, keys `color-scheme`
/// and `contrast`, followed through its `SettingChanged` signal) where there is one, which is
/// how a sandboxed app learns them; otherwise, key by key, from GSettings
/// (`org.gnome.desktop.interface` `color-scheme`, `org.gnome.desktop.a11y.interface`
/// `high-contrast`) when those schemas are installed. Without either, the app draws its theme's
/// default. Nothing waits on the bus: the portal answers on a later turn of the main loop
/// (``hasSettled`` then turns true).
///
/// It applies them to GTK's settings: a preference for dark sets `gtk-application-prefer-dark-theme`,
/// any other choice clears it; high contrast switches the theme to GTK's built-in `HighContrast`
/// (`HighContrastInverse` when dark is preferred) unless the theme is a high-contrast one already,
/// and gives the theme back to the desktop when it is turned off.
///
/// ```swift
/// let style = SystemStyle()
/// style.start()
/// ```
///
/// One instance should follow at a time: GTK's settings are the process's. `HubApplication` starts
/// one when the application starts up.
@MainActor
public final class SystemStyle {
    /// Where a choice was read.
    public enum Source: Sendable, Equatable {
        /// The desktop's settings portal.
        case portal
        /// GSettings, where the desktop keeps it when there is no portal.
        case settings
        /// Neither has it: the app's default is used.
        case none
    }

    /// Light, dark or no preference; ``ColorSchemePreference/noPreference`` until read.
    public private(set) var colorScheme: ColorSchemePreference = .noPreference
    /// Whether the person asked for high contrast.
    public private(set) var prefersHighContrast = false
    /// Where ``colorScheme`` comes from; ``Source/none`` until read.
    public private(set) var colorSchemeSource: Source = .none
    /// Where ``prefersHighContrast`` comes from; ``Source/none`` until read.
    public private(set) var contrastSource: Source = .none
    /// Whether ``start()`` was called and ``stop()`` was not since.
    public private(set) var isFollowing = false
    /// Whether the first reading is complete: the portal answered (or is known to be absent) for
    /// both choices, and GTK's settings follow them.
    public private(set) var hasSettled = false
    /// Called after every change GTK's settings were given.
    public var onChange: (@MainActor () -> Void)?

    private static let appearance = "org.freedesktop.appearance"
    private static let colorSchemeKey = "color-scheme"
    private static let contrastKey = "contrast"
    private static let darkProperty = "gtk-application-prefer-dark-theme"
    private static let themeProperty = "gtk-theme-name"

    private var portal: SettingsPortal?
    /// GSettings of `org.gnome.desktop.interface` while it is followed for the colour scheme.
    private var interfaceSettings: Settings?
    /// GSettings of `org.gnome.desktop.a11y.interface` while it is followed for the contrast.
    private var accessibilitySettings: Settings?
    /// The portal reads still unanswered.
    private var pendingReads = 0
    private var settledHandlers: [@MainActor () -> Void] = []
    /// What this set in GTK's settings, to give back on ``stop()``.
    private var hasSetDarkPreference = false
    private var hasSetTheme = false

    /// A follower that follows nothing until ``start()``.
    public init() {}

    isolated deinit { portal?.stop() }

    /// Reads the choices and follows them from now on. Does nothing while already following.
    public func start() {
        guard !isFollowing else { return }
        isFollowing = true
        hasSettled = false
        let portal = SettingsPortal { [weak self] namespace, key, value in
            self?.portalSettingChanged(namespace: namespace, key: key, value: value)
        }
        self.portal = portal
        pendingReads = 2
        for key in [Self.colorSchemeKey, Self.contrastKey] {
            portal.read(namespace: Self.appearance, key: key) { [weak self] reading in
                self?.portalAnswered(key: key, reading)
            }
        }
    }

    /// Stops following, and gives GTK's settings back to the desktop.
    public func stop() {
        guard isFollowing else { return }
        isFollowing = false
        portal?.stop()
        portal = nil
        interfaceSettings = nil
        accessibilitySettings = nil
        pendingReads = 0
        if hasSetDarkPreference { hub_settings_reset(Self.darkProperty) }
        if hasSetTheme { hub_settings_reset(Self.themeProperty) }
        hasSetDarkPreference = false
        hasSetTheme = false
        colorScheme = .noPreference
        prefersHighContrast = false
        colorSchemeSource = .none
        contrastSource = .none
        settle()
    }

    /// Calls `handler` once the first reading is complete: now when it is, or on the turn of the
    /// main loop that completes it (or stops following).
    public func whenSettled(_ handler: @escaping @MainActor () -> Void) {
        if hasSettled || !isFollowing { return handler() }
        settledHandlers.append(handler)
    }

    // MARK: Reading

    private func portalAnswered(key: String, _ reading: SettingsPortal.Reading) {
        guard isFollowing else { return }
        if case .value(let number) = reading {
            takePortalValue(key: key, number)
        } else if key == Self.colorSchemeKey {
            followSettingsForColorScheme()
        } else {
            followSettingsForContrast()
        }
        pendingReads -= 1
        apply()
        if pendingReads == 0 { settle() }
    }

    private func portalSettingChanged(namespace: String, key: String, value: UInt32) {
        guard isFollowing, namespace == Self.appearance,
              key == Self.colorSchemeKey || key == Self.contrastKey else { return }
        takePortalValue(key: key, value)
        apply()
    }

    /// The portal's number for `key`: from now on the portal decides that choice.
    private func takePortalValue(key: String, _ number: UInt32) {
        if key == Self.colorSchemeKey {
            colorScheme = ColorSchemePreference(portalValue: number) ?? .noPreference
            colorSchemeSource = .portal
            interfaceSettings = nil
        } else {
            // The portal's contrast: 0 no preference, 1 higher contrast.
            prefersHighContrast = number == 1
            contrastSource = .portal
            accessibilitySettings = nil
        }
    }

    private func followSettingsForColorScheme() {
        guard let settings = Settings(schemaID: "org.gnome.desktop.interface"),
              settings.hasKey(Self.colorSchemeKey)
        else { return }
        interfaceSettings = settings
        colorSchemeSource = .settings
        readColorScheme(from: settings)
        settings.onChange { [weak self, unowned settings] key in
            guard let self, key == Self.colorSchemeKey, self.interfaceSettings === settings else { return }
            self.readColorScheme(from: settings)
            self.apply()
        }
    }

    private func readColorScheme(from settings: Settings) {
        colorScheme = ColorSchemePreference(settingsValue: settings.string(forKey: Self.colorSchemeKey)) ?? .noPreference
    }

    private func followSettingsForContrast() {
        guard let settings = Settings(schemaID: "org.gnome.desktop.a11y.interface"),
              settings.hasKey("high-contrast")
        else { return }
        accessibilitySettings = settings
        contrastSource = .settings
        prefersHighContrast = settings.bool(forKey: "high-contrast")
        settings.onChange { [weak self, unowned settings] key in
            guard let self, key == "high-contrast", self.accessibilitySettings === settings else { return }
            self.prefersHighContrast = settings.bool(forKey: "high-contrast")
            self.apply()
        }
    }

    private func settle() {
        guard !hasSettled else { return }
        hasSettled = true
        let handlers = settledHandlers
        settledHandlers.removeAll()
        for handler in handlers { handler() }
    }

    // MARK: Applying

    /// Gives GTK's settings the choices, changing only what differs (each change makes GTK restyle
    /// every widget).
    private func apply() {
        guard isFollowing else { return }
        var changed = false
        let dark = colorScheme == .preferDark
        // Set only when it differs: GTK loads and parses its whole theme again on every set of the
        // property, even to the value it has, which at start (the portal's first answer, usually
        // "light" over a light default) cost a second theme parse, about a tenth of the launch.
        if (hub_settings_get_boolean(Self.darkProperty, 0) != 0) != dark {
            hub_settings_set_boolean(Self.darkProperty, dark ? 1 : 0)
            hasSetDarkPreference = true
            changed = true
        }
        if prefersHighContrast {
            let wanted = dark ? "HighContrastInverse" : "HighContrast"
            let current = themeName
            // A high-contrast theme the desktop chose stays; the one this chose follows dark and light.
            if hasSetTheme ? current != wanted : !current.hasPrefix("HighContrast") {
                hub_settings_set_string(Self.themeProperty, wanted)
                hasSetTheme = true
                changed = true
            }
        } else if hasSetTheme {
            hub_settings_reset(Self.themeProperty)
            hasSetTheme = false
            changed = true
        }
        if changed { onChange?() }
    }

    /// GTK's theme now.
    private var themeName: String {
        guard let name = hub_settings_get_string(Self.themeProperty) else { return "" }
        defer { g_free(name) }
        return String(cString: name)
    }
}
