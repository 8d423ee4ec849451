import Foundation
import HubApp
import HubViewer

// hub-viewer is the app shell with the demo features: everything it shows is registered here, through
// HubApp's public API, the way any app built on the shell does it.
HubLogging.bootstrap()  // HUB_LOG_LEVEL chooses how much the viewer says on standard error
let app = HubApplication(id: Viewer.applicationID, title: Viewer.title, startURI: Viewer.startURI,
                         version: Viewer.version,
                         hub: HubApplication.makeHub(resourcesDirectory: ResourceLocator.resourcesDirectory))
app.showsAddressBar = true
app.isLiveEditingEnabled = true
app.isShowcaseEnabled = true
app.showcaseDocuments = Viewer.showcaseDocuments  // the example views that respond
app.isManifestOptionEnabled = true  // --manifest FILE.json runs a backend-defined app
app.isFileOpeningEnabled = true  // Open… (Ctrl+O) and dropped files: JSON documents, by the JSON Document feature
app.settingsSchemaID = Viewer.applicationID  // the schema of data/org.hubframework.Viewer.gschema.xml
app.onStartup = { ViewerStyle.load() }
DemoFeatures.register(in: app.hub)
exit(app.run())
