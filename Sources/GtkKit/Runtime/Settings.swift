internal import CGtk

/// An app's stored preferences (GSettings on one schema): typed values that outlive the process.
///
/// Where the values live is GLib's choice: dconf on a desktop, a keyfile with
/// `GSETTINGS_BACKEND=keyfile`, memory with `GSETTINGS_BACKEND=memory` (the tests).
///
/// ```swift
/// if let settings = Settings(schemaID: "org.hubframework.Viewer") {
///     settings.setInt32(800, forKey: "window-width")
/// }
/// ```
///
/// Keys must exist in the schema with the type the accessor names; GLib aborts the process on an
/// unknown key or a wrong type, so ``hasKey(_:)`` guards keys an older schema may lack.
@MainActor
public final class Settings {
    private let gtkSettings: UnsafeMutablePointer<GSettings>
    private let schema: OpaquePointer
    /// The schema's id, such as `org.hubframework.Viewer`.
    public let schemaID: String
    /// The `changed` handlers, disconnected when these settings go away.
    private var connections: [SignalConnection] = []

    /// The settings of the installed schema `schemaID`, or nil when no such schema is installed
    /// (so an app run from its build folder works, only without remembering).
    ///
    /// The schema is looked up first because `g_settings_new` aborts the process on an unknown
    /// schema. GLib reads the installed schemas (and `GSETTINGS_SCHEMA_DIR`) once per process, at
    /// first use.
    public init?(schemaID: String) {
        guard let source = g_settings_schema_source_get_default(),
              let schema = g_settings_schema_source_lookup(source, schemaID, 1)
        else { return nil }
        self.schema = schema
        self.schemaID = schemaID
        gtkSettings = g_settings_new_full(schema, nil, nil)
    }

    isolated deinit {
        for connection in connections { connection.disconnect() }
        g_object_unref(UnsafeMutableRawPointer(gtkSettings))
        g_settings_schema_unref(schema)
    }

    /// True when the schema has a key named `key`.
    public func hasKey(_ key: String) -> Bool {
        g_settings_schema_has_key(schema, key) != 0
    }

    /// The 32-bit integer (`i`) at `key`.
    public func int32(forKey key: String) -> Int32 {
        g_settings_get_int(gtkSettings, key)
    }

    /// Stores a 32-bit integer (`i`) at `key`; false when the value is outside the key's range or
    /// the key cannot be written.
    @discardableResult
    public func setInt32(_ value: Int32, forKey key: String) -> Bool {
        g_settings_set_int(gtkSettings, key, value) != 0
    }

    /// The unsigned 16-bit integer (`q`) at `key`.
    public func uint16(forKey key: String) -> UInt16 {
        // GLib has no g_settings_get_uint16: the value is read as a GVariant.
        guard let variant = g_settings_get_value(gtkSettings, key) else { return 0 }
        defer { g_variant_unref(variant) }
        return g_variant_get_uint16(variant)
    }

    /// Stores an unsigned 16-bit integer (`q`) at `key`; false when it is outside the key's range.
    @discardableResult
    public func setUInt16(_ value: UInt16, forKey key: String) -> Bool {
        // g_settings_set_value takes the floating reference of the new variant.
        g_settings_set_value(gtkSettings, key, g_variant_new_uint16(value)) != 0
    }

    /// The boolean (`b`) at `key`.
    public func bool(forKey key: String) -> Bool {
        g_settings_get_boolean(gtkSettings, key) != 0
    }

    /// Stores a boolean (`b`) at `key`.
    @discardableResult
    public func setBool(_ value: Bool, forKey key: String) -> Bool {
        g_settings_set_boolean(gtkSettings, key, value ? 1 : 0) != 0
    }

    /// The string (`s`, or an enumeration's name) at `key`.
    public func string(forKey key: String) -> String {
        guard let value = g_settings_get_string(gtkSettings, key) else { return "" }
        defer { g_free(value) }
        return String(cString: value)
    }

    /// Stores a string (`s`) at `key`, or an enumeration's name; false when the schema does not
    /// allow it (a name the enumeration lacks).
    @discardableResult
    public func setString(_ value: String, forKey key: String) -> Bool {
        g_settings_set_string(gtkSettings, key, value) != 0
    }

    /// The list of strings (`as`) at `key`.
    public func strings(forKey key: String) -> [String] {
        guard let list = g_settings_get_strv(gtkSettings, key) else { return [] }
        defer { g_strfreev(list) }
        return CStringList.strings(list)
    }

    /// Stores a list of strings (`as`) at `key`.
    @discardableResult
    public func setStrings(_ value: [String], forKey key: String) -> Bool {
        CStringList.withList(value) { g_settings_set_strv(gtkSettings, key, $0) != 0 }
    }

    /// Calls `handler` with the key's name whenever a value changes: set through any `Settings` of
    /// the same schema in this process, or by another process on a backend that tells (dconf).
    public func onChange(_ handler: @escaping @MainActor (String) -> Void) {
        // GSettings' `changed` signal passes the key's name as its one argument.
        connections.append(GSignal.connectPointer(UnsafeMutableRawPointer(gtkSettings), "changed") { key in
            guard let key else { return }
            handler(String(cString: key.assumingMemoryBound(to: CChar.self)))
        })
    }

    /// Puts `key` back to the schema's default.
    public func reset(_ key: String) {
        g_settings_reset(gtkSettings, key)
    }

    /// Writes pending changes to the backend now. GSettings writes asynchronously; a process about
    /// to exit calls this so that its last changes are kept.
    public static func sync() {
        g_settings_sync()
    }
}
