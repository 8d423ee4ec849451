import CGtk
import Foundation
import HubFramework
import HubGTKTestSupport
import HubTestSupport
import XCTest
@testable import GtkKit
@testable import HubGTK

/// A document that talks to its server, in a live view against a loopback server: a `request` sends
/// JSON and its answer sets the view's state, the button is busy meanwhile and cannot send twice; a
/// failure puts back what the actions before it changed; a `submit` sends its form's values and
/// shows the server's messages beside the inputs; a view document in the answer replaces the view;
/// leaving the view cancels the request; origins the document may not reach are refused.
final class ViewControllerServerRequestsTests: GtkTestCase, @unchecked Sendable {
    @MainActor
    private func open(_ document: String, in harness: ViewControllerHarness, allowing server: LoopbackHTTPServer)
        throws -> ViewController
    {
        try harness.hub.componentRegistry.registerComponentFactory(DefaultComponentFactory(), forNamespace: "default")
        let controller = try harness.open { builder in
            XCTAssertEqual(try? builder.addJSON(data: Data(document.utf8)), [], "the document reads without a problem")
        }
        // The document is built in code: it reaches the loopback server only because the app allows it.
        controller.serverRequestPolicy = ServerRequestPolicy(allowedOrigins: [server.baseURL])
        pump(until: { controller.liveBodyComponentCount > 0 && !controller.isLoading }, "the first render")
        return controller
    }

    @MainActor
    private func model(_ identifier: String, in controller: ViewController) -> ComponentModel? {
        controller.viewModel?.bodyComponentModels.first { $0.identifier == identifier }
    }

    @MainActor
    private func press(_ identifier: String, in controller: ViewController) throws {
        XCTAssertTrue(controller.selectComponent(with: try XCTUnwrap(model(identifier, in: controller)), customData: nil),
                      "\(identifier)'s actions ran")
    }

    func testARequestSendsJSONAndItsAnswerSetsTheStateWhileTheButtonIsBusy() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("/basket", .json(#"{"state": {"count": 5}, "note": "kept"}"#, delay: 0.6))
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            let controller = try open(#"""
                {"state": {"count": 0, "message": ""},
                 "body": [
                   {"id": "label", "component": {"id": "default:label"}, "text": {"title": "In the basket: @{count}"}},
                   {"id": "add", "component": {"id": "default:button"}, "text": {"title": "Add"},
                    "target": {"actions": [{"type": "request", "method": "post", "url": "\#(server.url("/basket"))",
                                            "body": {"item": "rye", "count": "@{count + 1}"},
                                            "headers": {"X-Basket": "b-1"},
                                            "onSuccess": [{"type": "set", "variable": "message",
                                                           "value": "@{toString(response.status) + ' ' + getStringFromDict(response.body, 'note')}"}]}]}}]}
                """#, in: harness, allowing: server)
            try press("add", in: controller)
            pump(until: { self.model("add", in: controller)?.isBusy == true }, "the button is busy while the request is in flight")
            XCTAssertEqual(model("add", in: controller)?.isEnabled, false, "and cannot be pressed")
            let button = try XCTUnwrap(controller.liveComponent(atBodyIndex: 1) as? ButtonComponent)
            XCTAssertEqual(button.busy?.isSpinning, true, "a spinner turns beside it")
            XCTAssertEqual(button.button?.isEnabled, false)
            try press("add", in: controller)
            pump(until: { self.model("label", in: controller)?.title == "In the basket: 5" }, "the answer's state is shown")
            XCTAssertEqual(controller.state.value(of: "message"), .string("200 kept"), "onSuccess read the answer")
            XCTAssertEqual(model("add", in: controller)?.isBusy, false)
            XCTAssertEqual(model("add", in: controller)?.isEnabled, true)
            XCTAssertEqual(button.busy?.isSpinning, false)
            let requests = server.requests.filter { $0.path == "/basket" }
            XCTAssertEqual(requests.count, 1, "a busy button does not send again")
            let request = try XCTUnwrap(requests.first)
            XCTAssertEqual(request.method, "POST")
            XCTAssertEqual(request.headers["content-type"] ?? request.headers["Content-Type"], "application/json")
            XCTAssertEqual(request.headers["x-basket"] ?? request.headers["X-Basket"], "b-1")
            XCTAssertEqual(try JSONParser().parse(request.body), .object(["item": .string("rye"), "count": .number(1)]))
        }
    }

    /// A row that sends a request shows that it waits, as a button does: a spinner named "Sending".
    func testARowShowsItIsBusyWhileItsRequestIsInFlight() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("/oven", .json(#"{"state": {"loaves": 12}}"#, delay: 0.6))
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            let controller = try open(#"""
                {"state": {"loaves": 0},
                 "body": [
                   {"id": "oven", "text": {"title": "Loaves: @{loaves}"},
                    "target": {"actions": [{"type": "request", "url": "\#(server.url("/oven"))"}]}}]}
                """#, in: harness, allowing: server)
            let row = try XCTUnwrap(controller.liveComponent(atBodyIndex: 0) as? RowComponent)
            XCTAssertEqual(row.busy?.isSpinning, false, "still before it sends")
            try press("oven", in: controller)
            pump(until: { self.model("oven", in: controller)?.isBusy == true }, "the row is busy")
            pump(until: { row.busy?.isSpinning == true }, "a spinner turns in the row")
            XCTAssertEqual(row.busy?.spinner.accessibleName, "Sending")
            // Made the first time the row is busy, it goes where the row puts it: last but one, before
            // the chevron.
            let rowWidget = try XCTUnwrap(row.view).gtkWidget
            let spinner = try XCTUnwrap(row.busy?.spinner).gtkWidget
            XCTAssertEqual(gtk_widget_get_parent(spinner), rowWidget)
            let children = gtk_container_get_children(hub_container(rowWidget))
            defer { g_list_free(children) }
            var order: [UnsafeMutableRawPointer?] = []
            var node = children
            while let current = node {
                order.append(current.pointee.data)
                node = current.pointee.next
            }
            XCTAssertEqual(order.firstIndex(of: UnsafeMutableRawPointer(spinner)), order.count - 2, "before the chevron")
            pump(until: { self.model("oven", in: controller)?.title == "Loaves: 12" }, "the answer")
            XCTAssertEqual(row.busy?.isSpinning, false)
        }
    }

    func testAFailedRequestPutsBackWhatTheActionsBeforeItChanged() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("/like", .json(#"{"reason": "closed"}"#, status: 503))
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            let controller = try open(#"""
                {"state": {"liked": false, "likes": 3, "problem": "", "finished": 0},
                 "body": [
                   {"id": "like", "component": {"id": "default:button"}, "text": {"title": "Like"},
                    "target": {"actions": [{"type": "set", "variable": "liked", "value": true},
                                           {"type": "set", "variable": "likes", "value": "@{likes + 1}"},
                                           {"type": "request", "method": "post", "url": "\#(server.url("/like"))",
                                            "onError": [{"type": "set", "variable": "problem",
                                                         "value": "@{toString(response.status) + ': ' + getStringFromDict(response.body, 'reason')}"}],
                                            "onFinish": [{"type": "set", "variable": "finished", "value": "@{finished + 1}"}]}]}}]}
                """#, in: harness, allowing: server)
            try press("like", in: controller)
            XCTAssertEqual(controller.state.value(of: "liked"), .boolean(true), "the update is optimistic: at once")
            XCTAssertEqual(controller.state.value(of: "likes"), .integer(4))
            pump(until: { controller.state.value(of: "finished") == .integer(1) }, "the answer came")
            XCTAssertEqual(controller.state.value(of: "liked"), .boolean(false), "the failure rolled it back")
            XCTAssertEqual(controller.state.value(of: "likes"), .integer(3))
            XCTAssertEqual(controller.state.value(of: "problem"), .string("503: closed"), "onError read the answer")
        }
    }

    /// A failure nothing in the document handles is a warning that says why.
    func testAFailedRequestWithoutOnErrorIsLogged() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("/like", .json(#"{"reason": "closed"}"#, status: 503))
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            let controller = try open(#"""
                {"state": {"finished": 0},
                 "body": [
                   {"id": "like", "component": {"id": "default:button"}, "text": {"title": "Like"},
                    "target": {"actions": [{"type": "request", "method": "post", "url": "\#(server.url("/like"))",
                                            "onFinish": [{"type": "set", "variable": "finished", "value": 1}]}]}}]}
                """#, in: harness, allowing: server)
            try press("like", in: controller)
            pump(until: { controller.state.value(of: "finished") == .integer(1) }, "the answer came")
            let log = controller.loggedActionProblems.joined(separator: "\n")
            XCTAssertTrue(log.contains("like: the request failed") && log.contains("503"), log)
        }
    }

    func testASubmitSendsItsFormsValuesAndShowsTheServersMessagesBesideTheInputs() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("/signup", .json(#"{"errors": {"email": "That address is taken"}}"#, status: 422))
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            let controller = try open(#"""
                {"state": {"name": "Ada", "email": "ada@example.org", "secret": "kept here", "result": ""},
                 "body": [
                   {"id": "name", "component": {"id": "default:entry"}, "text": {"title": "Name"},
                    "input": {"variable": "name", "form": "signup"}},
                   {"id": "email", "component": {"id": "default:entry"}, "text": {"title": "Email"},
                    "input": {"variable": "email", "form": "signup", "purpose": "email"}},
                   {"id": "other", "component": {"id": "default:entry"}, "text": {"title": "Not in the form"},
                    "input": {"variable": "secret"}},
                   {"id": "send", "component": {"id": "default:button"}, "text": {"title": "Sign up"},
                    "target": {"actions": [{"type": "submit", "form": "signup", "url": "\#(server.url("/signup"))",
                                            "onError": [{"type": "set", "variable": "result", "value": "@{response.error}"}]}]}}]}
                """#, in: harness, allowing: server)
            try press("send", in: controller)
            pump(until: { self.model("email", in: controller)?.input?.message == "That address is taken" },
                 "the server's message shows beside the field")
            XCTAssertNil(model("name", in: controller)?.input?.message, "the other field has none")
            let request = try XCTUnwrap(server.requests.first { $0.path == "/signup" })
            XCTAssertEqual(request.method, "POST")
            XCTAssertEqual(try JSONParser().parse(request.body),
                           .object(["name": .string("Ada"), "email": .string("ada@example.org")]),
                           "the form's values, and only those")
            guard case .string(let result)? = controller.state.value(of: "result") else { return XCTFail("onError ran") }
            XCTAssertTrue(result.contains("422"), result)
            XCTAssertFalse(controller.loggedActionProblems.contains { $0.contains("the request failed") },
                           "a failure the document's onError handles is expected, not a warning")
            // The person changes the value: the server's word on the old one goes.
            let email = try XCTUnwrap(model("email", in: controller))
            XCTAssertTrue(controller.state.setInputValue(.string("ada@example.net"), of: email))
            pump(until: { self.model("email", in: controller)?.input?.message == nil }, "the message goes with the value")
        }
    }

    func testAViewDocumentInTheAnswerReplacesTheView() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("/order", .json(#"""
            {"state": {"name": "Ada"},
             "body": [{"id": "thanks", "component": {"id": "default:label"}, "text": {"title": "Thank you, @{name}"}}]}
            """#))
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            let controller = try open(#"""
                {"state": {"name": "Ada"},
                 "body": [
                   {"id": "order", "component": {"id": "default:button"}, "text": {"title": "Order"},
                    "target": {"actions": [{"type": "request", "method": "post", "url": "\#(server.url("/order"))", "body": {}}]}}]}
                """#, in: harness, allowing: server)
            try press("order", in: controller)
            pump(until: { self.model("thanks", in: controller) != nil }, "the answered document is shown")
            XCTAssertNil(model("order", in: controller), "in place of the old one")
            XCTAssertEqual(model("thanks", in: controller)?.title, "Thank you, Ada", "with the view's state")
        }
    }

    func testLeavingTheViewCancelsItsRequestAndClosesTheConnection() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("/slow", .json(#"{"state": {"done": true}}"#, delay: 10))
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            let controller = try open(#"""
                {"state": {"done": false, "finished": false},
                 "body": [
                   {"id": "go", "component": {"id": "default:button"}, "text": {"title": "Go"},
                    "target": {"actions": [{"type": "request", "url": "\#(server.url("/slow"))",
                                            "onFinish": [{"type": "set", "variable": "finished", "value": true}]}]}}]}
                """#, in: harness, allowing: server)
            try press("go", in: controller)
            pump(until: { self.model("go", in: controller)?.isBusy == true }, "in flight")
            XCTAssertTrue(server.waitForRequests(1))
            controller.viewDidDisappear()
            let uptime = server.waitForDeparture(from: "/slow", timeout: 3)
            XCTAssertNotNil(uptime, "the connection closed when the view was left")
            pump(until: { self.model("go", in: controller)?.isBusy == false }, "the button is no longer busy")
            pump(for: 0.3)
            XCTAssertEqual(controller.state.value(of: "finished"), .boolean(false), "nothing of the answer runs")
            XCTAssertEqual(controller.state.value(of: "done"), .boolean(false))
        }
    }

    func testARequestsURLIsEvaluatedWhenItIsSent() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("/orders/7", .json(#"{"state": {"done": true}}"#))
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            let controller = try open(#"""
                {"state": {"order": 6, "done": false},
                 "body": [{"id": "send", "component": {"id": "default:button"}, "text": {"title": "Send"},
                           "target": {"actions": [{"type": "set", "variable": "order", "value": "@{order + 1}"},
                                                  {"type": "request", "method": "delete",
                                                   "url": "\#(server.baseURL.absoluteString)/orders/@{order}"}]}}]}
                """#, in: harness, allowing: server)
            try press("send", in: controller)
            pump(until: { controller.state.value(of: "done") == .boolean(true) }, "the answer of /orders/7")
            XCTAssertEqual(server.requests.map(\.path), ["/orders/7"], "the URL holds the value the actions before it set")
            XCTAssertEqual(server.requests.first?.method, "DELETE")
        }
    }

    func testAViewSendsAtMostItsLimitOfRequestsAtOnce() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        // Answers held long enough for every press to find the others still in flight.
        server.route("/slow", .json("{}", delay: 1.0))
        let limit = ContentLimits.default.maximumRequestsInFlight
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            let buttons = (0...limit).map { index in
                #"{"id": "b\#(index)", "component": {"id": "default:button"}, "text": {"title": "Send \#(index)"},"#
                    + #""target": {"actions": [{"type": "request", "url": "\#(server.url("/slow"))","#
                    + #""onError": [{"type": "append", "variable": "problems", "value": "@{response.error}"}]}]}}"#
            }
            let controller = try open(#"{"state": {"problems": []}, "body": [\#(buttons.joined(separator: ","))]}"#,
                                      in: harness, allowing: server)
            for index in 0...limit { try press("b\(index)", in: controller) }
            pump(until: {
                if case .array(let problems)? = controller.state.value(of: "problems") { return problems.count == 1 }
                return false
            }, "the request over the limit is refused")
            guard case .array(let problems)? = controller.state.value(of: "problems"),
                case .string(let text)? = problems.first else { return XCTFail("no problem reported") }
            XCTAssertTrue(text.contains("maximumRequestsInFlight") && text.contains("not sent"), text)
            pump(until: { (0..<limit).allSatisfy { self.model("b\($0)", in: controller)?.isBusy == false } }, timeout: 5,
                 "the others answered")
            XCTAssertEqual(server.requests.filter { $0.path == "/slow" }.count, limit, "only \(limit) reached the server")
        }
    }

    func testARequestToAnOriginTheDocumentMayNotReachIsNotSent() throws {
        let allowed = try LoopbackHTTPServer()
        let other = try LoopbackHTTPServer()
        defer {
            allowed.stop()
            other.stop()
        }
        other.route("/steal", .json("{}"))
        // A redirect from the allowed origin to another one.
        allowed.route("/bounce", LoopbackHTTPServer.Response(status: 302, headers: [("Location", other.url("/steal").absoluteString)],
                                                             body: Data()))
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            let controller = try open(#"""
                {"state": {"problems": []},
                 "body": [
                   {"id": "direct", "component": {"id": "default:button"}, "text": {"title": "Direct"},
                    "target": {"actions": [{"type": "request", "url": "\#(other.url("/steal"))",
                                            "onError": [{"type": "append", "variable": "problems", "value": "@{response.error}"}]}]}},
                   {"id": "bounce", "component": {"id": "default:button"}, "text": {"title": "Bounce"},
                    "target": {"actions": [{"type": "request", "url": "\#(allowed.url("/bounce"))",
                                            "onError": [{"type": "append", "variable": "problems", "value": "@{response.error}"}]}]}},
                   {"id": "file", "component": {"id": "default:button"}, "text": {"title": "File"},
                    "target": {"actions": [{"type": "request", "url": "file:///etc/passwd",
                                            "onError": [{"type": "append", "variable": "problems", "value": "@{response.error}"}]}]}}]}
                """#, in: harness, allowing: allowed)
            for identifier in ["direct", "bounce", "file"] {
                try press(identifier, in: controller)
                pump(until: { self.model(identifier, in: controller)?.isBusy == false }, "\(identifier) answered")
            }
            pump(until: {
                if case .array(let problems)? = controller.state.value(of: "problems") { return problems.count == 3 }
                return false
            }, "three refusals")
            guard case .array(let problems)? = controller.state.value(of: "problems") else { return XCTFail() }
            let texts = problems.compactMap { if case .string(let text) = $0 { text } else { nil } }
            XCTAssertTrue(texts[0].contains("was not sent") && texts[0].contains("the app does not allow"), texts[0])
            XCTAssertTrue(texts[1].contains("redirect"), texts[1])
            XCTAssertTrue(texts[2].contains("local files"), texts[2])
            XCTAssertTrue(other.requests.isEmpty, "the other origin heard nothing, directly or through a redirect")
        }
    }

    func testAPatchInTheAnswerChangesOnlyTheRowsItNamesAndTheRestStays() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("/orders", .json(#"""
            {"patch": {"changes": [
              {"insert": [{"id": "order-new", "component": {"id": "default:row"}, "text": {"title": "Rye, @{draft}"}}],
               "after": "order-40"},
              {"remove": "order-3"},
              {"replace": "order-39", "with": [{"id": "order-39", "component": {"id": "default:row"}, "text": {"title": "Sold out"}}]}]}}
            """#))
        server.route("/bad", .json(#"{"patch": {"changes": [{"remove": "no-such-row"}]}}"#))
        server.route("/above", .json(#"{"patch": {"changes": [{"remove": "order-5"}, {"remove": "order-6"}]}}"#))
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            let rows = (1...40).map { #"{"id": "order-\#($0)", "component": {"id": "default:row"}, "text": {"title": "Order \#($0)"}}"# }
            let controller = try open(#"""
                {"state": {"draft": ""},
                 "body": [
                   {"id": "draft", "component": {"id": "default:entry"}, "text": {"title": "Note"}, "input": {"variable": "draft"}},
                   \#(rows.joined(separator: ",\n"))
                   , {"id": "add", "component": {"id": "default:button"}, "text": {"title": "Order"},
                    "target": {"actions": [{"type": "request", "method": "post", "url": "\#(server.url("/orders"))", "body": {}}]}},
                   {"id": "bad", "component": {"id": "default:button"}, "text": {"title": "Bad"},
                    "target": {"actions": [{"type": "request", "method": "post", "url": "\#(server.url("/bad"))", "body": {}}]}},
                   {"id": "above", "component": {"id": "default:button"}, "text": {"title": "Above"},
                    "target": {"actions": [{"type": "request", "method": "post", "url": "\#(server.url("/above"))", "body": {}}]}}]}
                """#, in: harness, allowing: server)
            let draft = try XCTUnwrap(model("draft", in: controller))
            XCTAssertTrue(controller.focusBodyComponent(at: 0))
            XCTAssertTrue(controller.state.setInputValue(.string("warm"), of: draft))
            pump(until: { (controller.liveComponent(atBodyIndex: 0) as? EntryComponent)?.entry?.text == "warm" }, "typed")
            let entry = try XCTUnwrap(controller.liveComponent(atBodyIndex: 0) as? EntryComponent)
            let firstRow = controller.liveComponent(atBodyIndex: 1).map(ObjectIdentifier.init)
            let rendered = harness.delegate.rendered
            try press("add", in: controller)
            pump(until: { self.model("order-new", in: controller) != nil }, "the patch is applied")
            let ids = controller.viewModel?.bodyComponentModels.map(\.identifier) ?? []
            XCTAssertEqual(ids.count, 1 + 40 + 3, "one row in, one out")
            XCTAssertFalse(ids.contains("order-3"))
            XCTAssertEqual(ids[ids.firstIndex(of: "order-40")! + 1], "order-new")
            XCTAssertEqual(model("order-39", in: controller)?.title, "Sold out")
            XCTAssertEqual(model("order-new", in: controller)?.title, "Rye, warm", "its expressions read the view's state")
            XCTAssertEqual(controller.state.value(of: "draft"), .string("warm"), "the state stays")
            XCTAssertTrue(controller.liveComponent(atBodyIndex: 0) as? EntryComponent === entry, "the field is the same component")
            XCTAssertEqual(entry.entry?.text, "warm", "and keeps its text")
            XCTAssertEqual(entry.entry?.containsFocus, true, "and the keyboard focus")
            XCTAssertEqual(controller.liveComponent(atBodyIndex: 1).map(ObjectIdentifier.init), firstRow,
                           "a row the patch did not name is not made again")
            XCTAssertLessThanOrEqual(harness.delegate.rendered - rendered, 3,
                                     "the button busy, the patch's three changes, the button free: a render each, not one a change")

            // A patch that names a row the view does not have changes nothing.
            let before = controller.viewModel?.bodyComponentModels.map(\.identifier)
            try press("bad", in: controller)
            pump(until: { self.model("bad", in: controller)?.isBusy == false && !controller.isLoading }, "the bad patch came")
            pump(for: 0.2)
            XCTAssertEqual(controller.viewModel?.bodyComponentModels.map(\.identifier), before)

            // Rows removed above what the person reads: what they read stays where it is.
            controller.scroll(to: Point(x: 0, y: 900))
            pump(for: 0.3)
            let topIndex = try XCTUnwrap(controller.indexOfBodyComponent(at: Point(x: 10, y: 1)))
            let top = controller.viewModel?.bodyComponentModels[topIndex].identifier
            let topY = controller.frame(ofBodyComponentAt: topIndex).origin.y - controller.contentOffset.y
            try press("above", in: controller)
            pump(until: { self.model("order-6", in: controller) == nil && !controller.isLoading }, "the rows above went")
            pump(for: 0.2)
            let newIndex = try XCTUnwrap(controller.indexOfBodyComponent(at: Point(x: 10, y: 1)))
            XCTAssertEqual(controller.viewModel?.bodyComponentModels[newIndex].identifier, top, "the same row at the top")
            XCTAssertEqual(controller.frame(ofBodyComponentAt: newIndex).origin.y - controller.contentOffset.y, topY, accuracy: 1,
                           "at the same place")
        }
    }

    func testAPatchThatRemovesTheComponentThatSentTheRequestAndOneOfAMillionComponents() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("/self", .json(#"{"patch": {"changes": [{"remove": "self"}]}}"#))
        // A million rows: over the answer's size limit, dropped as it arrives. 200,000 small ones: within
        // it, and refused when counted, before one is built.
        func rows(_ count: Int) -> String {
            #"{"patch": {"changes": [{"insert": ["# + Array(repeating: #"{"id":"r"}"#, count: count).joined(separator: ",")
                + #"], "into": "body"}]}}"#
        }
        server.route("/million", .json(rows(1_000_000)))
        server.route("/many", .json(rows(200_000)))
        try onMain {
            let harness = ViewControllerHarness()
            defer { harness.tearDown() }
            let controller = try open(#"""
                {"body": [
                   {"id": "self", "component": {"id": "default:button"}, "text": {"title": "Remove me"},
                    "target": {"actions": [{"type": "request", "method": "post", "url": "\#(server.url("/self"))", "body": {}}]}},
                   {"id": "flood", "component": {"id": "default:button"}, "text": {"title": "A million"},
                    "target": {"actions": [{"type": "request", "url": "\#(server.url("/million"))"}]}},
                   {"id": "many", "component": {"id": "default:button"}, "text": {"title": "Many"},
                    "target": {"actions": [{"type": "request", "url": "\#(server.url("/many"))"}]}}]}
                """#, in: harness, allowing: server)
            try press("self", in: controller)
            pump(until: { self.model("self", in: controller) == nil }, "the button removed itself")
            XCTAssertEqual(controller.viewModel?.bodyComponentModels.map(\.identifier), ["flood", "many"])
            for identifier in ["flood", "many"] {
                try press(identifier, in: controller)
                pump(until: { self.model(identifier, in: controller)?.isBusy == false && !controller.isLoading }, "\(identifier) answered")
            }
            pump(for: 0.3)
            XCTAssertEqual(controller.viewModel?.bodyComponentModels.map(\.identifier), ["flood", "many"], "nothing was added")
            let log = controller.loggedActionProblems.joined(separator: "\n")
            XCTAssertTrue(log.contains("maximumResponseBytes"), log)
            XCTAssertTrue(log.contains("maximumPatchComponents"), log)
        }
    }
}
