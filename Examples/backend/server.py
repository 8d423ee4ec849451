#!/usr/bin/env python3
"""The Corner Bakery's server: the backend of the app Examples/backend/app.json describes.

It serves the app's JSON views from this folder, and answers what the views send it:

  POST   /api/join          a sign-up form's values; 422 with {"errors": ...} when the address is
                            taken, else {"state": {"member": NAME}}
  GET    /views/orders.json the orders view, made from the orders the server holds
  POST   /api/orders        {"item": TEXT}: a new order, answered with a patch that inserts its row
  DELETE /api/orders/ID     the order's row removed, by a patch (also when the order was cancelled
                            already, in another window)
  GET    /api/oven/events   text/event-stream: what is in the oven, an event a second

and, for the test that drives the app (tools/test-backend-app.py), what a view cannot see:

  GET    /api/oven/listeners {"listeners": N}: how many oven streams are open, so that the test can
                            tell that the viewer closed the stream when the view was left

Only Python's standard library: `python3 server.py [--port 8765]`. With `--port 0` it picks a free
port; `--manifest-out FILE` writes the app's manifest there with the server's own address, so that a
test can run the app against it. `--interval SECONDS` sets the time between the oven's events, and
`--latency SECONDS` holds each answer to what a view sends (a join, an order) that long, as a slow
network would: the button's spinner shows meanwhile. `make demo-backend` runs it with the viewer.
"""

import argparse
import http.server
import json
import os
import random
import re
import sys
import threading
import time
from urllib.parse import urlparse

HERE = os.path.dirname(os.path.abspath(__file__))
TAKEN = {"ada@example.org"}
LIMIT = 64 * 1024  # the most bytes of a request body this server reads


class Bakery:
    """What the server holds: orders and members, shared by its threads."""

    def __init__(self):
        self.lock = threading.Lock()
        self.orders = [{"id": 1, "item": "Sourdough"}, {"id": 2, "item": "Two baguettes"}]
        self.next_id = 3
        self.members = set()
        self.listeners = 0  # the oven's event streams open now

    def add(self, item):
        with self.lock:
            order = {"id": self.next_id, "item": item}
            self.next_id += 1
            self.orders.append(order)
            return order

    def remove(self, order_id):
        with self.lock:
            before = len(self.orders)
            self.orders = [order for order in self.orders if order["id"] != order_id]
            return len(self.orders) != before

    def snapshot(self):
        with self.lock:
            return list(self.orders)

    def listening(self, change):
        with self.lock:
            self.listeners += change
            return self.listeners


BAKERY = Bakery()


# What the orders view shows when the server refused or did not answer: the server's own message
# when its answer has one, else why the request failed.
PROBLEM = "@{getStringFromDict(response.body, 'message') !: response.error}"


def order_row(order):
    """An order's row: selecting it removes the order (a DELETE, answered by a patch)."""
    return {
        "id": "order-%d" % order["id"],
        "component": {"id": "default:row"},
        "text": {"title": order["item"], "subtitle": "Order %d · select to remove it" % order["id"]},
        "target": {"actions": [{
            "type": "request", "method": "delete", "url": "/api/orders/%d" % order["id"],
            "onSuccess": [{"type": "set", "variable": "problem", "value": ""}],
            "onError": [{"type": "set", "variable": "problem", "value": PROBLEM}],
        }]},
    }


def orders_view():
    body = [{
        "id": "intro", "component": {"id": "default:label"},
        "text": {"title": "Orders live on the server: adding one inserts its row, removing one takes it out, "
                          "each by a patch, with the rest of the view left as it is."},
    }]
    body += [order_row(order) for order in BAKERY.snapshot()]
    body += [
        {"id": "new-order", "component": {"id": "default:entry"}, "text": {"title": "New order"},
         "input": {"variable": "draft", "placeholder": "What would you like?", "maximumLength": 80, "form": "order",
                   "validators": [{"required": True, "message": "Write what you would like"}]}},
        {"id": "add", "component": {"id": "default:button"}, "text": {"title": "Order"},
         "target": {"actions": [{
             "type": "submit", "form": "order", "url": "/api/orders",
             "onSuccess": [{"type": "set", "variable": "draft", "value": ""},
                           {"type": "set", "variable": "problem", "value": ""}],
             "onError": [{"type": "set", "variable": "problem", "value": PROBLEM}],
         }]}},
        {"id": "problem", "component": {"id": "default:row"}, "visible": "@{problem != ''}",
         "text": {"title": "@{problem}"}},
    ]
    return {
        "$schema": "../../../Resources/schema/hub-view.schema.json",
        "title": "Orders",
        "state": {"draft": "", "problem": ""},
        "header": {"component": {"id": "default:header"}, "text": {"title": "Orders", "subtitle": "Kept on the server"}},
        "body": body,
    }


class Handler(http.server.SimpleHTTPRequestHandler):
    server_version = "CornerBakery/1.0"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=HERE, **kwargs)

    def log_message(self, format, *args):
        if self.server.verbose:
            super().log_message(format, *args)

    # What a view sends.

    def read_json(self):
        length = int(self.headers.get("Content-Length") or 0)
        if length > LIMIT:
            return None
        try:
            value = json.loads(self.rfile.read(length) or b"{}")
        except ValueError:
            return None
        return value if isinstance(value, dict) else None

    def answer(self, status, value):
        data = json.dumps(value).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        path = urlparse(self.path).path
        if path == "/views/orders.json":
            self.answer(200, orders_view())
        elif path == "/api/oven/events":
            self.oven_events()
        elif path == "/api/oven/listeners":
            self.answer(200, {"listeners": BAKERY.listening(0)})
        else:
            super().do_GET()

    def do_POST(self):
        path = urlparse(self.path).path
        body = self.read_json()
        time.sleep(self.server.latency)
        if body is None:
            self.answer(400, {"errors": {}, "message": "send a JSON object of at most 64 KiB"})
        elif path == "/api/join":
            name = str(body.get("name", "")).strip()
            email = str(body.get("email", "")).strip().lower()
            errors = {}
            if not name:
                errors["name"] = "The server needs your name"
            if not re.fullmatch(r"[^@\s]+@[^@\s]+\.[^@\s]+", email):
                errors["email"] = "The server cannot send mail to that address"
            elif email in TAKEN or email in BAKERY.members:
                errors["email"] = "That address is taken"
            if errors:
                self.answer(422, {"errors": errors})
            else:
                with BAKERY.lock:
                    BAKERY.members.add(email)
                self.answer(200, {"state": {"member": name}})
        elif path == "/api/orders":
            item = str(body.get("draft", body.get("item", ""))).strip()[:80]
            if not item:
                self.answer(422, {"errors": {"draft": "Write what you would like"}})
                return
            order = BAKERY.add(item)
            self.answer(201, {"patch": {"changes": [{"insert": [order_row(order)], "before": "new-order"}]}})
        else:
            self.answer(404, {"message": "no such place"})

    def do_DELETE(self):
        time.sleep(self.server.latency)
        match = re.fullmatch(r"/api/orders/(\d+)", urlparse(self.path).path)
        if not match:
            self.answer(404, {"message": "no such place"})
        else:
            # An order cancelled already (in another window) is gone as the person asked: its row
            # goes too, rather than staying there, refusing every try.
            BAKERY.remove(int(match.group(1)))
            self.answer(200, {"patch": {"changes": [{"remove": "order-%s" % match.group(1)}]}})

    # What the oven holds, as it changes.

    def oven_events(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        counts = {"baguettes": 12, "croissants": 24, "loaves": 6}
        last = self.headers.get("Last-Event-ID") or "0"
        tick = int(last) if last.isascii() and last.isdigit() and len(last) <= 18 else 0
        BAKERY.listening(+1)
        try:
            while True:
                tick += 1
                for name in counts:
                    counts[name] = max(0, counts[name] + random.choice([-1, 0, 1, 2]))
                event = {"state": dict(counts, baked=time.strftime("%H:%M:%S"))}
                self.wfile.write(("id: %d\ndata: %s\n\n" % (tick, json.dumps(event))).encode("utf-8"))
                self.wfile.flush()
                time.sleep(self.server.interval)
        except OSError:  # the viewer closed the stream (a broken pipe, a reset connection)
            pass
        finally:
            BAKERY.listening(-1)


def main():
    parser = argparse.ArgumentParser(description="The Corner Bakery's server.")
    parser.add_argument("--port", type=int, default=8765, help="the port on 127.0.0.1 (0: any free one)")
    parser.add_argument("--manifest-out", help="write the app's manifest, pointing at this server, to this file")
    parser.add_argument("--interval", type=float, default=1.0, help="seconds between the oven's events")
    parser.add_argument("--latency", type=float, default=0.0,
                        help="seconds to hold each answer to what a view sends, as a slow network would")
    parser.add_argument("--verbose", action="store_true", help="log every request")
    arguments = parser.parse_args()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", arguments.port), Handler)
    server.daemon_threads = True
    server.verbose = arguments.verbose
    server.interval = arguments.interval
    server.latency = arguments.latency
    port = server.server_address[1]
    if arguments.manifest_out:
        with open(os.path.join(HERE, "app.json"), encoding="utf-8") as source:
            manifest = json.load(source)
        manifest.pop("$schema", None)
        for feature in manifest["features"]:
            feature["endpoint"] = feature["endpoint"].replace("127.0.0.1:8765", "127.0.0.1:%d" % port)
        with open(arguments.manifest_out, "w", encoding="utf-8") as out:
            json.dump(manifest, out, indent=2)
    print("serving the Corner Bakery on http://127.0.0.1:%d" % port, flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    sys.exit(main())
