internal import CGtk

/// Shows an icon from the icon theme (GtkImage with an icon name), such as `go-next-symbolic`.
/// For images from models, use ``ImageView``.
@MainActor
open class IconView: Widget {
    /// Sizes the icon theme draws icons at.
    public enum IconSize: Sendable {
        /// 16 points, as in menus and buttons.
        case button
        /// 24 points, as in toolbars.
        case largeToolbar
        /// 48 points, as on error pages.
        case dialog
        /// An exact size in points.
        case points(Int)
    }

    /// An icon view showing `iconName` at `size`.
    public init(iconName: String, size: IconSize = .button) {
        super.init(owning: gtk_image_new_from_icon_name(iconName, GTK_ICON_SIZE_BUTTON))
        self.size = size
        applySize()  // an initializer's own assignment does not run `didSet`
    }

    /// The icon's name in the theme.
    public var iconName: String {
        get {
            var name: UnsafePointer<gchar>? = nil
            gtk_image_get_icon_name(hub_image(gtkWidget), &name, nil)
            return name.map { String(cString: $0) } ?? ""
        }
        set { gtk_image_set_from_icon_name(hub_image(gtkWidget), newValue, Self.gtkSize(size)) }
    }

    /// The size the icon is drawn at.
    public var size: IconSize = .button {
        didSet { applySize() }
    }

    private func applySize() {
        if case .points(let points) = size {
            gtk_image_set_pixel_size(hub_image(gtkWidget), Int32(points))
        } else {
            gtk_image_set_pixel_size(hub_image(gtkWidget), -1)
            gtk_image_set_from_icon_name(hub_image(gtkWidget), iconName, Self.gtkSize(size))
        }
    }

    private static func gtkSize(_ size: IconSize) -> GtkIconSize {
        switch size {
        case .button, .points: GTK_ICON_SIZE_BUTTON
        case .largeToolbar: GTK_ICON_SIZE_LARGE_TOOLBAR
        case .dialog: GTK_ICON_SIZE_DIALOG
        }
    }
}
