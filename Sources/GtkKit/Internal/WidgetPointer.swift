package import CGtk

/// A raw GTK widget, for the engine files that talk to GTK directly (the scroll canvas, cells,
/// image drawing). Everything else uses ``Widget``.
package typealias WidgetPointer = UnsafeMutablePointer<GtkWidget>
