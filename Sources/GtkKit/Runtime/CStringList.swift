internal import CGtk

/// GLib's lists of strings (`gchar **`, a `GStrv`): C strings one after another, ended by a null
/// pointer. GTK and GLib hand them out (a setting's `as` value, an action's shortcuts, the authors
/// of an About window, the URIs of a drop) and take them in; each of those places used to walk or
/// build the list itself.
enum CStringList {
    /// The strings of `list`, up to its terminating null, copied into Swift strings. The caller
    /// still owns `list` (and frees it with `g_strfreev` when GLib gave it away).
    static func strings(_ list: UnsafePointer<UnsafePointer<gchar>?>) -> [String] {
        var result: [String] = []
        var index = 0
        while let item = list[index] {
            result.append(String(cString: item))
            index += 1
        }
        return result
    }

    /// The strings of a list GLib returns as `gchar **` rather than `const gchar * const *`.
    static func strings(_ list: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>) -> [String] {
        strings(UnsafeRawPointer(list).assumingMemoryBound(to: UnsafePointer<gchar>?.self))
    }

    /// Calls `body` with `strings` as a null-terminated list of C strings, which lives only for the
    /// call (GTK and GLib copy what they keep), and returns what it returns.
    static func withList<Result>(_ strings: [String],
                                 _ body: (UnsafeMutablePointer<UnsafePointer<gchar>?>) -> Result) -> Result
    {
        var copies: [UnsafeMutablePointer<gchar>?] = strings.map { strdup($0) }
        copies.append(nil)
        defer { for copy in copies { free(copy) } }
        return copies.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<gchar>?.self, capacity: buffer.count, body)
        }
    }
}
