internal import CGtk
import Foundation

/// The desktop's dialog for choosing files to open (GtkFileChooserNative): through the desktop
/// portal when there is one (in a sandbox, or with `GTK_USE_PORTAL=1`), so that it is the desktop's
/// own dialog; otherwise GTK's file chooser dialog.
///
/// ```swift
/// let chooser = FileChooser(title: "Open", acceptLabel: "_Open", parent: window,
///                           filters: [.init(name: "JSON documents", mimeTypes: ["application/json"], patterns: ["*.json"])])
/// chooser.present { urls in urls.forEach(open) }
/// ```
///
/// The chooser keeps itself alive while it is shown: a caller need not hold it.
@MainActor
public final class FileChooser {
    /// Which files the chooser lists: those of any of its MIME types or name patterns.
    public struct Filter: Sendable, Equatable {
        /// The filter's name in the chooser's list of filters ("JSON documents").
        public var name: String
        /// MIME types (`application/json`).
        public var mimeTypes: [String]
        /// Shell-style patterns for the file name (`*.json`).
        public var patterns: [String]

        /// A filter named `name` for files of `mimeTypes` or whose names match `patterns`.
        public init(name: String, mimeTypes: [String] = [], patterns: [String] = []) {
            self.name = name
            self.mimeTypes = mimeTypes
            self.patterns = patterns
        }
    }

    private let chooser: OpaquePointer
    private var connection: SignalConnection?
    /// The chooser itself while it is shown, so that it lives until the user answers.
    private var retainedWhileShown: FileChooser?
    /// Called with the chosen files when the user answers.
    private var completion: (@MainActor ([URL]) -> Void)?

    /// A chooser titled `title` whose accept button says `acceptLabel` (an underscore marks its
    /// mnemonic), modal to `parent`, listing the files of the first of `filters` (the user may pick
    /// another).
    public init(title: String, acceptLabel: String, parent: Window?, filters: [Filter]) {
        chooser = gtk_file_chooser_native_new(title, parent.map { hub_window($0.gtkWidget) },
                                              GTK_FILE_CHOOSER_ACTION_OPEN, acceptLabel, nil)
        gtk_native_dialog_set_modal(nativeDialog, 1)
        for filter in filters {
            let gtkFilter = gtk_file_filter_new()
            gtk_file_filter_set_name(gtkFilter, filter.name)
            for type in filter.mimeTypes { gtk_file_filter_add_mime_type(gtkFilter, type) }
            for pattern in filter.patterns { gtk_file_filter_add_pattern(gtkFilter, pattern) }
            // The chooser takes the filter's floating reference.
            gtk_file_chooser_add_filter(hub_file_chooser(UnsafeMutableRawPointer(chooser)), gtkFilter)
        }
    }

    isolated deinit {
        connection?.disconnect()
        gtk_native_dialog_destroy(nativeDialog)
        g_object_unref(UnsafeMutableRawPointer(chooser))
    }

    private var nativeDialog: UnsafeMutablePointer<GtkNativeDialog> { hub_native_dialog(UnsafeMutableRawPointer(chooser)) }

    /// Whether the user may choose several files at once.
    public var allowsMultipleSelection: Bool {
        get { gtk_file_chooser_get_select_multiple(hub_file_chooser(UnsafeMutableRawPointer(chooser))) != 0 }
        set { gtk_file_chooser_set_select_multiple(hub_file_chooser(UnsafeMutableRawPointer(chooser)), newValue ? 1 : 0) }
    }

    /// Whether the chooser is shown now.
    public var isShown: Bool { gtk_native_dialog_get_visible(nativeDialog) != 0 }

    /// Shows the chooser; `completion` is called once, with the chosen files' URLs, or with none
    /// when the user cancelled.
    public func present(_ completion: @escaping @MainActor ([URL]) -> Void) {
        self.completion = completion
        if connection == nil {
            connection = GSignal.connectInt(UnsafeMutableRawPointer(chooser), "response") { [unowned self] response in
                self.answered(response)
            }
        }
        retainedWhileShown = self
        gtk_native_dialog_show(nativeDialog)
    }

    /// Hides the chooser as if the user had cancelled it.
    public func cancel() {
        guard isShown else { return }
        gtk_native_dialog_hide(nativeDialog)
        answered(GTK_RESPONSE_CANCEL.rawValue)
    }

    private func answered(_ response: Int32) {
        var urls: [URL] = []
        if response == GTK_RESPONSE_ACCEPT.rawValue {
            var node = gtk_file_chooser_get_uris(hub_file_chooser(UnsafeMutableRawPointer(chooser)))
            let list = node
            while let current = node {
                if let uri = current.pointee.data?.assumingMemoryBound(to: gchar.self), let url = URL(string: String(cString: uri)) {
                    urls.append(url)
                }
                node = current.pointee.next
            }
            g_slist_free_full(list, g_free)
        }
        let completion = self.completion
        self.completion = nil
        completion?(urls)
        // Last: this may release the chooser.
        retainedWhileShown = nil
    }
}
