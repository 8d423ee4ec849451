#!/usr/bin/python3
# The bakery app that talks to its server (Examples/backend, docs/backend-apps.md "Talking to the
# server"), driven as its user drives it, against its real server on a loopback port. Starts
# Examples/backend/server.py on a free port (its answers held 0.5 s, as a slow network would, so that
# the busy button can be seen; the oven's events 5 a second) and hub-viewer on the manifest the
# server writes, with GTK's accessibility bridge on, and through AT-SPI and the keyboard (xdotool):
#   - join (bakery:join): a name and a taken address typed, "Join" pressed: the button is busy
#     (insensitive, its spinner "Sending" showing) until the answer, then the server's message
#     "That address is taken" is the email field's description until the address changes; a free
#     address joins, and the welcome row greets the name;
#   - orders (bakery:orders): "Rye" typed into "New order", "Order" pressed: the server's patch
#     inserts the row "Rye" before the form and the entry is cleared; the row's default action
#     removes it by another patch, the button "Order" insensitive all along (its field is empty);
#     the server's own list (GET /views/orders.json) agrees each time; an order the test cancels
#     behind the view's back goes too when its row is selected;
#   - oven (bakery:oven): the "Baguettes" row's count changes as the events come; Back leaves the
#     view, and the server sees its stream closed (GET /api/oven/listeners, a debug endpoint);
#   - the server stopped: the join view opens from the copy the viewer kept, and a form sent says
#     it was not sent, and why, keeping what was typed.
# A screenshot of each view at the moment of its checks goes to .build/test-backend-app/. Prints
# FAIL lines and exits non-zero on any failure, within GLOBAL_TIMEOUT; the server and the viewer are
# always stopped. Run by `make test` as test-accessibility.py is: under Xvfb, inside a private D-Bus
# session (whose bus starts the accessibility bus), with the bridge on. Usage:
#   test-backend-app.py PATH/TO/hub-viewer
# Debian's python3 on purpose: python3-gi and gir1.2-atspi-2.0 are installed for it.
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import warnings

warnings.simplefilter("ignore", DeprecationWarning)
import gi  # noqa: E402

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, GLib  # noqa: E402
from atspi_tree import action_names, children, enabled, pause, showing, text_of, walk  # noqa: E402

GLOBAL_TIMEOUT = 120.0  # seconds the whole test may take (it normally takes under 10 s; a loaded
# 2-core machine running a debug build can take several times that)
WAIT = 30.0  # seconds any one wait may take
LATENCY = 0.5  # seconds the server holds each answer to what a view sends
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SHOTS = os.path.join(ROOT, ".build", "test-backend-app")
APP_NAME = "hub-viewer"
NAME = "Grace"
TAKEN = "ada@example.org"  # Examples/backend/server.py's TAKEN
FREE = "grace@example.org"
TEXT_ROLES = (Atspi.Role.TEXT, Atspi.Role.ENTRY)
started = time.monotonic()
failures = []


class Failed(Exception):
    """A check that the rest of the test cannot go on without failed."""


def fail(message):
    failures.append(message)
    print("test-backend-app: FAIL: " + message, file=sys.stderr)


def wait_for(what, probe, timeout=WAIT):
    """Polls `probe` (which returns a value or None) until it returns a value; raises Failed after
    `timeout`, or when the test's own time is up."""
    begun = time.monotonic()
    deadline = min(begun + timeout, started + GLOBAL_TIMEOUT)
    last_error = None
    while True:
        try:
            value = probe()
            if value is not None:
                return value
        except GLib.Error as error:  # an object went away while we looked: look again
            last_error = error
        if time.monotonic() >= deadline:
            break
        pause(0.05)
    raise Failed("timed out after %.0f s waiting for %s%s"
                 % (time.monotonic() - begun, what, " (%s)" % last_error if last_error else ""))


def do(accessible, *names):
    """Invokes the first of the actions `names` that `accessible` offers."""
    offered = action_names(accessible)
    for name in names:
        if name in offered:
            return Atspi.Action.do_action(accessible, offered.index(name))
    raise Failed("%s %r offers none of the actions %s (it offers %s)"
                 % (accessible.get_role_name(), accessible.get_name(), names, offered))


def find_app():
    desktop = Atspi.get_desktop(0)
    desktop.clear_cache()
    for app in children(desktop):
        if app.get_name() == APP_NAME:
            return app
    return None


class Window:
    """The viewer's window as the accessibility bus shows it, looked at afresh at each call."""

    def __init__(self, app):
        self.app = app

    def objects(self):
        self.app.clear_cache()
        frames = [child for child in children(self.app) if child.get_role() == Atspi.Role.FRAME and showing(child)]
        return list(walk(frames[0])) if frames else []

    def title(self):
        frames = [item for item in self.objects() if item.get_role() == Atspi.Role.FRAME]
        return frames[0].get_name() if frames else None

    def address(self):
        fields = [item for item in self.objects() if item.get_role() in TEXT_ROLES and item.get_name() == "Address"]
        return fields[0] if fields else None

    def named(self, role, name):
        """The objects of `role` (a role or a tuple of roles) named `name`, in tree order."""
        roles = role if isinstance(role, tuple) else (role,)
        return [item for item in self.objects() if item.get_role() in roles and item.get_name() == name]

    def rows(self):
        """The view's components: the window's list items, in tree order."""
        return [item for item in self.objects() if item.get_role() == Atspi.Role.LIST_ITEM]

    def row_names(self):
        return [item.get_name() for item in self.rows()]

    def wait_named(self, what, role, name):
        """Waits for an object of `role` named `name`, and returns it."""
        return wait_for("%s: a %s named %r" % (what, getattr(role, "value_nick", role), name),
                        lambda: (self.named(role, name) or [None])[0])

    def open(self, uri, title):
        """Opens `uri` as a person does: typed into the address entry, then Enter (the entry's
        activation); waits until the window shows it, titled `title`, with components."""
        entry = wait_for("the address entry", self.address)
        Atspi.EditableText.set_text_contents(entry, uri)
        do(entry, "activate")
        self.wait_view(uri, title)

    def wait_view(self, uri, title):
        def probe():
            entry = self.address()
            return True if self.title() == title and entry is not None and text_of(entry) == uri \
                and self.rows() else None
        wait_for("%s (window title %r) with components" % (uri, title), probe)


def type_into(field, text, replace=False):
    """Types `text` into `field` with the keyboard, after selecting what it holds when `replace`."""
    Atspi.Component.grab_focus(field)
    wait_for("the focus in %r" % field.get_name(),
             lambda: True if field.get_state_set().contains(Atspi.StateType.FOCUSED) else None)
    if replace:
        subprocess.run(["xdotool", "key", "ctrl+a"], check=True)
    subprocess.run(["xdotool", "type", "--delay", "30", text], check=True)
    wait_for("%r to hold %r" % (field.get_name(), text), lambda: True if text_of(field) == text else None)


def screenshot(name):
    """The screen as it is now, to .build/test-backend-app/NAME.png, for a person to look at."""
    os.makedirs(SHOTS, exist_ok=True)
    path = os.path.join(SHOTS, name + ".png")
    subprocess.run(["import", "-window", "root", path], check=False, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return path


class Server:
    """Examples/backend/server.py on a free loopback port, and what the test asks it directly."""

    def __init__(self, folder):
        self.manifest = os.path.join(folder, "app.json")
        self.log = open(os.path.join(folder, "server.log"), "w+")
        self.process = subprocess.Popen(
            [sys.executable, os.path.join(ROOT, "Examples", "backend", "server.py"), "--port", "0",
             "--manifest-out", self.manifest, "--interval", "0.2", "--latency", str(LATENCY), "--verbose"],
            stdout=subprocess.PIPE, stderr=self.log, text=True)
        line = self.process.stdout.readline().strip()  # "serving the Corner Bakery on http://127.0.0.1:PORT"
        if not line.startswith("serving ") or "http://" not in line:
            self.process.kill()  # whatever it is doing: the test does not know where it serves
            self.process.wait()
            self.log.seek(0)
            raise Failed("the server did not start (it wrote %r, status %s):\n%s"
                         % (line, self.process.returncode, self.log.read().strip()))
        self.origin = line[line.index("http://"):]

    def get(self, path):
        with urllib.request.urlopen(self.origin + path, timeout=10) as answer:
            return json.load(answer)

    def delete(self, path):
        request = urllib.request.Request(self.origin + path, method="DELETE")
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status

    def orders(self):
        """The titles of the orders the server holds, from the view it makes of them."""
        body = self.get("/views/orders.json")["body"]
        return [item["text"]["title"] for item in body if item["id"].startswith("order-")]

    def listeners(self):
        return self.get("/api/oven/listeners")["listeners"]

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def output(self):
        self.log.seek(0)
        return self.log.read().strip()


def start_viewer(path, manifest, uri, log):
    environment = dict(os.environ)
    environment.pop("NO_AT_BRIDGE", None)  # GTK talks to the accessibility bus
    viewer = subprocess.Popen([path, "--no-live", "--manifest", manifest, uri], env=environment, stdout=log,
                              stderr=subprocess.STDOUT)

    def on_the_bus():
        if viewer.poll() is not None:
            log.seek(0)
            raise Failed("hub-viewer exited with status %d before it appeared on the accessibility bus:\n%s"
                         % (viewer.returncode, log.read().strip()))
        return find_app()
    return viewer, on_the_bus


def check_join(window):
    """A form the server checks: a 422 with a message for the email field, then a 200 that sets a variable."""
    window.wait_view("bakery:join", "Join")
    name = window.wait_named("join", TEXT_ROLES, "Name")
    email = window.wait_named("join", TEXT_ROLES, "Email")
    join = window.wait_named("join", Atspi.Role.PUSH_BUTTON, "Join")
    if enabled(join):
        fail("join: the button is enabled before anything is typed")
    type_into(name, NAME)
    type_into(email, TAKEN)
    join = wait_for("join: the button enabled once the form is valid",
                    lambda: next((b for b in window.named(Atspi.Role.PUSH_BUTTON, "Join") if enabled(b)), None))
    do(join, "click", "activate")

    # Busy until the answer: the button insensitive, its spinner "Sending" shown.
    def busy():
        buttons = window.named(Atspi.Role.PUSH_BUTTON, "Join")
        spinners = window.named(Atspi.Role.ANIMATION, "Sending")
        return True if spinners and buttons and not enabled(buttons[0]) else None

    def message(text):
        fields = window.named(TEXT_ROLES, "Email")
        labels = window.named(Atspi.Role.LABEL, text)
        return True if labels or (fields and fields[0].get_description() == text) else None
    # The server holds its answer LATENCY s; each look at the window takes a few hundredths.
    seen = wait_for("join: the button busy (insensitive, with a spinner 'Sending') while the server answers",
                    lambda: "busy" if busy() else "answered" if message("That address is taken") else None)
    if seen == "busy":
        screenshot("join-1-sending")
    else:
        fail("join: the server's answer came, held %.1f s, and the button was never seen busy (insensitive, "
             "with a spinner 'Sending')" % LATENCY)
    wait_for("join: the server's message 'That address is taken' (the email field's description or a label)",
             lambda: message("That address is taken"))
    screenshot("join-2-taken")
    if window.named(Atspi.Role.ANIMATION, "Sending"):
        fail("join: the spinner 'Sending' still shows after the answer")
    if window.named(Atspi.Role.LIST_ITEM, "Welcome, %s!" % NAME):
        fail("join: the welcome row shows although the address was taken")

    # A free address: the message goes as the person changes the field, and the server welcomes them.
    email = window.wait_named("join", TEXT_ROLES, "Email")
    type_into(email, FREE, replace=True)
    wait_for("join: the message gone once the address changed",
             lambda: None if message("That address is taken") else True)
    join = wait_for("join: the button enabled with the free address",
                    lambda: next((b for b in window.named(Atspi.Role.PUSH_BUTTON, "Join") if enabled(b)), None))
    do(join, "click", "activate")
    window.wait_named("join", Atspi.Role.LIST_ITEM, "Welcome, %s!" % NAME)
    screenshot("join-3-welcome")
    if window.named(TEXT_ROLES, "Email") or window.named(Atspi.Role.PUSH_BUTTON, "Join"):
        fail("join: the form still shows beside the welcome row")
    print("test-backend-app: join: the server's message for a taken address, then the welcome for %s" % FREE)


def check_orders(window, server):
    """A list the server keeps: an order added and removed, each by a patch the server answers with."""
    window.open("bakery:orders", "Orders")
    before = window.row_names()
    for title in server.orders():
        if title not in before:
            fail("orders: the server's order %r has no row (rows: %s)" % (title, before))
    if "Rye" in before:
        raise Failed("orders: a row 'Rye' before any was ordered")
    field = window.wait_named("orders", TEXT_ROLES, "New order")
    type_into(field, "Rye")
    order = wait_for("orders: the button 'Order' enabled",
                     lambda: next((b for b in window.named(Atspi.Role.PUSH_BUTTON, "Order") if enabled(b)), None))
    do(order, "click", "activate")
    rye = window.wait_named("orders: the row the server's patch inserts", Atspi.Role.LIST_ITEM, "Rye")
    screenshot("orders-1-added")
    wait_for("orders: the entry 'New order' cleared (the request's onSuccess)",
             lambda: True if text_of(window.wait_named("orders", TEXT_ROLES, "New order")) == "" else None)
    # Where the patch puts it: before the form, the other rows as they were.
    names = window.row_names()
    form = before.index("New order") if "New order" in before else len(before)
    if names != before[:form] + ["Rye"] + before[form:]:
        fail("orders: the rows are %s after the order, not %s with 'Rye' before the form" % (names, before))
    if server.orders().count("Rye") != 1:
        fail("orders: the server does not hold the order 'Rye' once: %s" % server.orders())

    def order_enabled():
        return any(enabled(button) for button in window.named(Atspi.Role.PUSH_BUTTON, "Order"))
    if order_enabled():
        fail("orders: the button 'Order' is enabled with the 'New order' field empty")

    # The row's default action: a DELETE, answered by a patch that removes it. Meanwhile the form is
    # as it was: the button 'Order' stays insensitive, its field being empty.
    do(rye, "activate")
    deadline = time.monotonic() + WAIT
    while "Rye" in window.row_names() and time.monotonic() < deadline:
        if order_enabled():
            screenshot("orders-2-removing")
            fail("orders: the button 'Order' became enabled, with the 'New order' field empty, while "
                 "the removal of 'Rye' waited for the server")
            break
        pause(0.05)
    wait_for("orders: the row 'Rye' removed by the server's patch",
             lambda: None if "Rye" in window.row_names() else True)
    screenshot("orders-3-removed")
    if order_enabled():
        fail("orders: the button 'Order' is enabled after the removal, with the 'New order' field empty")
    if window.row_names() != before:
        fail("orders: after the removal the rows are %s, not %s as before" % (window.row_names(), before))
    if "Rye" in server.orders():
        fail("orders: the server still holds the order 'Rye': %s" % server.orders())

    # An order cancelled elsewhere (the test asks the server itself) while this view still shows it:
    # selecting its row removes it all the same.
    server.delete("/api/orders/1")
    sourdough = window.wait_named("orders", Atspi.Role.LIST_ITEM, "Sourdough")
    do(sourdough, "activate")
    wait_for("orders: the row 'Sourdough', cancelled elsewhere, removed when selected",
             lambda: None if "Sourdough" in window.row_names() else True)
    screenshot("orders-4-gone-already")
    expected = [name for name in before if name != "Sourdough"]
    if window.row_names() != expected:
        fail("orders: the rows are %s, not %s" % (window.row_names(), expected))
    print("test-backend-app: orders: 'Rye' added and removed by the server's patches, and the server agrees; an "
          "order cancelled elsewhere goes too")


def check_oven(window, server):
    """A view the server keeps current, and the stream closed when the view is left."""
    window.open("bakery:oven", "In the oven")

    def count():
        """The number the row 'Baguettes' shows: its accessory, a label inside the row (or a part of
        the row's name or description, should the row ever say it there)."""
        rows = [row for row in window.rows() if (row.get_name() or "").startswith("Baguettes")]
        if not rows:
            return None
        texts = [rows[0].get_name(), rows[0].get_description()]
        texts += [item.get_name() for item in walk(rows[0]) if item.get_role() == Atspi.Role.LABEL]
        digits = [word for text in texts if text for word in text.split() if word.isdigit()]
        return digits[-1] if digits else None
    first = wait_for("oven: a count in the row 'Baguettes' (its name or description)", count)
    # The count is a random walk, and may come back to where it was: it must move within the second.
    seen = [first]
    deadline = time.monotonic() + 1.0
    while time.monotonic() < deadline:
        pause(0.1)
        value = count()
        if value is not None and value != seen[-1]:
            seen.append(value)
    screenshot("oven-1-live")
    if len(seen) < 2:
        fail("oven: the Baguettes count stayed %s for a second, with the server sending 5 events a second" % first)
    if server.listeners() != 1:
        fail("oven: the server has %d oven streams open while the view shows, not 1" % server.listeners())

    back = window.wait_named("oven", Atspi.Role.PUSH_BUTTON, "Back")
    do(back, "click", "activate")
    window.wait_view("bakery:orders", "Orders")
    wait_for("oven: the server to see the stream closed once the view was left",
             lambda: True if server.listeners() == 0 else None, timeout=5)
    print("test-backend-app: oven: the Baguettes count went %s; the stream closed when the view was left"
          % " → ".join(seen))


def check_server_gone(window, server):
    """The server stopped: a form sent says so, and keeps what was typed. (The join view comes from
    the viewer's cache of documents: its feature never reloads it.)"""
    server.stop()
    window.open("bakery:join", "Join")
    type_into(window.wait_named("server gone", TEXT_ROLES, "Name"), NAME)
    type_into(window.wait_named("server gone", TEXT_ROLES, "Email"), "grace@example.net")
    join = wait_for("server gone: the button 'Join' enabled",
                    lambda: next((b for b in window.named(Atspi.Role.PUSH_BUTTON, "Join") if enabled(b)), None))
    do(join, "click", "activate")
    problem = wait_for("server gone: a row saying the form was not sent, and why",
                       lambda: next((row.get_description() for row in window.rows()
                                     if (row.get_name() or "").startswith("Not sent") and row.get_description()), None))
    screenshot("join-4-server-gone")
    fields = [text_of(window.wait_named("server gone", TEXT_ROLES, name)) for name in ("Name", "Email")]
    if fields != [NAME, "grace@example.net"]:
        fail("server gone: the fields hold %s after the failure, not what was typed" % fields)
    print("test-backend-app: server gone: the join form says %r" % problem)


def watchdog(processes):
    """Ends the test when its time is up even if a call never returns (a D-Bus call to a viewer
    that hangs): each wait gives up by then, so this fires only when something blocked."""
    def expire():
        print("test-backend-app: FAIL: the test took longer than %.0f s; stopping it" % GLOBAL_TIMEOUT,
              file=sys.stderr, flush=True)
        for process in processes:
            if process.poll() is None:
                process.kill()
        os._exit(1)
    timer = threading.Timer(GLOBAL_TIMEOUT + 15, expire)
    timer.daemon = True
    timer.start()
    return timer


def main():
    if len(sys.argv) != 2:
        raise SystemExit("usage: test-backend-app.py PATH/TO/hub-viewer")
    folder = tempfile.mkdtemp(prefix="hub-backend-app-")
    server = viewer = None
    processes = []
    timer = watchdog(processes)
    log = tempfile.TemporaryFile(mode="w+")
    try:
        server = Server(folder)
        processes.append(server.process)
        viewer, on_the_bus = start_viewer(sys.argv[1], server.manifest, "bakery:join", log)
        processes.append(viewer)
        window = Window(wait_for("%s on the accessibility bus" % APP_NAME, on_the_bus))
        check_join(window)
        check_orders(window, server)
        check_oven(window, server)
        check_server_gone(window, server)
    except Failed as error:
        fail(str(error))
        screenshot("failure")
    except Exception as error:  # a bug in the test, or the bus gone: still stop both processes
        fail("%s: %s" % (type(error).__name__, error))
    finally:
        if viewer is not None:
            viewer.terminate()
            try:
                viewer.wait(timeout=10)
            except subprocess.TimeoutExpired:
                viewer.kill()
                viewer.wait()
        if server is not None:
            server.stop()
        if failures:
            log.seek(0)
            for who, output in (("the viewer", log.read().strip()), ("the server", server and server.output())):
                if output:
                    print("test-backend-app: %s wrote:\n%s" % (who, output), file=sys.stderr)
            print("test-backend-app: screenshots in %s" % SHOTS, file=sys.stderr)
        shutil.rmtree(folder, ignore_errors=True)
        timer.cancel()
    if failures:
        raise SystemExit("test-backend-app: %d problem(s)" % len(failures))
    print("test-backend-app: OK (join, orders, oven against the bakery's server) in %.0f s"
          % (time.monotonic() - started))


if __name__ == "__main__":
    main()
