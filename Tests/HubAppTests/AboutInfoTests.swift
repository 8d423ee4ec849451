import Foundation
import XCTest
@testable import HubApp

/// What the About window says, read from an app's AppStream metainfo.
final class AboutInfoTests: XCTestCase {
    private let metainfo = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- A comment, skipped. -->
        <component type="desktop-application">
          <id>org.example.Atlas</id>
          <name>Atlas</name>
          <summary>Countries of the world
            and their capitals</summary>
          <summary xml:lang="de">Die Länder der Welt</summary>
          <summary xml:lang="he">ארצות העולם</summary>
          <project_license>GPL-3.0-or-later</project_license>
          <url type="bugtracker">https://example.org/atlas/issues</url>
          <url type="homepage">https://example.org/atlas</url>
          <developer id="org.example">
            <name>The Atlas &amp; Globe makers</name>
          </developer>
          <developer_name>Old name</developer_name>
        </component>
        """

    func testTheFactsComeFromTheMetainfoInTheUsersLanguage() throws {
        let english = try AboutInfo(metainfo: metainfo, languages: ["en-GB", "en"])
        XCTAssertEqual(english.summary, "Countries of the world and their capitals", "line breaks are spaces")
        XCTAssertEqual(english.website, URL(string: "https://example.org/atlas"))
        XCTAssertEqual(english.licenseIdentifier, "GPL-3.0-or-later")
        XCTAssertEqual(english.developers, ["The Atlas & Globe makers"], "<developer> wins over <developer_name>")
        XCTAssertEqual(try AboutInfo(metainfo: metainfo, languages: ["de-AT", "de"]).summary, "Die Länder der Welt")
        XCTAssertEqual(try AboutInfo(metainfo: metainfo, languages: ["he"]).summary, "ארצות העולם")
    }

    func testWhatTheMetainfoLacksIsLeftOut() throws {
        let bare = try AboutInfo(metainfo: "<component><developer_name>Someone</developer_name></component>", languages: [])
        XCTAssertEqual(bare, AboutInfo(developers: ["Someone"]))
    }

    func testABadFileIsALocatedError() throws {
        XCTAssertThrowsError(try AboutInfo(metainfo: "<component>\n  <summary>Open</component>", languages: [])) { error in
            let message = (error as? AboutInfo.ReadError)?.message ?? ""
            XCTAssertTrue(message.contains("line 2"), message)
        }
        XCTAssertThrowsError(try AboutInfo(metainfo: "<html/>", languages: [])) { error in
            XCTAssertEqual((error as? AboutInfo.ReadError)?.message, "the root element is <html>, not AppStream's <component>")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("about-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let huge = folder.appendingPathComponent("org.example.Huge.metainfo.xml")
        try Data(repeating: 0x20, count: AboutInfo.maximumMetainfoSize + 1).write(to: huge)
        XCTAssertThrowsError(try AboutInfo(metainfoContentsOf: huge, languages: [])) { error in
            XCTAssertEqual((error as? AboutInfo.ReadError)?.message,
                           "org.example.Huge.metainfo.xml: larger than 1048576 bytes")
        }
        XCTAssertThrowsError(try AboutInfo(metainfoContentsOf: folder.appendingPathComponent("missing.xml"), languages: [])) {
            XCTAssertTrue(((($0 as? AboutInfo.ReadError)?.message) ?? "").hasPrefix("missing.xml: cannot read it"), "\($0)")
        }
    }

    func testTheMetainfoIsFoundNextToTheExecutableThenWherePackagesInstallIt() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("about-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let bin = root.appendingPathComponent("prefix/bin")
        let share = root.appendingPathComponent("prefix/share/metainfo")
        let system = root.appendingPathComponent("system/metainfo")
        for folder in [bin, share, system] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        let name = "org.example.Atlas.metainfo.xml"
        let environment = ["XDG_DATA_DIRS": root.appendingPathComponent("system").path, "HOME": root.path]
        let executable = bin.appendingPathComponent("atlas")
        XCTAssertNil(AboutInfo.metainfoFile(forApplicationID: "org.example.Atlas", environment: environment, executable: executable))
        try Data().write(to: system.appendingPathComponent(name))
        XCTAssertEqual(AboutInfo.metainfoFile(forApplicationID: "org.example.Atlas", environment: environment, executable: executable),
                       system.appendingPathComponent(name))
        try Data().write(to: share.appendingPathComponent(name))
        XCTAssertEqual(AboutInfo.metainfoFile(forApplicationID: "org.example.Atlas", environment: environment, executable: executable),
                       share.appendingPathComponent(name), "the prefix the app is installed in first")
        try Data().write(to: bin.appendingPathComponent(name))
        XCTAssertEqual(AboutInfo.metainfoFile(forApplicationID: "org.example.Atlas", environment: environment, executable: executable),
                       bin.appendingPathComponent(name), "a build's, next to the executable, first of all")
    }
}
