import Foundation
import HubFramework
import HubGTK

/// The app's About window (`app.about`): its name, icon and version, with what ``AboutInfo``
/// says, which is the app's own when it gave one, else what its installed AppStream metainfo says,
/// read off the main thread when the application starts up. One window at a time: asked again, it
/// comes to the front.
@MainActor
final class AppAbout {
    /// What the window says; the metainfo's once read, unless the app set its own first.
    var info: AboutInfo {
        get { stored }
        set {
            stored = newValue
            isSetByApp = true
        }
    }
    private var stored = AboutInfo()
    /// Whether the app set ``info`` (then the metainfo does not replace it).
    private var isSetByApp = false
    /// Whether the metainfo has been looked for (done once).
    private var hasLookedForMetainfo = false
    /// The window, while it is open.
    private(set) var dialog: AboutDialog?
    /// Called once the metainfo has been read (or found missing): for tests.
    var onMetainfoLoaded: (@MainActor () -> Void)?

    /// Reads the metainfo of `applicationID` off the main thread (``AboutInfo/metainfoFile(forApplicationID:environment:executable:)``),
    /// once, and takes what it says unless the app set ``info`` meanwhile. A file that cannot be
    /// read is logged; the window then shows the name and version alone.
    func loadMetainfo(applicationID: String?) {
        guard !hasLookedForMetainfo else { return }
        hasLookedForMetainfo = true
        guard let applicationID, !isSetByApp else {
            onMetainfoLoaded?()
            return
        }
        let languages = UserLanguages.current
        DispatchQueue.global(qos: .utility).async {
            var result: Result<AboutInfo, AboutInfo.ReadError>?
            if let file = AboutInfo.metainfoFile(forApplicationID: applicationID) {
                do throws(AboutInfo.ReadError) {
                    result = .success(try AboutInfo(metainfoContentsOf: file, languages: languages))
                } catch {
                    result = .failure(error)
                }
            }
            DispatchQueue.main.async { [weak self] in
                MainActor.assumeIsolated { self?.metainfoRead(result) }
            }
        }
    }

    private func metainfoRead(_ result: Result<AboutInfo, AboutInfo.ReadError>?) {
        switch result {
        case .success(let read)?:
            if !isSetByApp { stored = read }
        case .failure(let error)?:
            HubLogging.logger("app").warning("cannot read the app's metainfo for its About window: \(error)")
        case nil:
            HubLogging.logger("app").debug("no metainfo found for the About window")
        }
        onMetainfoLoaded?()
    }

    /// Shows the About window of the app named `name` at `version`, with the icon `iconName`, over
    /// `parent`; brings it to the front when it is open.
    func show(name: String, version: String, iconName: String?, parent: Window?) {
        if let dialog {
            dialog.transientParent = parent
            dialog.present()
            return
        }
        let dialog = AboutDialog()
        dialog.programName = name
        dialog.version = version
        dialog.logoIconName = iconName
        dialog.comments = info.summary
        dialog.website = info.website
        dialog.licenseIdentifier = info.licenseIdentifier
        dialog.authors = info.developers
        dialog.transientParent = parent
        dialog.destroysWithParent = true
        dialog.isModal = true
        dialog.onClosed = { [weak self, weak dialog] in
            if let self, self.dialog === dialog { self.dialog = nil }
        }
        self.dialog = dialog
        dialog.present()
    }

    /// Closes the window, when it is open.
    func close() {
        dialog?.destroy()
        dialog = nil
    }
}
