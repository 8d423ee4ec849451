import Foundation
import Glibc
import XCTest
@testable import HubFramework

final class LiveTokenFileTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("hub-token-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
        try super.tearDownWithError()
    }

    private func mode(_ path: String) -> mode_t {
        var info = stat()
        XCTAssertEqual(lstat(path, &info), 0, path)
        return info.st_mode & 0o777
    }

    func testTokensAreRandomAndNeverPrinted() {
        let first = LiveSessionToken.generate()
        let second = LiveSessionToken.generate()
        XCTAssertEqual(first.text.count, 64)
        XCTAssertNotEqual(first.text, second.text)
        XCTAssertTrue(first.text.allSatisfy { $0.isHexDigit && !$0.isUppercase })
        XCTAssertFalse("\(first)".contains(first.text))
        XCTAssertNil(LiveSessionToken(text: "short"))
        XCTAssertNil(LiveSessionToken(text: String(repeating: "g", count: 64)))
        XCTAssertEqual(LiveSessionToken(text: " \(first.text.uppercased())\n")?.text, first.text)
    }

    func testMatchingComparesTheWholeToken() {
        let token = LiveSessionToken.generate()
        XCTAssertTrue(token.matches(Data(token.text.utf8)))
        var last = Array(token.text.utf8)
        last[63] = last[63] == UInt8(ascii: "a") ? UInt8(ascii: "b") : UInt8(ascii: "a")
        XCTAssertFalse(token.matches(Data(last)))
        XCTAssertFalse(token.matches(Data(token.text.utf8.prefix(63))))
        XCTAssertFalse(token.matches(Data((token.text + "0").utf8)))
        XCTAssertFalse(token.matches(Data()))
        // A candidate 256 bytes longer: the length difference alone must not pass.
        XCTAssertFalse(token.matches(Data(token.text.utf8) + Data(repeating: 0x30, count: 256)))
    }

    func testTheFileIsPrivateAndReadBack() throws {
        let file = LiveTokenFile(directory: directory.appendingPathComponent("nested/hubframework"))
        let token = LiveSessionToken.generate()
        let url = try file.write(token, port: 7777)
        XCTAssertEqual(url.lastPathComponent, "live-7777.token")
        XCTAssertEqual(mode(url.path), 0o600)
        XCTAssertEqual(mode(file.directory.path), 0o700)
        XCTAssertEqual(try file.read(port: 7777).text, token.text)
        // A new session replaces it; no temporary file is left behind.
        let next = LiveSessionToken.generate()
        try file.write(next, port: 7777)
        XCTAssertEqual(try file.read(port: 7777).text, next.text)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: file.directory.path), ["live-7777.token"])
        // Removing with an older token leaves the newer session's file.
        file.remove(port: 7777, ifItHolds: token)
        XCTAssertNoThrow(try file.read(port: 7777))
        file.remove(port: 7777, ifItHolds: next)
        XCTAssertThrowsError(try file.read(port: 7777)) { error in
            XCTAssertTrue((error as? LiveTokenFileError)?.isMissing == true, "\(error)")
        }
    }

    func testAnOpenFolderIsClosedAndAnOpenFileRefused() throws {
        let file = LiveTokenFile(directory: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        chmod(directory.path, 0o755)
        let url = try file.write(LiveSessionToken.generate(), port: 1)
        XCTAssertEqual(mode(directory.path), 0o700, "made private")
        chmod(url.path, 0o644)
        XCTAssertThrowsError(try file.read(port: 1)) { error in
            XCTAssertTrue("\(error)".contains("other users can read or write it"), "\(error)")
        }
        // A symbolic link is not followed.
        let link = directory.appendingPathComponent("live-2.token")
        XCTAssertEqual(symlink(url.path, link.path), 0)
        XCTAssertThrowsError(try file.read(port: 2))
    }

    func testTheDefaultFolderFollowsTheEnvironment() {
        XCTAssertEqual(LiveTokenFile.defaultDirectory(environment: ["XDG_RUNTIME_DIR": "/run/user/1000", "HOME": "/home/me"]).path,
                       "/run/user/1000/hubframework")
        XCTAssertEqual(LiveTokenFile.defaultDirectory(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/home/me"]).path,
                       "/c/hubframework")
        XCTAssertEqual(LiveTokenFile.defaultDirectory(environment: ["HOME": "/home/me"]).path, "/home/me/.cache/hubframework")
        XCTAssertEqual(LiveTokenFile.defaultDirectory(environment: ["XDG_RUNTIME_DIR": "relative", "HOME": "/home/me"]).path,
                       "/home/me/.cache/hubframework", "a relative runtime folder is ignored")
        XCTAssertEqual(LiveTokenFile(environment: ["XDG_RUNTIME_DIR": "/r"]).url(forPort: 7777).path,
                       "/r/hubframework/live-7777.token")
    }
}
