internal import CGtk

/// A raw GTK widget, for GtkKit's own code and the tests that inspect GTK directly. Everything
/// else uses ``Widget``.
typealias WidgetPointer = UnsafeMutablePointer<GtkWidget>
