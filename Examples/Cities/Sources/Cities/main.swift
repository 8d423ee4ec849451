import Foundation
import HubApp  // also brings HubFramework and HubGTK

// The pictures and their JSON ship with the app, in its SwiftPM resource folder.
let pictures = Bundle.module.url(forResource: "pictures", withExtension: "json")!
let app = HubApplication(id: "org.example.Cities", title: "Cities", startURI: URL(string: "cities:overview")!,
                         hub: HubApplication.makeHub(resourcesDirectory: pictures.deletingLastPathComponent()))
try registerCities(in: app.hub, pictures: pictures)
exit(app.run())
