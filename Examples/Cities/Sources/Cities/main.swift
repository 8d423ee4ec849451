import Foundation
import HubApp  // also brings HubFramework and HubGTK

// The pictures and their JSON ship with the app, in its SwiftPM resource folder.
let pictures = Bundle.module.url(forResource: "pictures", withExtension: "json")!
// The app's own strings, in a gettext domain of its own, installed in /usr/share/locale (docs/localization.md).
let strings = TextDomain("org.example.Cities")
let app = HubApplication(id: "org.example.Cities", title: strings("Cities"), startURI: URL(string: "cities:overview")!,
                         hub: HubApplication.makeHub(resourcesDirectory: pictures.deletingLastPathComponent()))
try registerCities(in: app.hub, pictures: pictures)
app.addMenuItem(strings("_Overview"), action: "overview", accelerators: ["<Alt>Home"]) { app.open(["cities:overview"]) }
exit(app.run())
