import CGtk
import Foundation
import HubFramework
import HubGTK
import HubApp
import HubGTKTestSupport
import XCTest
@testable import HubViewer

/// The getting-started guide's Cities feature, opened from the root view.
final class CitiesFeatureTests: GtkTestCase, @unchecked Sendable {
    func testCitiesShowsTheFourCitiesAndAGridOfPicturesTwoPerRow() throws {
        try onMain {
            let app = SharedViewer.fresh()
            defer { app.navigator.tearDown() }
            let controller = try openFeatureFromRoot("Cities", in: app)
            XCTAssertEqual(controller.viewURI.absoluteString, "cities:overview")
            XCTAssertEqual(controller.featureIdentifier, "cities")
            XCTAssertEqual(app.mainWindow?.title, "Cities")
            XCTAssertEqual(controller.navigationItem.title, "Cities")

            let models = try XCTUnwrap(controller.viewModel?.bodyComponentModels)
            XCTAssertEqual(models.map(\.identifier), ["city-Madrid", "city-Rome", "city-Berlin", "city-Amsterdam",
                                                      "image-0", "image-1", "image-2", "image-3"])
            XCTAssertEqual(models.prefix(4).map(\.title), ["Madrid", "Rome", "Berlin", "Amsterdam"])
            XCTAssertEqual(models.prefix(4).map(\.subtitle), ["Spain", "Italy", "Germany", "Netherlands"])
            XCTAssertEqual(Set(models.prefix(4).map(\.componentIdentifier.identifierString)), ["cities:row"])
            XCTAssertEqual(Set(models.suffix(4).map(\.componentIdentifier.identifierString)), ["cities:image"])

            // The rows are the feature's own row component, showing title and subtitle, 50 high.
            for index in 0..<4 {
                let row = try XCTUnwrap(controller.liveComponent(atBodyIndex: index) as? CitiesRowComponent)
                XCTAssertEqual(row.title.text, models[index].title)
                XCTAssertEqual(row.subtitle.text, models[index].subtitle)
                XCTAssertEqual(controller.frame(ofBodyComponentAt: index).height, 50)
                XCTAssertEqual(gtk_widget_get_allocated_height(try visibleCell(atBodyIndex: index, in: controller)), 50)
            }

            // The pictures: compact, two per row, 70 % as high as wide.
            let width = controller.containerSize.width
            let pictureWidth = ((width - 45) / 2).rounded(.down)
            let frames = (4..<8).map { controller.frame(ofBodyComponentAt: $0) }
            for frame in frames {
                XCTAssertEqual(frame.width, pictureWidth)
                XCTAssertEqual(frame.height, (pictureWidth * 0.7).rounded(.down))
            }
            XCTAssertEqual(frames[0].minY, frames[1].minY)
            XCTAssertLessThan(frames[0].maxX, frames[1].minX)
            XCTAssertEqual(frames[2].minY, frames[3].minY)
            XCTAssertGreaterThan(frames[2].minY, frames[0].maxY)
            XCTAssertGreaterThan(frames[0].minY, controller.frame(ofBodyComponentAt: 3).maxY - 1)
            let cell = try visibleCell(atBodyIndex: 5, in: controller)
            XCTAssertEqual(Double(gtk_widget_get_allocated_width(cell)), pictureWidth)
            XCTAssertTrue(controller.liveComponent(atBodyIndex: 5) is CitiesImageComponent)
        }
    }

    func testThePicturesAreTheFeaturesOwnImagesInResources() throws {
        try onMain {
            let app = SharedViewer.fresh()
            defer { app.navigator.tearDown() }
            app.navigator.open("cities:overview")
            let controller = try XCTUnwrap(app.navigator.currentPage?.viewController)
            waitForContent(of: controller)
            let images = (controller.viewModel?.bodyComponentModels ?? []).filter { $0.identifier.hasPrefix("image-") }
            XCTAssertEqual(images.count, 4)
            for model in images {
                let data = try XCTUnwrap(model.backgroundImageData, model.identifier)
                XCTAssertNil(model.mainImageData)
                let url = try XCTUnwrap(data.url)
                // Relative: the image loader finds it in the resources directory.
                XCTAssertNil(url.scheme, url.relativeString)
                XCTAssertTrue(url.relativeString.hasPrefix("images/cities/"))
                let file = ResourceLocator.resource(url.relativeString)
                var error: UnsafeMutablePointer<GError>? = nil
                let pixbuf = gdk_pixbuf_new_from_file(file.path, &error)
                XCTAssertNotNil(pixbuf, error.map { String(cString: $0.pointee.message) } ?? file.path)
                if let pixbuf {
                    XCTAssertEqual(gdk_pixbuf_get_width(pixbuf), 640)
                    XCTAssertEqual(gdk_pixbuf_get_height(pixbuf), 448)
                    g_object_unref(UnsafeMutableRawPointer(pixbuf))
                }
                if let error { g_error_free(error) }
            }
        }
    }
}
