import Foundation
import XCTest

@testable import HubFramework

/// Every limit of `ContentLimits` ends in a clear error or a located warning, quickly.
final class ContentLimitsTests: XCTestCase {
    private let schema = LoadingFixtures.schema()

    func testANumberLongerThanTheLimitIsRejectedWithItsLocation() {
        let digits = String(repeating: "7", count: 100_000)
        let data = Data(#"{"body": [{"id": "a", "custom": {"n": \#(digits)}}]}"#.utf8)
        let started = Date()
        XCTAssertThrowsError(try schema.makeViewModelBuilder().addJSON(data: data, limits: .default)) { error in
            guard case .numberTooLong(let maximum, let location)? = error as? JSONError else { return XCTFail("\(error)") }
            XCTAssertEqual(maximum, ContentLimits.default.maximumNumberLength)
            XCTAssertEqual(location.line, 1)
            XCTAssertEqual(location.column, 39)
            XCTAssertFalse("\(error)".contains("777777"), "the message does not echo the number")
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "bounded, not minutes (a debug build on a busy machine)")
        // Without limits the parser still accepts what JSON allows (the number is too large for a
        // Double, which is its own error).
        XCTAssertNoThrow(try JSONParser().parse(Data("12345678901234567890123".utf8)))
    }

    func testALongTitleIsCutWithAnEllipsisAndALocatedWarning() throws {
        var limits = ContentLimits()
        limits.maximumTextLength = 10
        let data = Data(#"{"body": [{"id": "a", "text": {"title": "abcdefghijklmnop", "subtitle": "short"}}]}"#.utf8)
        let builder = schema.makeViewModelBuilder()
        let problems = try builder.addJSON(data: data, limits: limits)
        let model = try XCTUnwrap(builder.build().bodyComponentModels.first)
        XCTAssertEqual(model.title, "abcdefg…")
        XCTAssertLessThanOrEqual(model.title!.utf8.count, 10)
        XCTAssertEqual(model.subtitle, "short")
        XCTAssertEqual(problems.map(\.path), ["body[0].text.title"])
        XCTAssertEqual(problems.first?.message, "the text is 16 bytes long; it was cut to the limit of 10 bytes")
    }

    func testTextIsNeverCutInsideACharacter() throws {
        var limits = ContentLimits()
        limits.maximumTextLength = 8
        let data = Data(#"{"body": [{"id": "a", "text": {"title": "ééééééé"}}]}"#.utf8)  // 2 bytes each
        let builder = schema.makeViewModelBuilder()
        try builder.addJSON(data: data, limits: limits)
        let title = try XCTUnwrap(builder.build().bodyComponentModels.first?.title)
        XCTAssertEqual(title, "éé…")
    }

    func testTheDefaultTextLimitBoundsA15MegabyteTitle() throws {
        let title = String(repeating: "x", count: 15 << 20)
        let data = Data(#"{"body": [{"id": "a", "text": {"title": "\#(title)"}}]}"#.utf8)
        let started = Date()
        let builder = schema.makeViewModelBuilder()
        let problems = try builder.addJSON(data: data, limits: .default)
        XCTAssertLessThanOrEqual(builder.build().bodyComponentModels.first?.title?.utf8.count ?? .max,
                                 ContentLimits.default.maximumTextLength)
        XCTAssertEqual(problems.count, 1)
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "bounded, not minutes (a debug build on a busy machine)")
    }

    func testComponentsBeyondTheLimitAreDroppedAndReportedOnce() throws {
        var limits = ContentLimits()
        limits.maximumComponentCount = 3
        let rows = (0..<10).map { #"{"id": "r\#($0)"}"# }.joined(separator: ",")
        for document in [#"{"body": [\#(rows)]}"#, "[\(rows)]"] {
            let builder = schema.makeViewModelBuilder()
            let problems = try builder.addJSON(data: Data(document.utf8), limits: limits)
            XCTAssertEqual(builder.build().bodyComponentModels.map(\.identifier), ["r0", "r1", "r2"])
            XCTAssertEqual(problems.count, 1, "\(problems)")
            XCTAssertTrue(problems.first?.path.hasSuffix("[3]") ?? false, "\(problems)")
        }
    }

    func testNestingBeyondTheLimitIsRejected() {
        var limits = ContentLimits()
        limits.maximumNestingDepth = 4
        let data = Data(#"{"body": [{"custom": {"a": {"b": 1}}}]}"#.utf8)
        XCTAssertThrowsError(try schema.makeViewModelBuilder().addJSON(data: data, limits: limits)) { error in
            guard case .tooDeep(4, _)? = error as? JSONError else { return XCTFail("\(error)") }
        }
    }

    func testSizesInMessagesReadWell() {
        XCTAssertEqual(ContentLimits.describe(bytes: 1), "1 byte")
        XCTAssertEqual(ContentLimits.describe(bytes: 900), "900 bytes")
        XCTAssertEqual(ContentLimits.describe(bytes: 1536), "1.5 KiB")
        XCTAssertEqual(ContentLimits.describe(bytes: 256 << 20), "256 MiB")
    }

    // MARK: Files

    func testAFileLargerThanTheLimitIsRefusedWithoutBeingRead() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hub-limit-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        // A sparse file: 64 GiB long, nothing written.
        XCTAssertTrue(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 64 << 30)
        try handle.close()
        let started = Date()
        guard case .failure(let failure) = DocumentFile.read(path: url.path, maximumBytes: 256 << 20) else {
            return XCTFail("read a 64 GiB file")
        }
        XCTAssertEqual(failure.reason, "it is 64 GiB, more than the limit of 256 MiB for a document")
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "refused without reading")
    }

    func testSpecialFilesAreRefusedWithoutBlocking() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("hub-fifo-\(UUID().uuidString)").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        defer { unlink(fifo) }
        for path in [fifo, "/dev/zero", "/dev/urandom"] {
            let started = Date()
            guard case .failure(let failure) = DocumentFile.read(path: path, maximumBytes: 1 << 20) else {
                return XCTFail("read \(path)")
            }
            XCTAssertEqual(failure.reason, "it is not a regular file (a device, a pipe or a socket)", path)
            XCTAssertLessThan(Date().timeIntervalSince(started), 5, path)
        }
        guard case .failure(let failure) = DocumentFile.read(path: NSTemporaryDirectory(), maximumBytes: 1 << 20) else {
            return XCTFail("read a directory")
        }
        XCTAssertEqual(failure.reason, "it is a directory")
    }
}
