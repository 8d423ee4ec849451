import CGtk
import Foundation
import HubFramework
import HubGTKTestSupport
import XCTest
@testable import HubGTK

/// The GTK icon theme resolver (component icons and placeholders, against a real theme) and the
/// resources-folder resolver of JSON `local` names.
final class ThemeIconResolverTests: GtkTestCase, @unchecked Sendable {
    func testResolvesAThemeIconAtTheRequestedSizeAndColour() {
        onMain {
            let resolver = ThemeIconResolver(scale: 1, failureLog: CapturedLog().log)
            let red = Color(red: 1, green: 0, blue: 0)
            guard let image = resolver.componentIconImage(withIdentifier: "folder-symbolic",
                                                             size: Size(width: 32, height: 32), color: red)
                as? PixbufImage
            else { return XCTFail("folder-symbolic not found in the icon theme") }
            XCTAssertEqual(image.pixelSize, Size(width: 32, height: 32))
            XCTAssertEqual(image.size, Size(width: 32, height: 32))
            // A symbolic icon is recoloured: its opaque pixels are red.
            var opaque = 0
            for y in 0..<32 {
                for x in 0..<32 {
                    let p = TestImages.pixel(image, x: x, y: y)
                    guard p.a > 200 else { continue }
                    opaque += 1
                    XCTAssertGreaterThan(p.r, 200)
                    XCTAssertLessThan(p.g, 40)
                }
            }
            XCTAssertGreaterThan(opaque, 50)
            // Remembered per identifier, size and colour.
            XCTAssertTrue(resolver.componentIconImage(withIdentifier: "folder-symbolic",
                                                         size: Size(width: 32, height: 32), color: red) === image)
            let blue = resolver.componentIconImage(withIdentifier: "folder-symbolic",
                                                      size: Size(width: 32, height: 32),
                                                      color: Color(red: 0, green: 0, blue: 1))
            XCTAssertFalse(blue === image)
        }
    }

    func testPlainNamesFindTheirSymbolicVariantAndHiDPIDoublesThePixels() {
        onMain {
            let resolver = ThemeIconResolver(iconNames: ["city": "mark-location"], scale: 2,
                                             failureLog: CapturedLog().log)
            guard let folder = resolver.componentIconImage(withIdentifier: "folder", size: Size(width: 24, height: 24),
                                                              color: Color(white: 0.2)) as? PixbufImage
            else { return XCTFail("folder") }
            XCTAssertEqual(folder.pixelSize, Size(width: 48, height: 48))
            XCTAssertEqual(folder.scale, 2)
            XCTAssertEqual(folder.size, Size(width: 24, height: 24), "points")
            XCTAssertNotNil(resolver.componentIconImage(withIdentifier: "city", size: Size(width: 16, height: 16),
                                                           color: Color(white: 0)),
                            "mapped to a theme name (mark-location-symbolic)")
        }
    }

    func testUnknownIdentifiersGiveNilForIconsAndTheFallbackForPlaceholders() {
        onMain {
            let captured = CapturedLog()
            let resolver = ThemeIconResolver(scale: 1, failureLog: captured.log)
            let size = Size(width: 20, height: 20)
            XCTAssertNil(resolver.componentIconImage(withIdentifier: "no-such-icon-anywhere", size: size,
                                                        color: Color(white: 0)))
            let placeholder = resolver.placeholderIconImage(withIdentifier: "no-such-icon-anywhere", size: size,
                                                               color: Color(white: 0)) as? PixbufImage
            XCTAssertEqual(placeholder?.pixelSize, Size(width: 20, height: 20), "image-x-generic-symbolic")
            XCTAssertEqual(captured.lines.count, 1, "logged once: \(captured.lines)")
            XCTAssertTrue(captured.lines.first?.contains("no-such-icon-anywhere") == true)
            XCTAssertNil(resolver.componentIconImage(withIdentifier: "", size: size, color: Color(white: 0)))
            XCTAssertNil(resolver.componentIconImage(withIdentifier: "folder", size: .zero, color: Color(white: 0)))
        }
    }

    func testOffTheMainThreadOnlyResolvedIconsAreAnswered() {
        let resolver = onMain { ThemeIconResolver(scale: 1, failureLog: CapturedLog().log) }
        let size = Size(width: 16, height: 16)
        let black = Color(white: 0)
        let resolved = onMain { resolver.componentIconImage(withIdentifier: "folder", size: size, color: black) }
        XCTAssertNotNil(resolved)
        let answers = onBackgroundThread { () -> (Bool, Bool) in
            (resolver.componentIconImage(withIdentifier: "folder", size: size, color: black) === resolved,
             resolver.componentIconImage(withIdentifier: "user-trash", size: size, color: black) == nil)
        }
        XCTAssertTrue(answers.0, "resolved before: answered from memory")
        XCTAssertTrue(answers.1, "not resolved yet: nil, the theme is not touched off the main thread")
    }

    // Through the model: icons built from JSON use the resolver by kind.
    func testJSONIconsAndPlaceholdersResolveThroughTheTheme() {
        onMain {
            let resolver = ThemeIconResolver(scale: 1, failureLog: CapturedLog().log)
            let schema = JSONSchema(componentDefaults: ComponentDefaults(namespace: "default", name: "row",
                                                                         category: .row),
                                    iconImageResolver: resolver)
            let builder = ComponentModelBuilder(modelIdentifier: "m", schema: schema)
            builder.addJSON(dictionary: [
                "images": .object([
                    "icon": .string("folder"),
                    "main": .object(["uri": .string("https://example.com/a.png"), "placeholder": .string("user-home")]),
                ]),
            ])
            let model = builder.build()
            XCTAssertEqual(model.icon?.identifier, "folder")
            XCTAssertEqual(model.icon?.kind, .component)
            XCTAssertEqual(model.mainImageData?.placeholderIcon?.kind, .placeholder)
            let icon = model.icon?.image(size: Size(width: 24, height: 24), color: Color(white: 0)) as? PixbufImage
            let placeholder = model.mainImageData?.placeholderIcon?.image(size: Size(width: 24, height: 24),
                                                                         color: Color(white: 0)) as? PixbufImage
            XCTAssertEqual(icon?.pixelSize, Size(width: 24, height: 24))
            XCTAssertEqual(placeholder?.pixelSize, Size(width: 24, height: 24))
        }
    }
}

/// Runs `body` on a new thread (not the main one, which `DispatchQueue.sync` may reuse) and waits.
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}

func onBackgroundThread<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        precondition(!Thread.isMainThread)
        box.value = body()
        done.signal()
    }
    thread.start()
    done.wait()
    return box.value!
}

final class ResourceImageResolverTests: GtkTestCase, @unchecked Sendable {
    private var directory: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("hub-resources-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("cities"),
                                                withIntermediateDirectories: true)
        try TestImages.png(width: 30, height: 20, red: 255, green: 0, blue: 0)
            .write(to: directory.appendingPathComponent("logo.png"))
        try TestImages.png(width: 60, height: 40, red: 0, green: 255, blue: 0)
            .write(to: directory.appendingPathComponent("logo@2x.png"))
        try TestImages.jpeg(width: 16, height: 16, red: 0, green: 0, blue: 255)
            .write(to: directory.appendingPathComponent("cities/tokyo.jpg"))
        try TestImages.svg(width: 24, height: 12).write(to: directory.appendingPathComponent("shape.svg"))
        try Data("garbage".utf8).write(to: directory.appendingPathComponent("broken.png"))
    }

    override func tearDown() {
        if let directory { try? FileManager.default.removeItem(at: directory) }
        super.tearDown()
    }

    func testNamesResolveWithOrWithoutExtensionIncludingSVGAndSubfolders() {
        let captured = CapturedLog()
        let resolver = ResourceImageResolver(directory: directory, failureLog: captured.log)
        let logo = resolver.image(named: "logo") as? PixbufImage
        XCTAssertEqual(logo?.pixelSize, Size(width: 30, height: 20))
        XCTAssertTrue(resolver.image(named: "logo") === logo, "remembered")
        XCTAssertEqual((resolver.image(named: "cities/tokyo") as? PixbufImage)?.pixelSize, Size(width: 16, height: 16))
        XCTAssertEqual((resolver.image(named: "cities/tokyo.jpg") as? PixbufImage)?.pixelSize,
                       Size(width: 16, height: 16))
        XCTAssertEqual((resolver.image(named: "shape") as? PixbufImage)?.size, Size(width: 24, height: 12),
                       "SVG at its intrinsic size")
        XCTAssertNil(resolver.image(named: "missing"))
        XCTAssertNil(resolver.image(named: "../etc/passwd"))
        XCTAssertNil(resolver.image(named: ""))
        XCTAssertNil(resolver.image(named: "broken"))
        XCTAssertEqual(captured.lines.count, 1, "the undecodable file is logged: \(captured.lines)")
    }

    func testHiDPIPrefersTheDoubleSizeFile() {
        let resolver = ResourceImageResolver(directory: directory, scale: 2, failureLog: CapturedLog().log)
        let logo = resolver.image(named: "logo") as? PixbufImage
        XCTAssertEqual(logo?.pixelSize, Size(width: 60, height: 40))
        XCTAssertEqual(logo?.scale, 2)
        XCTAssertEqual(logo?.size, Size(width: 30, height: 20))
    }

    func testResolvesOffTheMainThread() {
        let resolver = ResourceImageResolver(directory: directory, failureLog: CapturedLog().log)
        let size = onBackgroundThread { (resolver.image(named: "logo") as? PixbufImage)?.pixelSize }
        XCTAssertEqual(size, Size(width: 30, height: 20))
    }

    func testJSONLocalNamesBecomeLocalImages() {
        let resolver = ResourceImageResolver(directory: directory, failureLog: CapturedLog().log)
        onMain {
            let schema = JSONSchema(componentDefaults: ComponentDefaults(namespace: "default", name: "row",
                                                                         category: .row),
                                    iconImageResolver: nil, localImageResolver: resolver)
            let builder = ComponentModelBuilder(modelIdentifier: "m", schema: schema)
            let problems = builder.addJSON(dictionary: [
                "images": .object([
                    "main": .object(["local": .string("cities/tokyo")]),
                    "background": .object(["local": .string("nope")]),
                ]),
            ])
            let model = builder.build()
            XCTAssertEqual((model.mainImageData?.localImage as? PixbufImage)?.pixelSize, Size(width: 16, height: 16))
            XCTAssertNil(model.backgroundImageData?.localImage)
            XCTAssertEqual(problems.count, 1, "the unknown name is reported: \(problems)")
        }
    }
}
