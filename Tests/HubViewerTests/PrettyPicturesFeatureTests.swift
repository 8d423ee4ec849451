import CGtk
import Foundation
import HubFramework
import HubGTK
import HubApp
import HubGTKTestSupport
import XCTest
@testable import GtkKit
@testable import HubViewer

/// Pretty Pictures: a carousel of child components over a grid, with a feature action handler.
final class PrettyPicturesFeatureTests: GtkTestCase, @unchecked Sendable {
    override func tearDown() {
        MainActor.assumeIsolated { DemoEnvironment.shared.webPageOpener = nil }
        super.tearDown()
    }

    func testACarouselOfFourPicturesOverAGridWhoseFirstTwoSpanTheView() throws {
        try onMain {
            let app = SharedViewer.fresh()
            defer { app.navigator.tearDown() }
            let controller = try openFeatureFromRoot("Pretty Pictures", in: app)
            XCTAssertEqual(controller.viewURI.absoluteString, "hub-demo:prettypictures")
            XCTAssertEqual(app.mainWindow?.title, "Pretty Pictures")
            let ids = ["gothenburg", "kiev", "tokyo", "zurich"]
            let models = try XCTUnwrap(controller.viewModel?.bodyComponentModels)
            XCTAssertEqual(models.map(\.identifier), ["carousel"] + ids.map { "picture-\($0)" })
            let carouselModel = models[0]
            XCTAssertEqual(carouselModel.componentIdentifier.identifierString, "default:carousel")
            XCTAssertEqual(carouselModel.children.map(\.identifier), ids.map { "carousel-picture-\($0)" })
            for (child, id) in zip(carouselModel.children, ids) {
                XCTAssertEqual(child.componentIdentifier.identifierString, "default:image")
                let file = id == "kiev" ? "kyiv" : id
                XCTAssertEqual(child.mainImageData?.url?.lastPathComponent, "\(file).jpg")
                XCTAssertTrue(child.mainImageData?.url?.isFileURL ?? false, "our own pictures, shipped in Resources/")
                XCTAssertEqual(child.target?.uri?.absoluteString, "https://en.wikipedia.org/wiki/\(id)")
            }
            XCTAssertEqual(models.dropFirst().map { $0.customData?["fullWidth"] }, [true, true, nil, nil])

            // The carousel's children are on screen, side by side, as large as grid pictures.
            let carousel = try XCTUnwrap(controller.liveComponent(atBodyIndex: 0) as? CarouselComponent)
            let children = (0..<4).compactMap { controller.visibleView(forComponentOfType: .body, indexPath: [0, $0])?.gtkWidget }
            XCTAssertEqual(children.count, 4)
            let width = controller.containerSize.width
            let compact = Int32(((width - 45) / 2).rounded(.down))
            pump(until: { children.allSatisfy { gtk_widget_get_allocated_width($0) == compact } }, "children sized")
            let cell = try visibleCell(atBodyIndex: 0, in: controller)
            var x0: Int32 = 0, x1: Int32 = 0, y: Int32 = 0
            _ = gtk_widget_translate_coordinates(children[0], cell, 0, 0, &x0, &y)
            _ = gtk_widget_translate_coordinates(children[1], cell, 0, 0, &x1, &y)
            XCTAssertEqual(x0, 15)
            XCTAssertEqual(x1, x0 + compact + 15)
            XCTAssertEqual(carousel.horizontalOffset, 0)

            // The grid: the first two pictures on rows of their own, the other two side by side.
            let frames = (1...4).map { controller.frame(ofBodyComponentAt: $0) }
            XCTAssertLessThan(frames[0].maxY, frames[1].minY)
            XCTAssertLessThan(frames[1].maxY, frames[2].minY)
            XCTAssertEqual(frames[2].minY, frames[3].minY)
            XCTAssertGreaterThan(frames[0].width, frames[2].width * 1.8)
            XCTAssertEqual(frames[2].width, Double(compact))
        }
    }

    func testTheCarouselKeepsItsOffsetWhenItScrollsAwayAndBack() throws {
        try onMain {
            let app = SharedViewer.fresh()
            defer { app.navigator.tearDown() }
            app.navigator.open("hub-demo:prettypictures")
            let controller = try XCTUnwrap(app.navigator.currentPage?.viewController)
            waitForContent(of: controller)
            let carousel = try XCTUnwrap(controller.liveComponent(atBodyIndex: 0) as? CarouselComponent)
            pump(until: { carousel.view.map { gtk_widget_get_allocated_width($0.gtkWidget) > 100 } ?? false }, "the carousel")
            carousel.horizontalOffset = 300
            pump(for: 0.05)
            XCTAssertEqual(carousel.horizontalOffset, 300)

            // Scroll far enough for the carousel to be recycled…
            controller.scroll(to: Point(x: 0, y: 10_000))
            pump(until: { !controller.liveBodyIndexes.contains(0) }, "the carousel off screen")
            // …and back: it shows the pictures where the user left them.
            controller.scroll(to: .zero)
            pump(until: { controller.liveBodyIndexes.contains(0) }, "the carousel on screen again")
            let again = try XCTUnwrap(controller.liveComponent(atBodyIndex: 0) as? CarouselComponent)
            pump(until: { again.horizontalOffset == 300 }, timeout: 2, "the restored offset")
            XCTAssertEqual(again.horizontalOffset, 300)
        }
    }

    func testSelectingAPictureOpensItsPageThroughTheFeaturesActionHandler() throws {
        try onMain {
            let app = SharedViewer.fresh()
            defer { app.navigator.tearDown() }
            var opened: [URL] = []
            DemoEnvironment.shared.webPageOpener = { opened.append($0); return true }
            app.navigator.externalOpener = { _ in XCTFail("the default selection action ran"); return false }
            defer { app.navigator.externalOpener = Navigator.openWithDesktop }
            let controller = try openFeatureFromRoot("Pretty Pictures", in: app)
            let pages = app.navigator.pages.count

            let index = try XCTUnwrap(bodyIndex("picture-kiev", in: controller))
            click(try visibleCell(atBodyIndex: index, in: controller))
            XCTAssertEqual(opened.map(\.absoluteString), ["https://en.wikipedia.org/wiki/kiev"])

            // A carousel child, clicked inside the carousel.
            controller.scroll(to: .zero)
            let cell = try visibleCell(atBodyIndex: 0, in: controller)
            let child = try XCTUnwrap(controller.visibleView(forComponentOfType: .body, indexPath: [0, 1]))
            pump(until: { gtk_widget_get_allocated_width(child.gtkWidget) > 1 }, "the child allocated")
            click(child.gtkWidget, inCell: cell)
            XCTAssertEqual(opened.last?.absoluteString, "https://en.wikipedia.org/wiki/kiev")
            XCTAssertEqual(opened.count, 2)
            XCTAssertEqual(app.navigator.pages.count, pages, "no page was pushed")
            XCTAssertTrue(app.navigator.currentPage?.viewController === controller)
        }
    }
}
