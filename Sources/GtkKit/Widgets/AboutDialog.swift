internal import CGtk
import Foundation

/// The About window of an application (GtkAboutDialog): its name, icon, version, a line about it,
/// its website, its licence and who made it. It closes itself when the user closes it (its close
/// button or Escape); ``onClosed`` is then called.
///
/// ```swift
/// let about = AboutDialog()
/// about.programName = "Cities"
/// about.version = "1.0"
/// about.licenseIdentifier = "MIT"
/// about.transientParent = window
/// about.present()
/// ```
@MainActor
public final class AboutDialog: Window {
    private var closedHandler: (@MainActor () -> Void)?

    /// A hidden About window; ``Window/present()`` shows it.
    public override init() {
        super.init(owning: gtk_about_dialog_new())
        // GtkAboutDialog answers its close button with a response and leaves closing to its owner.
        retain(GSignal.connectInt(gtkWidget, "response") { [unowned self] _ in self.destroy() })
        onDestroy { [unowned self] in self.closedHandler?() }
    }

    private var dialog: UnsafeMutablePointer<GtkAboutDialog> { hub_about_dialog(gtkWidget) }

    /// The application's name, shown in large type (and in the window's title, "About NAME").
    public var programName: String {
        get { gtk_about_dialog_get_program_name(dialog).map { String(cString: $0) } ?? "" }
        set { gtk_about_dialog_set_program_name(dialog, DisplayText.title(newValue)) }
    }

    /// The version, shown under the name.
    public var version: String? {
        get { gtk_about_dialog_get_version(dialog).map { String(cString: $0) } }
        set { gtk_about_dialog_set_version(dialog, newValue.map { DisplayText.title($0) }) }
    }

    /// A line on what the application does, shown under the version.
    public var comments: String? {
        get { gtk_about_dialog_get_comments(dialog).map { String(cString: $0) } }
        set { gtk_about_dialog_set_comments(dialog, newValue.map { DisplayText.bounded($0) }) }
    }

    /// The icon shown above the name, by its name in the icon theme (normally the application id).
    public var logoIconName: String? {
        get { gtk_about_dialog_get_logo_icon_name(dialog).map { String(cString: $0) } }
        set { gtk_about_dialog_set_logo_icon_name(dialog, newValue) }
    }

    /// The application's website, shown as a link.
    public var website: URL? {
        get { gtk_about_dialog_get_website(dialog).flatMap { URL(string: String(cString: $0)) } }
        set { gtk_about_dialog_set_website(dialog, newValue?.absoluteString) }
    }

    /// A copyright line, shown under the website.
    public var copyright: String? {
        get { gtk_about_dialog_get_copyright(dialog).map { String(cString: $0) } }
        set { gtk_about_dialog_set_copyright(dialog, newValue.map { DisplayText.bounded($0) }) }
    }

    /// The people or organisations who made the application, listed under Credits.
    public var authors: [String] {
        get {
            guard let list = gtk_about_dialog_get_authors(dialog) else { return [] }
            return CStringList.strings(list)
        }
        set {
            CStringList.withList(newValue.map { DisplayText.bounded($0) }) { gtk_about_dialog_set_authors(dialog, $0) }
        }
    }

    /// The licence as its SPDX identifier (`GPL-3.0-or-later`, `MIT`, `Apache-2.0`). GTK names the
    /// licences it knows and links to their text; any other identifier is shown as written. Nil
    /// shows no licence.
    public var licenseIdentifier: String? {
        didSet {
            guard let licenseIdentifier else {
                gtk_about_dialog_set_license_type(dialog, GTK_LICENSE_UNKNOWN)
                return
            }
            if let known = Self.licenseTypes[licenseIdentifier] {
                gtk_about_dialog_set_license_type(dialog, GtkLicense(rawValue: known))
            } else {
                gtk_about_dialog_set_license(dialog, DisplayText.bounded(licenseIdentifier))
            }
        }
    }

    /// The licences GTK knows, by their SPDX identifiers (older spellings too: `GPL-3.0+`).
    // Raw values: a stored constant of a C type would be read by `make docs` without the C modules.
    private static let licenseTypes: [String: UInt32] = [
        "GPL-2.0-or-later": GTK_LICENSE_GPL_2_0.rawValue, "GPL-2.0+": GTK_LICENSE_GPL_2_0.rawValue,
        "GPL-3.0-or-later": GTK_LICENSE_GPL_3_0.rawValue, "GPL-3.0+": GTK_LICENSE_GPL_3_0.rawValue,
        "LGPL-2.1-or-later": GTK_LICENSE_LGPL_2_1.rawValue, "LGPL-2.1+": GTK_LICENSE_LGPL_2_1.rawValue,
        "LGPL-3.0-or-later": GTK_LICENSE_LGPL_3_0.rawValue, "LGPL-3.0+": GTK_LICENSE_LGPL_3_0.rawValue,
        "GPL-2.0-only": GTK_LICENSE_GPL_2_0_ONLY.rawValue, "GPL-2.0": GTK_LICENSE_GPL_2_0_ONLY.rawValue,
        "GPL-3.0-only": GTK_LICENSE_GPL_3_0_ONLY.rawValue, "GPL-3.0": GTK_LICENSE_GPL_3_0_ONLY.rawValue,
        "LGPL-2.1-only": GTK_LICENSE_LGPL_2_1_ONLY.rawValue, "LGPL-2.1": GTK_LICENSE_LGPL_2_1_ONLY.rawValue,
        "LGPL-3.0-only": GTK_LICENSE_LGPL_3_0_ONLY.rawValue, "LGPL-3.0": GTK_LICENSE_LGPL_3_0_ONLY.rawValue,
        "AGPL-3.0-or-later": GTK_LICENSE_AGPL_3_0.rawValue, "AGPL-3.0-only": GTK_LICENSE_AGPL_3_0_ONLY.rawValue,
        "BSD-2-Clause": GTK_LICENSE_BSD.rawValue, "BSD-3-Clause": GTK_LICENSE_BSD_3.rawValue, "MIT": GTK_LICENSE_MIT_X11.rawValue,
        "Artistic-2.0": GTK_LICENSE_ARTISTIC.rawValue, "Apache-2.0": GTK_LICENSE_APACHE_2_0.rawValue, "MPL-2.0": GTK_LICENSE_MPL_2_0.rawValue,
    ]

    /// Whether GTK shows the licence by name with a link to its text (a licence it knows), rather
    /// than as written.
    public var isKnownLicense: Bool {
        let type = gtk_about_dialog_get_license_type(dialog)
        return type != GTK_LICENSE_UNKNOWN && type != GTK_LICENSE_CUSTOM
    }

    /// Called once the window has closed (and been destroyed).
    public var onClosed: (@MainActor () -> Void)? {
        get { closedHandler }
        set { closedHandler = newValue }
    }
}
