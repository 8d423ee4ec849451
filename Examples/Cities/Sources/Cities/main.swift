import Foundation
import HubApp  // also brings HubFramework and HubGTK

// The pictures and their JSON ship with the app, in its SwiftPM resource folder.
let pictures = Bundle.module.url(forResource: "pictures", withExtension: "json")!
// The app's own strings, in a gettext domain of its own (docs/localization.md): a package
// installs their translations in /usr/share/locale, where an unbound domain is looked for.
let strings = TextDomain("org.example.Cities")
let app = HubApplication(id: "org.example.Cities", title: strings("Cities"), startURI: URL(string: "cities:overview")!,
                         hub: HubApplication.makeHub(resourcesDirectory: pictures.deletingLastPathComponent()))
try registerCities(in: app.hub, pictures: pictures)
exit(app.run())
