internal import CGtk
import Foundation

/// A desktop application (GtkApplication): registers on the session bus under its id, so that a
/// second launch of a unique application hands its command line to the first one, the *primary
/// instance*, and exits.
///
/// ```swift
/// let app = Application(id: "org.example.Viewer")
/// app.onStartup = { [weak self] in self?.loadStyle() }
/// app.onActivate = { [weak self] in self?.showWindow() }
/// app.addAction("quit", accelerators: ["<Control>q"]) { [weak app] in app?.quit() }
/// exit(app.run(arguments: CommandLine.arguments))
/// ```
///
/// Handlers run on the main thread. Set ``onOpen`` and ``onCommandLine`` before the application
/// registers (``register()`` or ``run(arguments:)``): they decide what a launch hands over.
@MainActor
open class Application {
    /// The GtkApplication. Only the widget layer and tests use it.
    let gtkApplication: UnsafeMutablePointer<GtkApplication>
    private var connections: [SignalConnection] = []
    private var actions: [(action: OpaquePointer, connection: SignalConnection)] = []
    /// The arguments given to `run(arguments:)`, for ``onLocalCommandLine``.
    private var runArguments: [String] = []

    /// An application registered on the session bus as `id` (reverse-DNS, such as
    /// `org.example.Viewer`). A nil id gives an application that never appears on the bus and is
    /// always its own primary instance.
    /// - Parameters:
    ///   - id: the application id, or nil for none.
    ///   - isUnique: false starts an independent instance every time, even when another runs
    ///     (screenshots, tests).
    public init(id: String?, isUnique: Bool = true) {
        let flags = isUnique ? GApplicationFlags(0) : G_APPLICATION_NON_UNIQUE
        gtkApplication = gtk_application_new(id, flags)
        let instance = UnsafeMutableRawPointer(gtkApplication)
        // GtkApplication's own `startup` handler, which runs first, has initialised GTK.
        connections.append(GSignal.connect(instance, "startup") { [unowned self] in
            OpenGLProbe.restore()
            GtkRuntime.didInitialize()
            self.onStartup?()
        })
        connections.append(GSignal.connect(instance, "activate") { [unowned self] in self.onActivate?() })
        connections.append(GSignal.connectOpen(instance) { [unowned self] files, count in
            self.onOpen?(Self.urls(files, count: count))
        })
        connections.append(GSignal.connectPointerReturningInt(instance, "command-line") { [unowned self] pointer in
            guard let pointer, let handler = self.onCommandLine else { return 1 }
            return handler(ApplicationCommandLine(hub_application_command_line(pointer)))
        })
        // GApplication emits `handle-local-options` in the launching process after it has parsed its
        // own options (none of ours: they stay in the arguments) and before it registers; a
        // non-negative answer ends the launch with that status.
        connections.append(GSignal.connectPointerReturningInt(instance, "handle-local-options") { [unowned self] _ in
            self.onLocalCommandLine?(self.runArguments) ?? -1
        })
    }

    isolated deinit {
        for connection in connections { connection.disconnect() }
        for entry in actions {
            entry.connection.disconnect()
            g_object_unref(UnsafeMutableRawPointer(entry.action))
        }
        g_object_unref(UnsafeMutableRawPointer(gtkApplication))
    }

    private var gApplication: UnsafeMutablePointer<GApplication> { hub_g_application(gtkApplication) }

    // MARK: Identity

    /// The application id, nil for an application that never appears on the session bus.
    public var id: String? {
        g_application_get_application_id(gApplication).map { String(cString: $0) }
    }

    /// Whether GTK probes OpenGL when the application opens its X11 display. False by default:
    /// the probe loads the GL driver (about 30 ms under Xvfb) and nothing the framework draws uses
    /// it. Set it to true before ``run(arguments:)`` in an app that draws with OpenGL (a
    /// `GtkGLArea`). `GDK_GL` in the environment is left as the person set it either way.
    public var probesOpenGL = false

    /// Where the application's resources are in the registered resource bundles
    /// (``ResourceBundle``): by default the id with dots as slashes (`/org/example/App` for
    /// `org.example.App`), nil without an id. GTK loads `gtk/menus.ui` and `gtk/help-overlay.ui` from
    /// there when the application starts up, and adds `icons/` to the icon theme.
    public var resourceBasePath: String? {
        get { g_application_get_resource_base_path(gApplication).map { String(cString: $0) } }
        set { g_application_set_resource_base_path(gApplication, newValue) }
    }

    /// Whether a second launch hands its command line to the running instance (set before the
    /// application registers).
    public var isUnique: Bool {
        get { g_application_get_flags(gApplication).rawValue & G_APPLICATION_NON_UNIQUE.rawValue == 0 }
        set { setFlag(G_APPLICATION_NON_UNIQUE, !newValue) }
    }

    /// True once the application has registered (``register()``, or ``run(arguments:)``).
    public var isRegistered: Bool { g_application_get_is_registered(gApplication) != 0 }

    /// True when another process is the primary instance: this one only forwards to it.
    public var isRemote: Bool { isRegistered && g_application_get_is_remote(gApplication) != 0 }

    // MARK: Handlers

    /// Called once in the primary instance when it registers, before anything else: load
    /// stylesheets, add actions.
    public var onStartup: (@MainActor () -> Void)?

    /// Called in the primary instance when the application is launched without anything to open
    /// (and by ``activate()``): show the main window.
    public var onActivate: (@MainActor () -> Void)?

    /// Called in the primary instance with URIs to open: those of a launch with files or URIs when
    /// there is no ``onCommandLine``, and those other processes hand over on the session bus
    /// (GApplication's Open method).
    public var onOpen: (@MainActor ([URL]) -> Void)? {
        didSet { setFlag(G_APPLICATION_HANDLES_OPEN, onOpen != nil) }
    }

    /// Handles the command line of every launch in the primary instance — its own and those that
    /// other processes forward to it — and returns the exit status of that launch. Without it,
    /// arguments are files or URIs for ``onOpen``.
    public var onCommandLine: (@MainActor (ApplicationCommandLine) -> Int32)? {
        didSet { setFlag(G_APPLICATION_HANDLES_COMMAND_LINE, onCommandLine != nil) }
    }

    /// Called in the launching process, before the application registers, with the arguments given
    /// to ``run(arguments:)`` (the program name first). Return an exit status to end the launch
    /// there, for what needs no running instance (`--help`, a bad option, a one-off task), or nil
    /// to go on: the arguments then reach ``onCommandLine`` in the primary instance.
    public var onLocalCommandLine: (@MainActor ([String]) -> Int32?)?

    private func setFlag(_ flag: GApplicationFlags, _ isSet: Bool) {
        // GApplication refuses to change its flags once registered.
        guard !isRegistered else { return }
        let flags = g_application_get_flags(gApplication).rawValue
        let updated = isSet ? flags | flag.rawValue : flags & ~flag.rawValue
        g_application_set_flags(gApplication, GApplicationFlags(updated))
    }

    // MARK: Actions

    /// Adds an application action `app.name`, run by `handler` and by the keyboard shortcuts in
    /// `accelerators` (GTK's syntax: `"<Control>q"`, `"<Alt>Left"`, `"F5"`) in every window of the
    /// application.
    public func addAction(_ name: String, accelerators: [String] = [], handler: @escaping @MainActor () -> Void) {
        let action = g_simple_action_new(name, nil)!
        let connection = GSignal.connectPointer(UnsafeMutableRawPointer(action), "activate") { _ in handler() }
        g_action_map_add_action(hub_action_map(gtkApplication), hub_action(UnsafeMutableRawPointer(action)))
        actions.append((action, connection))
        setAccelerators(accelerators, forAction: "app.\(name)")
    }

    /// Gives the action `action` (`app.NAME`, or `win.NAME` for the action of that name of
    /// every ``ApplicationWindow``) the keyboard shortcuts `accelerators`, in GTK's syntax, replacing
    /// those it had; none takes them away.
    public func setAccelerators(_ accelerators: [String], forAction action: String) {
        CStringList.withList(accelerators) { gtk_application_set_accels_for_action(gtkApplication, action, $0) }
    }

    /// The keyboard shortcuts of `action` (`app.NAME` or `win.NAME`), as GTK writes them (Control
    /// is `<Primary>`); empty when it has none.
    public func accelerators(forAction action: String) -> [String] {
        guard let list = gtk_application_get_accels_for_action(gtkApplication, action) else { return [] }
        defer { g_strfreev(list) }
        return CStringList.strings(list)
    }

    /// The actions that have keyboard shortcuts (`app.NAME`, `win.NAME`), in no particular order.
    public var actionsWithAccelerators: [String] {
        guard let list = gtk_application_list_action_descriptions(gtkApplication) else { return [] }
        defer { g_strfreev(list) }
        return CStringList.strings(list)
    }

    /// Runs the application action `app.name`, as its keys or a menu item do; nothing when there is
    /// none.
    public func activateAction(_ name: String) {
        g_action_group_activate_action(hub_action_group(gtkApplication), name, nil)
    }

    /// Whether the application has the action `app.name`.
    public func hasAction(_ name: String) -> Bool {
        g_action_map_lookup_action(hub_action_map(gtkApplication), name) != nil
    }

    // MARK: Windows

    /// The application's windows made through the typed layer, the one that had the focus last
    /// first (GTK keeps them in that order).
    public var windows: [Window] {
        var result: [Window] = []
        var node = gtk_application_get_windows(gtkApplication)
        while let current = node {
            if let data = current.pointee.data,
                let window = Widget.wrapper(of: data.assumingMemoryBound(to: GtkWidget.self)) as? Window
            {
                result.append(window)
            }
            node = current.pointee.next
        }
        return result
    }

    /// Where the application exports its actions on the session bus (`/org/example/Viewer` for
    /// `org.example.Viewer`), for `org.gtk.Actions` clients; nil while it is not on the bus.
    public var objectPath: String? {
        g_application_get_dbus_object_path(gApplication).map { String(cString: $0) }
    }

    // MARK: Running

    /// Registers on the session bus (when the application has an id), which decides whether this
    /// process is the primary instance; the primary instance runs ``onStartup``.
    public func register() throws(GLibError) {
        var error: UnsafeMutablePointer<GError>?
        guard g_application_register(gApplication, nil, &error) != 0 else {
            throw GLibError(taking: error, fallback: "cannot register the application")
        }
    }

    /// Handles the command line (see ``onLocalCommandLine`` and ``onCommandLine``), then runs the
    /// main loop while the application has windows. Returns the exit status.
    /// - Parameter arguments: the program name, then its arguments (`CommandLine.arguments`).
    public func run(arguments: [String]) -> Int32 {
        runArguments = arguments
        // GTK opens the display in the primary instance's `startup`, which takes the variable away.
        OpenGLProbe.prepare(probes: probesOpenGL)
        defer { OpenGLProbe.restore() }
        var cArguments = arguments.map { strdup($0) }
        defer { cArguments.forEach { free($0) } }
        return cArguments.withUnsafeMutableBufferPointer { buffer in
            g_application_run(gApplication, Int32(buffer.count), buffer.baseAddress)
        }
    }

    /// Activates the application as a launch without arguments does (``onActivate`` runs in the
    /// primary instance).
    public func activate() {
        g_application_activate(gApplication)
    }

    /// Ends ``run(arguments:)``: stops the main loop even while windows are open.
    public func quit() {
        g_application_quit(gApplication)
    }

    private static func urls(_ files: UnsafeMutableRawPointer?, count: Int) -> [URL] {
        guard let files else { return [] }
        let array = files.assumingMemoryBound(to: OpaquePointer?.self)
        return (0..<count).compactMap { index in
            guard let file = array[index], let uri = g_file_get_uri(file) else { return nil }
            defer { g_free(uri) }
            return URL(string: String(cString: uri))
        }
    }
}
