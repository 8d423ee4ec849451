/// The style sheets of one folder of the registered resource bundles, as libadwaita names them:
/// `style.css`, always, `style-dark.css` while GTK draws dark and `style-hc.css` while it draws a
/// high-contrast theme (``ThemeAppearance``), each above the one before, added and taken away as
/// the theme changes. A missing file is simply not installed.
///
/// ```swift
/// let sheets = ResourceStyleSheets(folder: "/org/example/App", priority: .application)
/// try sheets.install()
/// ```
///
/// HubGTK and HubApp install their own this way (`/org/hubframework/HubGTK`,
/// `/org/hubframework/HubApp`), and `HubApplication` an app's, from its resource base path.
@MainActor
public final class ResourceStyleSheets {
    /// The folder, such as `/org/example/App`.
    public let folder: String
    /// Where `style.css` ranks; `style-dark.css` and `style-hc.css` rank just above it, in that order.
    public let priority: StyleSheet.Priority
    /// `style.css`, once installed.
    public private(set) var base: StyleSheet?
    /// `style-dark.css`, once read (installed while GTK draws dark).
    public private(set) var dark: StyleSheet?
    /// `style-hc.css`, once read (installed while GTK draws a high-contrast theme).
    public private(set) var highContrast: StyleSheet?
    /// Follows the theme while installed.
    private var themeObservation: ThemeAppearance.Observation?

    /// The style sheets of `folder`, installed at `priority` by ``install()``.
    public init(folder: String, priority: StyleSheet.Priority) {
        self.folder = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        self.priority = priority
    }

    /// Whether ``install()`` installed them and ``uninstall()`` was not called since.
    public var isInstalled: Bool { themeObservation != nil }

    /// Reads the folder's style sheets and installs those the theme calls for, following it from now
    /// on. Returns false when there is no screen (no display yet: call it again later). Throws when
    /// a style sheet has a syntax error; then none is installed.
    @discardableResult
    public func install() throws(GLibError) -> Bool {
        guard !isInstalled else { return true }
        let base = try Self.read("\(folder)/style.css")
        let dark = try Self.read("\(folder)/style-dark.css")
        let highContrast = try Self.read("\(folder)/style-hc.css")
        if let base, !base.install(priority: priority) { return false }
        self.base = base
        self.dark = dark
        self.highContrast = highContrast
        themeObservation = ThemeAppearance.observe { [weak self] in self?.followTheme() }
        followTheme()
        return true
    }

    /// Takes every style sheet of the folder away, and stops following the theme.
    public func uninstall() {
        themeObservation?.stop()
        themeObservation = nil
        for sheet in [base, dark, highContrast] { sheet?.uninstall() }
    }

    /// The style sheet at `path`, or nil when no registered bundle has it.
    private static func read(_ path: String) throws(GLibError) -> StyleSheet? {
        guard ResourceBundle.exists(path) else { return nil }
        return try StyleSheet(resource: path)
    }

    /// Installs the variants the theme calls for now, and takes the others away.
    private func followTheme() {
        let variants: [(StyleSheet?, Bool)] = [(dark, ThemeAppearance.drawsDark),
                                               (highContrast, ThemeAppearance.isHighContrast)]
        for (offset, (sheet, wanted)) in variants.enumerated() {
            guard let sheet else { continue }
            if wanted {
                sheet.install(priority: StyleSheet.Priority(rawValue: priority.rawValue + UInt32(offset) + 1))
            } else {
                sheet.uninstall()
            }
        }
    }
}
