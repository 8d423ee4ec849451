// The README's "A feature in 20 lines", verbatim (HubAppTests checks that it stays so): an app of
// its own, written the way a package that depends on this one writes it. It has no address bar, live
// editing or showcase (those are opt-in), and gets the window, history, keys, single instance and the
// command line (`cities-example --screenshot cities.png`) from the shell.

import Foundation
import HubApp  // also brings HubFramework and HubGTK

HubLogging.bootstrap()
let overview = URL(string: "cities:overview")!
let app = HubApplication(id: "org.example.Cities", title: "Cities", startURI: overview)

let rows = BlockContentOperation { context in
    let cities = [("Madrid", "Spain"), ("Rome", "Italy"), ("Berlin", "Germany")]
    for (name, country) in cities {
        let row = context.viewModelBuilder.bodyComponentModelBuilder(withIdentifier: name)
        row.title = name
        row.subtitle = country
    }
}
try app.hub.featureRegistry.registerFeature(
    identifier: "cities", viewURIPredicate: ViewURIPredicate(viewURI: overview), title: "Cities",
    contentOperationFactories: [BlockContentOperationFactory { _ in [rows] }])
exit(app.run())
