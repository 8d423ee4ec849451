import Foundation
import HubFramework
import HubGTK

/// A complete desktop app around a `Hub`: register your features and components, then run it.
///
/// ```swift
/// import HubApp
///
/// HubLogging.bootstrap()
/// let app = HubApplication(id: "org.example.Cities", title: "Cities", startURI: URL(string: "cities:overview")!)
/// try app.hub.componentRegistry.registerComponentFactory(CitiesComponentFactory(), forNamespace: "cities")
/// try app.hub.featureRegistry.registerFeature(identifier: "cities", viewURIPredicate: …, title: "Cities",
///                                             contentOperationFactories: […])
/// exit(app.run())
/// ```
///
/// What the app gets:
/// - **Windows** (``HubWindow``): Back, Forward and Reload, the view's title, the view's bar buttons,
///   a spinner and the primary menu in the header bar, and, with ``showsAddressBar``, an address
///   entry with completion. Ctrl+N opens another window on the start view; each window has its own
///   history, and the app ends when its last window closes. The size and maximized state of the
///   last window closed are remembered (with ``settingsSchemaID``).
/// - **History** (``Navigator``): pages keep their view, so going back shows the content, the scroll
///   position and each component's state as they were. A URI no feature handles, or no URI at all,
///   shows a page that says so and links to every feature.
/// - **A primary menu** (``HubWindow/menuButton``, F10): New Window, Open… (with
///   ``isFileOpeningEnabled``), the app's own items (``addMenuItem(_:action:accelerators:handler:)``),
///   Keyboard Shortcuts and About. The About window says what ``about`` says, by default what the
///   app's installed AppStream metainfo says; the keyboard shortcuts window (Ctrl+?) lists every key
///   of the app, its windows and its views.
/// - **Keys**: Alt+Left and Alt+Right go back and forward, F5 and Ctrl+R reload, Ctrl+L and F6 focus
///   the address entry (with an address bar), Ctrl+N opens a window, Ctrl+O a file (with
///   ``isFileOpeningEnabled``), Ctrl+W closes the window, Ctrl+Q quits, F10 opens the primary menu and
///   Ctrl+? the shortcuts window. Each is a `GAction`, `app.NAME` or, for what acts on one window,
///   `win.NAME`, which `org.gtk.Actions` clients can run on the session bus (docs/viewer.md lists them).
/// - **One instance**: a second launch hands its URIs to the running app, which opens them in the
///   window the user was in last, and exits.
/// - **A command line** (``HubCommandLine``): `APP [--screenshot FILE.png] [--size WxH] [URI…]`, `--help`
///   and `--version` (with ``version``).
/// - **The person's style**: light or dark, and high contrast, as chosen in the desktop's settings
///   (through the settings portal, or GSettings without one), at start and whenever they change
///   (``systemStyle``, ``followsSystemStyle``). With animations turned off, views scroll without
///   animating.
/// - **Its own resources**: ``addResourceBundle(_:)`` registers a compiled GResource bundle, and the
///   style sheets under ``resourceBasePath`` (`style.css`, `style-dark.css`, `style-hc.css`) are
///   installed when the application starts up.
/// - **Opt-in tools**: ``isLiveEditingEnabled`` (`live:` and `hublive`, with `--live-port` and `--no-live`)
///   and ``isShowcaseEnabled`` (`showcase:`, every registered component).
///
/// Views appear, and load, while they are on screen; a view that leaves the screen (another page
/// is shown, the window closes) disappears. The shell's own features (`live:`, `showcase:`) are
/// registered when the application starts, after the app's, so they come last wherever features are
/// listed.
///
/// The application coordinates a few parts, each owning its state privately (one file each), each
/// made with what it needs (the hub, the navigator, another part, values) and none holding the
/// application; its properties forward to them. What the parts need of the application comes to
/// it as GTK reports it, and the application hands it on: it is the windows' delegate
/// (`AppWindowsDelegate`), and gives itself with each launch (`AppLaunching`).
/// - `AppIdentity`: the title, the start view, the version, the command name, and the manifest
///   that gave the first two (a value);
/// - `BuiltInFeatures`: whether `live:` and `showcase:` are offered, registered from startup on,
///   and live editing (`AppLiveEditing`: the live service, its token file and the `live:` view,
///   shown in the window the user was in last; the service's delegate);
/// - `AppSettings`: what is remembered between runs, in the settings of ``settingsSchemaID``;
/// - `AppImpressions`: the impressions of every view, while they are wanted (it is the views'
///   observer);
/// - `AppWindows`: the open windows, which was active last, and where URIs from outside a window
///   open; each window an `AppWindow` (its navigator, controller, actions and dropped files);
///   `AppAccelerators` adds the actions and their keys, `AppShortcutList` lists them;
/// - `AppMenu`: the primary menu's model, which every window shows, and the About window its last
///   item opens (`AppAbout`);
/// - `AppFileOpening`: the file chooser, dropped files and the desktop's recent files;
/// - `AppLaunchHandler`: the command line of every launch;
/// - `AppAppearance`: the person's style followed, the app's resource bundles and its style sheets.
@MainActor
public final class HubApplication {
    /// The GtkApplication.
    public let application: Application
    /// The features, components and view controller factory the app shows views with.
    public let hub: Hub
    /// The navigation stack of the app's first window (``mainWindow``). A window opened while that
    /// one is closed takes it again; any other window has a navigator of its own
    /// (``navigator(of:)``). Target URIs open in the window the user was in last.
    public var navigator: Navigator { appWindows.mainNavigator }
    /// The app's title, start view, version and command name, and the manifest it runs.
    private var identity: AppIdentity
    /// The shell's own features (`live:`, `showcase:`), registered while turned on once the app has
    /// started up, and live editing.
    let builtInFeatures: BuiltInFeatures
    /// What the app remembers between runs, in the settings of ``settingsSchemaID``.
    let appSettings = AppSettings()
    /// The impressions of the views the app opens, while they are wanted.
    let impressions: AppImpressions
    /// The open windows: the first made on the first activation, more with Ctrl+N. What a window
    /// asks of the application (open dropped files, list the shortcuts, remember an address) it
    /// hears as their delegate.
    let appWindows: AppWindows
    /// The primary menu every window shows, and its About window.
    let menu = AppMenu()
    /// The file chooser, dropped files and the recent files.
    let fileOpening = AppFileOpening()
    /// The command line of every launch. What it does for a launch (tell the app's names, load a
    /// manifest, take a screenshot, open URIs) the application gives with each launch
    /// (`AppLaunching`).
    let launchHandler: AppLaunchHandler

    /// The person's style followed, the app's resource bundles and its style sheets.
    private let appearance = AppAppearance()

    /// Follows the person's light or dark choice and high contrast from the application's start
    /// (with ``followsSystemStyle``): what it read, and where.
    public var systemStyle: SystemStyle { appearance.systemStyle }

    /// Whether the app draws itself as the person chose for every app: dark when they prefer dark,
    /// GTK's high-contrast theme when they asked for high contrast, read from the desktop's settings
    /// portal or, without one, GSettings, and followed as they change (``systemStyle``). On by
    /// default; turn it off before ``run(arguments:)`` for an app that sets GTK's
    /// `gtk-application-prefer-dark-theme` or theme itself. Turned off while the app runs, GTK's
    /// settings go back to the desktop's.
    public var followsSystemStyle: Bool {
        get { appearance.followsSystemStyle }
        set { appearance.followsSystemStyle = newValue }
    }

    /// Where the app's own resources are in the registered resource bundles: by default its id with
    /// dots as slashes (`/org/example/Cities` for `org.example.Cities`), nil without an id. When the
    /// application starts up, the shell installs the style sheets it finds there, as libadwaita
    /// names them: `style.css` at `StyleSheet/Priority/application`, `style-dark.css` while GTK draws
    /// dark and `style-hc.css` while it draws a high-contrast theme (see `ResourceStyleSheets`); GTK
    /// itself adds `icons/` to the icon theme and loads `gtk/help-overlay.ui` and `gtk/menus.ui`.
    /// Set before ``run(arguments:)``.
    public var resourceBasePath: String? {
        get { application.resourceBasePath }
        set { application.resourceBasePath = newValue }
    }

    /// The app's style sheets from ``resourceBasePath``, once the application started up (nil when
    /// there are none).
    public var resourceStyleSheets: ResourceStyleSheets? { appearance.resourceStyleSheets }

    /// Registers `bundle`, the app's own compiled resources (`glib-compile-resources`): its files
    /// are found by their paths from now on, and those under ``resourceBasePath`` are what the app
    /// gets there (its style sheets, icons, menus). Add bundles before ``run(arguments:)``, so that
    /// they are there when the application starts up.
    ///
    /// ```swift
    /// let resources = Bundle.module.url(forResource: "cities", withExtension: "gresource")!
    /// app.addResourceBundle(try ResourceBundle(contentsOf: resources))
    /// ```
    public func addResourceBundle(_ bundle: ResourceBundle) {
        appearance.addResourceBundle(bundle)
    }

    /// The bundles ``addResourceBundle(_:)`` registered, kept for the life of the application.
    public var resourceBundles: [ResourceBundle] { appearance.resourceBundles }

    /// Called once GTK is ready, before the first window opens, in the process that shows windows
    /// (the primary instance, or a `--screenshot` process): install stylesheets, add icon folders.
    public var onStartup: (@MainActor () -> Void)?

    // MARK: What the app is

    /// The app's name for people: the window title until a view gives its own, and in `--help`.
    /// A backend manifest (``loadManifest(_:)``) replaces it with its own.
    public internal(set) var title: String {
        get { identity.title }
        set { identity.title = newValue }
    }
    /// The view URI the window opens when a launch names none. A backend manifest
    /// (``loadManifest(_:)``) replaces it with its own.
    public internal(set) var startURI: URL {
        get { identity.startURI }
        set { identity.startURI = newValue }
    }
    /// What `--version` prints after the command name.
    public var version: String { identity.version }
    /// The program's name in `--help`, `--version` and messages; by default the name the process was
    /// started with. With ``version`` it names the app to servers too (`HubManager.clientApp`), unless
    /// the app named itself there.
    public var commandName: String {
        get { identity.commandName }
        set {
            let named = hub.manager.clientApp == Self.clientApp(identity)
            identity.commandName = newValue
            if named { hub.manager.clientApp = Self.clientApp(identity) }
        }
    }

    /// The app as its requests name it: `command/version`.
    private static func clientApp(_ identity: AppIdentity) -> String { "\(identity.commandName)/\(identity.version)" }
    /// The manifest the app runs, once ``loadManifest(_:)`` loaded one.
    public var manifest: BackendManifest? { identity.manifest }

    // MARK: What it offers

    /// Whether the window has an address entry for view URIs (with completion, Ctrl+L and F6).
    /// Set before the window opens. Off by default: most apps navigate through their own views.
    public var showsAddressBar: Bool {
        get { appWindows.showsAddressBar }
        set { appWindows.showsAddressBar = newValue }
    }
    /// Whether the app opens JSON files the user chooses: Open… in the primary menu and Ctrl+O (the
    /// desktop's file chooser, listing JSON files), and JSON files dropped on a window, each opened
    /// as the view URI of its `file:` URL, which one of the app's features must handle (the viewer's
    /// JSON Document feature does). Every file the user opens, these ways, from the command line or
    /// the address bar, is added to the desktop's recent files. Off by default; set before
    /// ``run(arguments:)``.
    public var isFileOpeningEnabled: Bool {
        get { fileOpening.isEnabled }
        set {
            fileOpening.isEnabled = newValue
            appWindows.acceptsDroppedFiles = newValue
        }
    }
    /// What the About window says besides the app's ``title`` and ``version``. By default what the
    /// app's AppStream metainfo (`ID.metainfo.xml`, found as ``AboutInfo/metainfoFile(forApplicationID:environment:executable:)``
    /// says) says, read when the application starts up; set it to say something else.
    public var about: AboutInfo {
        get { menu.about.info }
        set { menu.about.info = newValue }
    }
    /// Whether the app offers live editing: a `live:` view that `hublive` pushes JSON files to, the
    /// service it listens with (on 127.0.0.1, port 7777 unless `--live-port` says otherwise), and
    /// the `--live-port` and `--no-live` options. Off by default; set before ``run(arguments:)``.
    public var isLiveEditingEnabled: Bool {
        get { builtInFeatures.isLiveEditingEnabled }
        set { builtInFeatures.isLiveEditingEnabled = newValue }
    }
    /// Whether the app offers the component showcase: `showcase:` lists every registered component
    /// with a sample, and `showcase:NAMESPACE:NAME` shows one (`--screenshot` crops to it). Off by
    /// default.
    public var isShowcaseEnabled: Bool {
        get { builtInFeatures.isShowcaseEnabled }
        set { builtInFeatures.isShowcaseEnabled = newValue }
    }
    /// The views `showcase:` links to below the components, in order: documents written in JSON
    /// alone that use the components (the viewer lists the example views that respond). Empty by
    /// default.
    public var showcaseDocuments: [ShowcaseDocument] {
        get { builtInFeatures.showcaseDocuments }
        set { builtInFeatures.showcaseDocuments = newValue }
    }
    /// Whether the command line has `--manifest FILE.json`, which runs the app a backend manifest
    /// describes (``loadManifest(_:)``) as a process of its own. Off by default; set before
    /// ``run(arguments:)``.
    public var isManifestOptionEnabled: Bool {
        get { launchHandler.acceptsManifestOption }
        set { launchHandler.acceptsManifestOption = newValue }
    }
    /// The GSettings schema the app remembers things in between runs, such as
    /// `org.hubframework.Viewer`: the size and maximized state of the last window closed (or the
    /// window used last, when the app quits), which every new window opens at, the URIs opened from the address bar (``addressHistory``,
    /// offered in its completion, cleared with ``clearAddressHistory()`` or the `app.clear-history`
    /// action), and whether and on which port live editing starts when `--live-port` and
    /// `--no-live` are not given. The schema needs the keys of the viewer's
    /// (`data/org.hubframework.Viewer.gschema.xml`); a key it lacks is not remembered. Nil (the
    /// default), or a schema that is not installed, remembers nothing. Set before ``run(arguments:)``.
    public var settingsSchemaID: String? {
        get { appSettings.schemaID }
        set { appSettings.schemaID = newValue }
    }
    /// The settings of ``settingsSchemaID``; nil without one or when the schema is not installed.
    public var settings: Settings? { appSettings.settings }

    /// Called with every impression of every view the app opens from now on: a component with
    /// `logging` data has been seen (see ``/HubGTK/ImpressionObserver``), with the view it was seen
    /// in. Nil (the default) and ``logsImpressions`` off track nothing. Set it before the window
    /// opens; views already open keep what they had.
    public var onImpression: (@MainActor (ViewController, Impression) -> Void)? {
        get { impressions.onImpression }
        set { impressions.onImpression = newValue }
    }
    /// Whether the app writes one line per impression to standard error, in the format of
    /// ``/HubFramework/Impression/logLine(viewURI:)``, for a backend developer to watch. The lines
    /// never wait for their reader: when it falls more than 1 MiB behind, lines are dropped and a
    /// line says how many (`12 lines dropped: the reader of standard error is too slow`). Turned on by
    /// `--log-impressions`, or by the `log-impressions` setting (with ``settingsSchemaID``). Off by
    /// default; like ``onImpression``, it applies to the views opened after it is set.
    public var logsImpressions: Bool {
        get { impressions.logsImpressions }
        set { impressions.logsImpressions = newValue }
    }
    /// Where ``logsImpressions`` writes its lines; standard error, unless a test catches them. The
    /// line is only queued: a reader that is slow, never reads or has gone never stalls the main
    /// loop (`StandardStreamWriter`).
    package var impressionLogWriter: @MainActor (String) -> Void {
        get { impressions.writeLine }
        set { impressions.writeLine = newValue }
    }

    // MARK: What it runs

    /// The window that shows ``navigator``: the first window, once the application has been
    /// activated, until it closes.
    public var mainWindow: HubWindow? { appWindows.mainWindow?.window }
    /// The open windows, oldest first.
    public var windows: [HubWindow] { appWindows.windows.map(\.window) }
    /// The window the user was in last (the one that had the focus last), where launches and target
    /// URIs open; nil while no window is open.
    public var activeWindow: HubWindow? { appWindows.lastActive?.window }
    /// The navigation stack of `window`, one of ``windows``; nil for a window that is not open.
    public func navigator(of window: HubWindow) -> Navigator? {
        appWindows.appWindow(of: window)?.navigator
    }
    /// The live-editing service, once started.
    public internal(set) var liveService: LiveService? {
        get { builtInFeatures.live.service }
        set { builtInFeatures.live.service = newValue }
    }
    /// The bounds the live service holds its clients to: connections at once, document size, idle
    /// time… (docs/live-editing.md). A change applies the next time the service starts.
    public var liveServiceLimits: LiveServiceLimits {
        get { builtInFeatures.live.limits }
        set { builtInFeatures.live.limits = newValue }
    }
    /// Where the live service's session token is written for `hublive`: by default
    /// `$XDG_RUNTIME_DIR/hubframework/live-<port>.token` (see `LiveTokenFile`).
    public var liveTokenFile: LiveTokenFile {
        get { builtInFeatures.live.tokenFile }
        set { builtInFeatures.live.tokenFile = newValue }
    }

    // MARK: Life

    /// An app registered on the session bus as `id`, showing `hub`'s views.
    /// - Parameters:
    ///   - id: the reverse-DNS application id (`org.example.Cities`), also the name of its
    ///     `.desktop` file and of its icon. Nil gives an app that never appears on the session bus and
    ///     so is never single-instance (for tests).
    ///   - title: the app's name for people.
    ///   - startURI: the view the window opens when a launch names none.
    ///   - version: what `--version` prints.
    ///   - hub: the hub to show views with; nil makes one with ``makeHub(resourcesDirectory:componentMargin:connectivityStateResolver:contentLimits:)``.
    public convenience init(id: String?, title: String, startURI: URL, version: String = "1.0", hub: Hub? = nil) {
        self.init(application: Application(id: id), title: title, startURI: startURI, version: version, hub: hub)
    }

    /// The shell on an application made elsewhere, whose handlers it takes over. For the package's
    /// tests: GTK 3 lets a process register one application only (each registration exports an
    /// object at the same D-Bus path, `/org/gtk/Profiler`), so a test process shares one, registered
    /// once, among the apps it builds, and starts each with ``startup()``.
    package init(application: Application, title: String, startURI: URL, version: String = "1.0",
                 hub: Hub? = nil)
    {
        self.application = application
        GtkRuntime.installMainQueueBridge()
        identity = AppIdentity(title: title, startURI: startURI, version: version)
        self.hub = hub ?? Self.makeHub()
        let navigator = Navigator(hub: self.hub)
        navigator.exampleURI = startURI
        let windows = AppWindows(application: application, hub: self.hub, mainNavigator: navigator,
                                 settings: appSettings, menu: menu.model)
        appWindows = windows
        builtInFeatures = BuiltInFeatures(hub: self.hub, windows: windows)
        impressions = AppImpressions(factory: self.hub.viewControllerFactory)
        launchHandler = AppLaunchHandler(application: application, settings: appSettings, impressions: impressions,
                                         builtInFeatures: builtInFeatures)
        // Target URIs open in the window the user was in last.
        self.hub.manager.uriOpener = appWindows
        appWindows.delegate = self
        if self.hub.manager.clientApp == nil { self.hub.manager.clientApp = Self.clientApp(identity) }
        application.onStartup = { [weak self] in self?.startup() }
        application.onActivate = { [weak self] in
            guard let self else { return }
            let isNew = self.appWindows.windows.isEmpty
            let window = self.activate()
            if isNew { _ = self.navigator(of: window)?.open(self.startURI) }
        }
        // URIs handed over on the session bus rather than on a command line (GApplication's Open
        // method) arrive as `open`.
        application.onOpen = { [weak self] uris in self?.open(uris.map(\.absoluteString)) }
        application.onLocalCommandLine = { [weak self] arguments in
            guard let self else { return nil }
            return self.launchHandler.handleLocally(arguments, for: self)
        }
        application.onCommandLine = { [weak self] commandLine in
            guard let self else { return 1 }
            return self.launchHandler.handle(commandLine, for: self)
        }
    }

    /// Starts the app up once (GApplication's `startup`, when the application registers): the
    /// shell's stylesheet and features, the live-editing service, the keys, then ``onStartup``.
    package func startup() {
        guard !builtInFeatures.hasStarted else { return }
        AppStyle.installIfNeeded()
        appearance.start(resourceBasePath: resourceBasePath)
        Window.defaultIconName = application.id
        keepDocumentsOnDisk()
        keepCookies()
        builtInFeatures.start()
        applyLiveSetting()
        addActions()
        menu.addShellItems(opensFiles: isFileOpeningEnabled, title: title)
        // The desktop's recent files are the desktop's apps': an app without an id (a test) is none.
        if application.id != nil, fileOpening.recentFiles == nil { fileOpening.recentFiles = .desktop }
        menu.about.loadMetainfo(applicationID: application.id)
        onStartup?()
    }

    /// Adds the application's actions and gives them and the windows' their keys.
    private func addActions() {
        AppAccelerators.addApplicationActions(
            to: application, opensFiles: isFileOpeningEnabled,
            newWindow: { [weak self] in self?.openNewWindow() },
            open: { [weak self] in self?.chooseFilesToOpen() },
            about: { [weak self] in self?.showAbout() },
            quit: { [weak self] in
                guard let self else { return }
                // Quitting destroys the windows without asking them to close: their state is saved here.
                self.appWindows.saveStates()
                self.application.quit()
            },
            clearHistory: { [weak self] in self?.clearAddressHistory() })
        AppAccelerators.setKeys(of: application, showsAddressBar: showsAddressBar, opensFiles: isFileOpeningEnabled)
    }

    /// Keeps the documents and image bytes that views download on disk, under
    /// `$XDG_CACHE_HOME/<app id>/documents` and `…/images`, so that a view seen before opens after a
    /// restart and while its server is unreachable (see `DocumentCache`). Only for an app with an id,
    /// and unless the app chose a folder itself.
    private func keepDocumentsOnDisk() {
        guard let id = application.id,
            let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
        else { return }
        let folder = caches.appendingPathComponent(id)
        if DocumentCache.shared.diskDirectory == nil {
            DocumentCache.shared.diskDirectory = folder.appendingPathComponent("documents")
        }
        if DefaultImageLoader.downloadCache.diskDirectory == nil {
            DefaultImageLoader.downloadCache.diskDirectory = folder.appendingPathComponent("images")
        }
    }

    /// Keeps the cookies the app's servers set in `$XDG_DATA_HOME/<app id>/cookies.sqlite` (a
    /// folder of the user's alone), so that a session a backend app's sign-in started lasts from run
    /// to run; each app has its own.
    private func keepCookies() {
        guard let id = application.id,
            let data = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
        else { return }
        SoupHTTPClient.installAsDefaultUnlessSet()
        SoupHTTPClient.shared.keepCookies(inFile: data.appendingPathComponent(id).appendingPathComponent("cookies.sqlite").path)
    }

    /// Presents the window the user was in last; with no window open, makes one (on the first
    /// activation, the ``mainWindow``), which shows nothing until a URI is opened in it. A launch
    /// without URIs (GApplication's `activate`) opens the start view in a window it made.
    @discardableResult
    public func activate() -> HubWindow {
        let window = appWindows.lastActive ?? appWindows.makeWindow(title: title)
        window.present()
        return window.window
    }

    /// Opens another window on the start view, with a history of its own, and presents it (Ctrl+N,
    /// the `app.new-window` action).
    @discardableResult
    public func openNewWindow() -> HubWindow {
        let window = appWindows.makeWindow(title: title)
        _ = window.navigator.open(startURI)
        window.present()
        return window.window
    }

    /// Opens `uris` in order in the window the user was in last (the last one ends up on screen),
    /// and presents it; with no window open, in a new one. A launch's URIs and those another
    /// process hands over come here; each local file that opens is added to the recent files.
    public func open(_ uris: [String]) {
        guard !uris.isEmpty else {
            activate()
            return
        }
        let window = appWindows.lastActive ?? appWindows.makeWindow(title: title)
        open(uris, in: window)
        window.present()
    }

    /// Opens `uris` in order in `window`, noting the local files that open in the recent files.
    private func open(_ uris: [String], in window: AppWindow) {
        for uri in uris where window.navigator.open(uri) {
            fileOpening.noteOpened(uri)
        }
    }

    /// Shows the file chooser over the window the user was in last and opens the chosen files in
    /// that window (Ctrl+O, `app.open`; only with ``isFileOpeningEnabled``).
    public func chooseFilesToOpen() {
        guard isFileOpeningEnabled else { return }
        let target = appWindows.lastActive
        fileOpening.choose(parent: target?.window.window) { [weak self, weak target] urls in
            guard let self, !urls.isEmpty else { return }
            let uris = urls.map(\.absoluteString)
            if let target, self.appWindows.windows.contains(where: { $0 === target }) {
                self.open(uris, in: target)
                target.present()
            } else {
                self.open(uris)
            }
        }
    }

    /// Opens the JSON files among `urls`, dropped on `window`, in it.
    func openDroppedFiles(_ urls: [URL], in window: AppWindow) {
        let documents = AppFileOpening.jsonDocuments(among: urls)
        guard !documents.isEmpty else { return }
        open(documents.map(\.absoluteString), in: window)
        window.present()
    }

    /// Shows the About window over the window the user was in last (`app.about`).
    public func showAbout() {
        menu.about.show(name: title, version: version, iconName: application.id,
                         parent: appWindows.lastActive?.window.window)
    }

    /// Shows the keyboard shortcuts window of the window the user was in last (Ctrl+?, the window's
    /// `win.show-help-overlay` action).
    public func showKeyboardShortcuts() {
        appWindows.lastActive?.showShortcuts()
    }

    /// Adds an item titled `title` to the primary menu, in the app's section (after New Window and
    /// Open…, before Keyboard Shortcuts and About), that runs `handler`: the application action
    /// `app.ACTION`, which `accelerators` (GTK's syntax: `"<Control>e"`, `"<Alt>Home"`) run too, and
    /// which the keyboard shortcuts window lists with them. An underscore in `title` marks its
    /// mnemonic. Add items before ``run(arguments:)``: an item added while windows are open shows in
    /// them at once and runs from the menu, but its keys work only in windows opened after it (GTK
    /// 3's behaviour, seen in `PrimaryMenuTests`).
    ///
    /// ```swift
    /// app.addMenuItem("_Overview", action: "overview", accelerators: ["<Alt>Home"]) {
    ///     app.open(["cities:overview"])
    /// }
    /// ```
    /// - Parameters:
    ///   - title: what the menu says (translate it).
    ///   - action: the action's name, without `app.` (letters, digits, `-` and `.`).
    ///   - accelerators: keys that run the action wherever the focus is in a window.
    ///   - handler: what the item does; it opens views in the window the user was in with ``open(_:)``.
    public func addMenuItem(_ title: String, action: String, accelerators: [String] = [],
                            handler: @escaping @MainActor () -> Void)
    {
        application.addAction(action, accelerators: accelerators, handler: handler)
        menu.addItem(AppMenu.Item(title: title, action: "app.\(action)", accelerators: accelerators))
    }

    /// Closes every window, stops the live service and stops following the system's style. The application leaves the session bus when
    /// this object is released.
    public func close() {
        appearance.stop()
        stopLiveService()
        menu.about.close()
        appWindows.closeAll()
    }

    /// Runs the app's command line and then, in the primary instance, the app until its last window
    /// closes. Returns the exit status.
    ///
    /// `SIGPIPE` is ignored from now on (as `HubLogging.bootstrap()` does): what the app writes to
    /// standard error or output (log and impression lines, messages) is written by a thread of its
    /// own, which stops when the reader is gone, so `APP --log-impressions 2>&1 | head -1` neither
    /// ends nor stalls the app.
    /// - Parameter arguments: the program name, then its arguments.
    public func run(arguments: [String] = CommandLine.arguments) -> Int32 {
        StandardStreamWriter.ignoreBrokenPipeSignal()
        return application.run(arguments: arguments)
    }

    // MARK: The hub

    /// The margin between components that ``makeHub(resourcesDirectory:componentMargin:connectivityStateResolver:contentLimits:)``
    /// uses unless told otherwise (the original demo's 15 points).
    public static let defaultComponentMargin = 15.0

    /// A hub with what most apps want: the default components under `default` (rows, labels,
    /// images, a carousel, a header…) and as the fallback for unknown names, images loaded from
    /// http, https and files, icons from the GTK icon theme, and connectivity from GIO's network
    /// monitor.
    /// - Parameters:
    ///   - resourcesDirectory: where relative image paths and JSON `local` image names are looked up;
    ///     nil makes them fail (remote images and theme icons still load).
    ///   - componentMargin: the space between components, in points.
    ///   - connectivityStateResolver: tells content operations whether the machine is online; nil
    ///     asks GIO's network monitor.
    ///   - contentLimits: the bounds every document the app reads must stay within (size, nesting,
    ///     text length, component count); see `ContentLimits`.
    public static func makeHub(resourcesDirectory: URL? = nil, componentMargin: Double = defaultComponentMargin,
                               connectivityStateResolver: (any ConnectivityStateResolver)? = nil,
                               contentLimits: ContentLimits = .default) -> Hub
    {
        DefaultHub.make(resourcesDirectory: resourcesDirectory, componentMargin: componentMargin,
                        connectivityStateResolver: connectivityStateResolver, contentLimits: contentLimits)
    }

    // MARK: Backend manifests

    // Apps defined entirely by a backend: a manifest gives the title, the start view and the
    // features, and every view's content comes from the feature's endpoint (docs/backend-apps.md).

    /// An app that runs a backend manifest: its title and start view are the manifest's, and its
    /// features are registered on the hub.
    ///
    /// ```swift
    /// let manifest = try BackendManifest(contentsOf: URL(fileURLWithPath: "shop.json"))
    /// let app = try HubApplication(manifest: manifest, id: "com.example.Shop")
    /// exit(app.run())
    /// ```
    /// - Parameters:
    ///   - manifest: the app's description.
    ///   - id: the reverse-DNS application id; nil for an app that never registers on the session bus.
    ///   - version: what `--version` prints.
    ///   - hub: the hub to show views with; nil makes one with ``makeHub(resourcesDirectory:componentMargin:connectivityStateResolver:contentLimits:)``.
    /// - Throws: `RegistrationError` when a feature's identifier is taken in `hub`.
    public convenience init(manifest: BackendManifest, id: String?, version: String = "1.0", hub: Hub? = nil)
        throws(RegistrationError)
    {
        self.init(id: id, title: manifest.title, startURI: manifest.startURI, version: version, hub: hub)
        try loadManifest(manifest)
    }

    /// Runs a backend manifest in this app: registers its features (after the app's own, so the
    /// app's features win for the URIs both handle) and takes its title and start view. Call it
    /// before the window opens.
    /// - Parameter manifest: the app's description.
    /// - Throws: `RegistrationError` when a feature's identifier is taken; no feature is registered then.
    public func loadManifest(_ manifest: BackendManifest) throws(RegistrationError) {
        try manifest.register(in: hub.manager)
        identity.adopt(manifest)
        navigator.exampleURI = manifest.startURI
    }

    /// Reads a manifest file and runs it (``loadManifest(_:)``).
    /// - Parameter url: the manifest's `file:` URL.
    /// - Throws: `BackendManifestError` (every problem, located) for a bad manifest, `RegistrationError`
    ///   when a feature's identifier is taken.
    public func loadManifest(contentsOf url: URL) throws {
        try loadManifest(try BackendManifest(contentsOf: url))
    }

    // MARK: Live editing

    /// The document `live:` views show; nil without live editing (``isLiveEditingEnabled``) or before
    /// the application started.
    public var liveDocument: LiveDocument? { builtInFeatures.live.document }

    /// Starts the service as the launch asked (`--live-port`, `--no-live`), when it said anything.
    func applyLiveSetting() {
        guard isLiveEditingEnabled else { return }
        builtInFeatures.live.applySetting(commandName: commandName)
    }

    /// Starts (or restarts) the live service on 127.0.0.1:`port` (0 picks a free port), held to
    /// ``liveServiceLimits``, and writes its new session token to ``liveTokenFile`` for `hublive`.
    /// Returns the port listened on, or nil when it cannot listen or cannot write the token (the
    /// reason is logged and shown in `live:`).
    @discardableResult
    public func startLiveService(onPort port: UInt16) -> UInt16? {
        builtInFeatures.live.start(onPort: port)
    }

    /// Stops the live service and deletes its token file; `live:` views keep their document.
    public func stopLiveService() {
        builtInFeatures.live.stop()
    }

    // MARK: Remembered between runs

    /// The URIs opened from the address bar, most recent first (at most ``AddressHistory/limit``);
    /// empty without settings.
    public var addressHistory: [String] { appSettings.addressHistory }

    /// Notes `uri` as opened from the address bar (first in ``addressHistory``, once).
    public func rememberAddress(_ uri: String) {
        if appSettings.rememberAddress(uri) { appWindows.refreshCompletion() }
    }

    /// Forgets the address history (also the `app.clear-history` action).
    public func clearAddressHistory() {
        if appSettings.clearAddressHistory() { appWindows.refreshCompletion() }
    }

    // MARK: The command line

    /// The app's command line: its name, version and options (the live-editing ones with
    /// ``isLiveEditingEnabled``).
    public var commandLine: HubCommandLine { launchHandler.commandLine(for: identity) }

    // MARK: For the package's tests

    /// What the live-editing service should do when the application starts (from `--live-port` and
    /// `--no-live`); nil leaves it stopped (tests start it themselves).
    var liveSetting: LiveSetting? {
        get { builtInFeatures.live.setting }
        set { builtInFeatures.live.setting = newValue }
    }

    /// The live-editing service a launch gets when its command line says nothing about it.
    func liveSettingFromSettings() -> LiveSetting? { appSettings.liveSetting }

    /// In the launched process, before it registers: answers what needs no running app, and notes the
    /// live-editing setting in case this process becomes the primary instance (GApplication calls
    /// the launch handler itself).
    func handleLocally(_ arguments: [String]) -> Int32? { launchHandler.handleLocally(arguments, for: self) }
}

// The launch handler asks these of the application with each launch.
extension HubApplication: AppLaunching {
    var launchIdentity: AppIdentity { identity }

    func takeScreenshot(_ options: HubCommandLine.Options) -> Int32 {
        ScreenshotRunner.run(self, options: options)
    }
}

// The windows tell the application what they ask of it.
extension HubApplication: AppWindowsDelegate {
    func shortcutsWindowForAppWindows() -> ShortcutsWindow {
        AppShortcutList.makeWindow(application: application, appTitle: title, appItems: menu.appItems)
    }

    func appWindow(_ window: AppWindow, didReceiveDroppedFiles urls: [URL]) {
        openDroppedFiles(urls, in: window)
    }

    func appWindowsDidOpenAddress(_ address: String) {
        rememberAddress(address)
        fileOpening.noteOpened(address)
    }
}

// The application was the live service's delegate before the live-editing part was; it still
// answers as one, as the part does.
extension HubApplication: LiveServiceDelegate {
    /// Shows a document a client sent in `live:` (or why it cannot be shown) and answers the client,
    /// reading it on the calling thread (the service uses ``liveService(_:didReceive:reply:)``).
    public func liveService(_ service: LiveService, didReceive document: Data) -> LiveReply {
        builtInFeatures.live.liveService(service, didReceive: document)
    }

    /// Reads a document a client sent off the main thread, shows it in `live:` (or why it cannot
    /// be shown) and answers the client.
    public func liveService(_ service: LiveService, didReceive document: Data,
                            reply: @escaping @MainActor (LiveReply) -> Void)
    {
        builtInFeatures.live.liveService(service, didReceive: document, reply: reply)
    }

    /// Shows in `live:` why a message was refused, and answers the client.
    public func liveService(_ service: LiveService, didRefuseMessageBecause reason: String) -> LiveReply {
        builtInFeatures.live.liveService(service, didRefuseMessageBecause: reason)
    }
}
