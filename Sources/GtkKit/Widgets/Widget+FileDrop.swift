internal import CGtk
import Foundation

extension Widget {
    /// Makes the widget a place to drop files on: it accepts what file managers drag (a list of
    /// URIs, copied) and calls `handler` with the dropped URIs, in order. GTK finishes the drag
    /// itself once the list has arrived.
    public func onFilesDropped(_ handler: @escaping @MainActor ([URL]) -> Void) {
        hub_drag_dest_set_uri_list(gtkWidget)
        // drag-data-received: (widget, context, x, y, selection data, info, time).
        retain(GSignal.connect(gtkWidget, "drag-data-received") { (invocation: ClosureInvocation) in
            guard let data = invocation.pointer(4) else { return }
            guard let uris = gtk_selection_data_get_uris(OpaquePointer(data)) else {
                return
            }
            defer { g_strfreev(uris) }
            let urls = CStringList.strings(uris).compactMap { URL(string: $0) }
            if !urls.isEmpty { handler(urls) }
        })
    }
}
