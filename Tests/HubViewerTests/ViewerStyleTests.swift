import Foundation
import HubGTK
import HubGTKTestSupport
import HubViewer
import XCTest

final class ViewerStyleTests: GtkTestCase, @unchecked Sendable {
    func testTheViewersStylesheetParses() throws {
        try onMain {
            XCTAssertNoThrow(try StyleSheet(contentsOf: ResourceLocator.resource("hub-viewer.css")),
                             "the viewer's stylesheet")
        }
    }
}
