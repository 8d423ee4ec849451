import Foundation
import XCTest
@testable import HubFramework

/// The line `hub-viewer --log-impressions` prints: its format is documented as stable (docs/viewer.md).
final class ImpressionLogLineTests: XCTestCase {
    private func impression(_ model: ComponentModel, fraction: Double = 1, after milliseconds: Int = 800) -> Impression {
        Impression(model: model, indexPath: model.indexPath, visibleFraction: fraction, appearanceStart: .now,
                   visibleDuration: .milliseconds(milliseconds), thresholds: .default)
    }

    func testTheLineNamesTheComponentItsLoggingAndHowItWasSeen() {
        let model = impressionViewModel(body: (0..<13).map { $0 == 12 ? "croissant" : "row\($0)" },
                                        logging: ["croissant": ["item": "croissant", "price": 2.5, "a": [1, true]]])
        let line = impression(model.bodyComponentModels[12], after: 803).logLine(viewURI: URL(string: "demo:bakery"))
        XCTAssertEqual(line, #"impression body[12] id=croissant logging={"a":[1,true],"item":"croissant","price":2.5} "#
                           + "visible=100% after=803ms view=demo:bakery")
        XCTAssertEqual(impression(model.bodyComponentModels[0], fraction: 0.579).description,
                       #"impression body[0] id=row0 logging={"item":"row0"} visible=57% after=800ms"#)
    }

    func testHeaderOverlaysAndChildren() {
        let model = impressionViewModel(body: ["p"], header: true, overlays: ["spinner"], children: ["p": ["c"]])
        XCTAssertEqual(impression(model.headerComponentModel!).description,
                       #"impression header[0] id=header logging={"item":"header"} visible=100% after=800ms"#)
        XCTAssertEqual(impression(model.overlayComponentModels[0]).description,
                       #"impression overlay[0] id=spinner logging={"item":"spinner"} visible=100% after=800ms"#)
        XCTAssertEqual(impression(model.bodyComponentModels[0].children[0]).description,
                       #"impression body[0,0] id=c logging={"item":"c"} visible=100% after=800ms"#)
    }

    func testAnIdentifierThatCouldBeMistakenForFieldsIsQuoted() {
        let model = impressionViewModel(body: ["two words", "a=b", #"say "hi""#, "plain-id:7"])
        let ids = model.bodyComponentModels.map { impression($0).description.split(separator: " logging=")[0] }
        XCTAssertEqual(ids, [#"impression body[0] id="two words""#, #"impression body[1] id="a=b""#,
                             #"impression body[2] id="say \"hi\"""#, "impression body[3] id=plain-id:7"])
    }
}
