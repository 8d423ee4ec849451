import Foundation
import HubApp
import HubGTKTestSupport
import HubViewer
import XCTest

/// The viewer's About window says what its AppStream metainfo says, written once: the metainfo is
/// read (from next to the executable in a build, where `tools/translations.sh build` writes it),
/// and the version `--version` prints is the newest release the metainfo lists.
final class ViewerAboutTests: XCTestCase {
    private static let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources/org.hubframework.Viewer.metainfo.xml.in")

    func testTheMetainfoGivesTheAboutWindowItsFacts() throws {
        let about = try AboutInfo(metainfoContentsOf: Self.source, languages: ["en"])
        XCTAssertEqual(about.summary, "Open Hub Framework views by URI and try components live")
        XCTAssertEqual(about.developers, ["The HubFramework for GTK developers"])
    }

    func testTheVersionIsTheMetainfosNewestRelease() throws {
        let component = try MarkupElement(parsing: String(contentsOf: Self.source, encoding: .utf8))
        let newest = component.child(named: "releases")?.children(named: "release").first?.attributes["version"]
        XCTAssertEqual(newest, Viewer.version, "a release is listed in the metainfo and named in Viewer.version alike")
    }

    func testABuildFindsTheTranslatedMetainfoNextToTheExecutable() throws {
        guard let file = AboutInfo.metainfoFile(forApplicationID: Viewer.applicationID) else {
            throw XCTSkip("no metainfo next to the tests: `tools/translations.sh build` writes it (make test does)")
        }
        XCTAssertEqual(try AboutInfo(metainfoContentsOf: file, languages: ["he"]).summary,
                       "פתיחת תצוגות Hub Framework לפי URI וניסוי רכיבים בזמן אמת", "msgfmt merged the translations")
    }
}
