import Foundation
import HubFramework
import XCTest
@testable import HubViewer

/// The viewer's first row for a JSON view: what the reader ignored, and that the view is the copy
/// kept from an earlier visit when its server could not be reached.
final class ProblemsRowOperationTests: XCTestCase, @unchecked Sendable {
    @MainActor
    private func rows(customData: [String: JSONValue]) -> [(title: String?, subtitle: String?)] {
        let builder = JSONSchema(componentDefaults: ComponentDefaults(namespace: "default", name: "row", category: .row),
                                 iconImageResolver: nil, localImageResolver: nil).makeViewModelBuilder()
        for (key, value) in customData { builder.setCustomDataValue(value, forKey: key) }
        builder.bodyComponentModelBuilder(withIdentifier: "content").title = "Content"
        let operation = ProblemsRowOperation()
        operation.perform(forViewURI: URL(string: "hub-json:http://example.org/a.json")!,
                          featureInfo: FeatureInfo(identifier: "test", title: "Test"), connectivityState: .online,
                          viewModelBuilder: builder, previousError: nil)
        return builder.build().bodyComponentModels.map { ($0.title, $0.subtitle) }
    }

    func testAKeptCopyIsSaidToBeOneAboveTheContent() {
        MainActor.assumeIsolated {
            let reason = "Could not load http://example.org/a.json: the server refused the connection or is not running."
            let shown = rows(customData: [JSONContentOperation.staleDocumentCustomDataKey: .string(reason)])
            XCTAssertEqual(shown.map(\.title), ["Offline: this is the copy kept from an earlier visit", "Content"])
            XCTAssertEqual(shown.first?.subtitle, reason)
        }
    }

    func testACurrentDocumentGetsNoOfflineRow() {
        MainActor.assumeIsolated {
            XCTAssertEqual(rows(customData: [:]).map(\.title), ["Content"])
        }
    }
}
