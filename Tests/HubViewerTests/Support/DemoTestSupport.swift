import CGtk
import Foundation
import HubFramework
import HubGTK
import HubApp
import HubGTKTestSupport
import XCTest
@testable import GtkKit
@testable import HubViewer

/// Driving the viewer's demo features the way a user does: open the root view, click a feature's
/// row, wait for its content.
extension GtkTestCase {
    /// Opens the root view and clicks the row titled `title`; returns the view controller that
    /// opened, once its content loaded and components are on screen.
    @MainActor
    func openFeatureFromRoot(_ title: String, in app: HubApplication, file: StaticString = #filePath,
                             line: UInt = #line) throws -> ViewController
    {
        app.navigator.open(DemoFeatures.rootURI.absoluteString)
        let root = try XCTUnwrap(app.navigator.currentPage?.viewController, file: file, line: line)
        pump(until: { root.liveBodyComponentCount > 0 }, "the root rows", file: file, line: line)
        let index = try XCTUnwrap(root.viewModel?.bodyComponentModels.firstIndex { $0.title == title },
                                  "no root row titled \(title)", file: file, line: line)
        root.scrollToComponent(ofType: .body, indexPath: [index], scrollPosition: .centeredVertically, animated: false)
        pump(until: { root.cellWidget(atBodyIndex: index).map { gtk_widget_get_allocated_height($0) > 1 } ?? false },
             "the \(title) row on screen", file: file, line: line)
        click(try XCTUnwrap(root.cellWidget(atBodyIndex: index), file: file, line: line))
        let controller = try XCTUnwrap(app.navigator.currentPage?.viewController, file: file, line: line)
        XCTAssertFalse(controller === root, "clicking \(title) opened a new page", file: file, line: line)
        waitForContent(of: controller, file: file, line: line)
        return controller
    }

    /// Waits until the controller finished loading and shows body components.
    @MainActor
    func waitForContent(of controller: ViewController, file: StaticString = #filePath, line: UInt = #line) {
        pump(until: { !controller.isLoading && controller.liveBodyComponentCount > 0 }, "\(controller.viewURI) to load",
             file: file, line: line)
        pump(for: 0.05)
    }

    /// The index of the body model with `identifier`.
    @MainActor
    func bodyIndex(_ identifier: String, in controller: ViewController) -> Int? {
        controller.viewModel?.bodyComponentModels.firstIndex { $0.identifier == identifier }
    }

    /// The cell of a body component, scrolled into view and allocated.
    @MainActor
    func visibleCell(atBodyIndex index: Int, in controller: ViewController, file: StaticString = #filePath,
                     line: UInt = #line) throws -> WidgetPointer
    {
        if controller.cellWidget(atBodyIndex: index) == nil || !isOnScreen(index, in: controller) {
            controller.scrollToComponent(ofType: .body, indexPath: [index], scrollPosition: .centeredVertically,
                                         animated: false)
        }
        pump(until: { controller.cellWidget(atBodyIndex: index).map { gtk_widget_get_allocated_height($0) > 1 } ?? false },
             "body component \(index) on screen", file: file, line: line)
        return try XCTUnwrap(controller.cellWidget(atBodyIndex: index), file: file, line: line)
    }

    @MainActor
    private func isOnScreen(_ index: Int, in controller: ViewController) -> Bool {
        let frame = controller.frame(ofBodyComponentAt: index)
        let top = controller.contentOffset.y
        return frame.minY >= top && frame.maxY <= top + controller.containerSize.height
    }

    /// Body model titles, in order.
    @MainActor
    func bodyTitles(_ controller: ViewController) -> [String] {
        controller.viewModel?.bodyComponentModels.compactMap(\.title) ?? []
    }

    /// Overlay models by identifier.
    @MainActor
    func overlayIdentifiers(_ controller: ViewController) -> [String] {
        controller.viewModel?.overlayComponentModels.map(\.identifier) ?? []
    }
}

extension GtkTestCase {
    /// Clicks the middle of `target`, a widget inside the body cell `cell` (a child component):
    /// the press and release go to the cell, where the view controller finds the child under the pointer.
    @MainActor
    func click(_ target: WidgetPointer, inCell cell: WidgetPointer) {
        var x: Int32 = 0
        var y: Int32 = 0
        let width = gtk_widget_get_allocated_width(target)
        let height = gtk_widget_get_allocated_height(target)
        _ = gtk_widget_translate_coordinates(target, cell, width / 2, height / 2, &x, &y)
        let (rootX, rootY) = rootPoint(in: cell, x: Double(x), y: Double(y))
        let window = gtk_widget_get_window(cell)
        for type in [GDK_BUTTON_PRESS, GDK_BUTTON_RELEASE] {
            let event = hub_event_new_button(window, type, 1, Double(x), Double(y), 0)!
            event.pointee.button.x_root = rootX
            event.pointee.button.y_root = rootY
            gtk_widget_event(cell, event)
            gdk_event_free(event)
        }
    }
}
