import Foundation
import HubFramework
import HubGTK
import HubGTKTestSupport
import XCTest
@testable import HubApp

/// `HubApplication.onImpression` and `logsImpressions`: the impressions of every view the app opens,
/// in code and as log lines.
final class HubApplicationImpressionTests: GtkTestCase, @unchecked Sendable {
    func testTheAppHearsTheImpressionsOfEveryViewItOpensWhileItWantsThem() throws {
        try onMain {
            let app = try AtlasApp.make()
            let logged = URL(string: "atlas:logged")!
            let rows = BlockContentOperation { context in
                context.viewModelBuilder.navigationBarTitle = "Logged"
                for name in ["alpha", "beta"] {
                    let row = context.viewModelBuilder.bodyComponentModelBuilder(withIdentifier: name)
                    row.title = name
                    row.loggingData = ["item": .string(name)]
                }
                context.viewModelBuilder.bodyComponentModelBuilder(withIdentifier: "silent").title = "No logging"
            }
            try app.hub.featureRegistry.registerFeature(
                identifier: "logged", viewURIPredicate: ViewURIPredicate(viewURI: logged), title: "Logged",
                contentOperationFactories: [BlockContentOperationFactory { _ in [rows] }])
            app.hub.viewControllerFactory.impressionThresholds = ImpressionThresholds(duration: .milliseconds(100))
            XCTAssertNil(app.hub.viewControllerFactory.impressionObserver, "nothing tracked unless wanted")

            var heard: [(URL, String)] = []
            var lines: [String] = []
            app.onImpression = { controller, impression in heard.append((controller.viewURI, impression.identifier)) }
            app.logsImpressions = true
            app.impressionLogWriter = { lines.append($0) }
            app.startup()
            app.open([logged.absoluteString])
            defer { app.close() }
            pump(until: { heard.count >= 2 }, "the two rows with logging")
            pump(for: 0.3)
            XCTAssertEqual(heard.map(\.0), [logged, logged])
            XCTAssertEqual(heard.map(\.1), ["alpha", "beta"])
            XCTAssertEqual(lines.map { $0.replacingOccurrences(of: #" after=[0-9]+ms"#, with: "", options: .regularExpression) }, [
                #"impression body[0] id=alpha logging={"item":"alpha"} visible=100% view=atlas:logged"#,
                #"impression body[1] id=beta logging={"item":"beta"} visible=100% view=atlas:logged"#,
            ])

            // Neither wanted any more: views opened from now on track nothing.
            app.onImpression = nil
            app.logsImpressions = false
            XCTAssertNil(app.hub.viewControllerFactory.impressionObserver)
            app.open([AtlasApp.countries.absoluteString])
            XCTAssertNil(app.navigator.currentPage?.viewController.impressionObserver)
        }
    }
}
