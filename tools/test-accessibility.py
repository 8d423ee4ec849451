#!/usr/bin/python3
# The viewer as assistive technology sees it: starts hub-viewer with GTK's accessibility bridge on
# and walks its accessible tree with libatspi (the library screen readers such as Orca use), over the
# accessibility bus that at-spi2-core's launcher provides. Checks, on the root view, the Cities view
# (two columns of pictures), the Sticky Header view (a header floating over the list) and the
# component showcase:
#   - every object on screen has a role; every component (a list item of the view), every button
#     and the address entry has a name, and a component's name is not its model identifier;
#   - reading order: the components in tree order are in layout order (top to bottom, then left
#     to right, by their on-screen extents);
#   - Back, Forward, Reload and the address entry are there by name;
#   - a component's default action, invoked through AT-SPI, opens its target; the address entry
#     opens a URI typed into it through AT-SPI;
#   - the four example views that respond (Examples/backend/views: counter, filter, settings,
#     sign-up), their buttons, entries, switch and dropdown found by role and name and used through
#     AT-SPI and the keyboard, and the view's answer read back;
#   - Find in a million rows: win.find through org.gtk.Actions on the session bus opens the Find bar,
#     whose field is found by its name; words typed into it through AT-SPI find the row, whose cell
#     comes on screen, and the field's description says "1 of 1"; Escape gives the row the keyboard
#     focus; Ctrl+F opens the bar again.
# Then, in a viewer of its own, what every GNOME app has: the primary menu (its button by name, F10
# opens it, its items announced by name), About (app.about through the menu item, its version), the
# keyboard shortcuts window (Ctrl+?), New Window (Ctrl+N, and app.new-window through
# org.gtk.Actions on the session bus, with gdbus, as any D-Bus client runs it; win.close through the
# window's own object), and Open… (Ctrl+O: GTK's file chooser dialog, as there is no portal; the
# path typed after Ctrl+L) opening a JSON file, which the desktop's recent files then list.
# Then the person's style through a fake settings portal (tools/fake-settings-portal.py, owning
# org.freedesktop.portal.Desktop on the test's session bus): light, dark and light again, each seen
# twice, as a screen reader reads it (a row whose title is the document's @{env.colorScheme}) and as
# the screen shows it (the window's mean luminance on a screenshot of the X server, with ImageMagick).
# Then, in German and in Hebrew (locales compiled with localedef into a temporary folder, the
# catalogues `make test` compiled next to the viewer): the window's title, the header bar's
# buttons and the address entry by their translated names, the error page for an unknown URI, the
# empty state of a document without components, the error state of a missing file, and the
# plural of the row that counts a document's mistakes, with the number in the locale's digits.
# Run by `make test` under Xvfb inside a private D-Bus session (the session bus starts the
# accessibility bus and its registry on demand, by D-Bus activation). The session starts outside
# Xvfb, as for the other tests: started with DISPLAY set, the accessibility bus launcher also talks
# to the X server, and the viewer then sometimes failed to open the display. Keys are sent with
# xdotool (XTest). Usage:
#   test-accessibility.py PATH/TO/hub-viewer
# Debian's python3 on purpose: python3-gi and gir1.2-atspi-2.0 are installed for it.
import os
import subprocess
import sys
import tempfile
import time
import warnings

warnings.simplefilter("ignore", DeprecationWarning)
import gi  # noqa: E402
import json  # noqa: E402
import shutil  # noqa: E402
import urllib.parse  # noqa: E402

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, GLib  # noqa: E402
from atspi_tree import action_names, children, enabled, pause, showing, text_of, walk  # noqa: E402

TIMEOUT = 60.0  # seconds any one wait may take before the test fails (each normally takes < 1 s; a
# loaded 2-core CI machine building a million rows in a debug build can take much longer)
APP_NAME = "hub-viewer"
INTERACTIVE = {Atspi.Role.PUSH_BUTTON, Atspi.Role.TOGGLE_BUTTON, Atspi.Role.CHECK_BOX, Atspi.Role.RADIO_BUTTON,
               Atspi.Role.ENTRY, Atspi.Role.PASSWORD_TEXT, Atspi.Role.LINK, Atspi.Role.COMBO_BOX,
               Atspi.Role.MENU_ITEM, Atspi.Role.SLIDER, Atspi.Role.SPIN_BUTTON}
NO_ROLE = {Atspi.Role.INVALID, Atspi.Role.UNKNOWN}
failures = []


def fail(message):
    failures.append(message)
    print("test-accessibility: FAIL: " + message, file=sys.stderr)


def wait_for(what, probe, timeout=TIMEOUT):
    """Polls `probe` (which returns a value or None) until it returns a value; fails after `timeout`."""
    deadline = time.monotonic() + timeout
    last_error = None
    while time.monotonic() < deadline:
        try:
            value = probe()
            if value is not None:
                return value
        except GLib.Error as error:  # an object went away while we looked: look again
            last_error = error
        pause(0.1)
    raise SystemExit("test-accessibility: FAIL: timed out after %.0f s waiting for %s%s"
                     % (timeout, what, " (%s)" % last_error if last_error else ""))


def extents(accessible):
    box = Atspi.Component.get_extents(accessible, Atspi.CoordType.WINDOW)
    return box.x, box.y, box.width, box.height


def describe(accessible):
    try:
        return "%s %r at %s" % (accessible.get_role_name(), accessible.get_name(), extents(accessible)[:2])
    except GLib.Error:
        return "%s %r" % (accessible.get_role_name(), accessible.get_name())


def find_app():
    desktop = Atspi.get_desktop(0)
    desktop.clear_cache()
    for app in children(desktop):
        if app.get_name() == APP_NAME:
            return app
    return None


def main_window(app):
    frames = [child for child in children(app) if child.get_role() == Atspi.Role.FRAME and showing(child)]
    return frames[0] if frames else None


def components(window):
    """The view's components: the list items of the window, in tree order."""
    return [item for item in walk(window) if item.get_role() == Atspi.Role.LIST_ITEM]


def address_entry(window):
    for item in walk(window):
        if item.get_role() in (Atspi.Role.TEXT, Atspi.Role.ENTRY) \
                and item.get_state_set().contains(Atspi.StateType.EDITABLE):
            return item
    return None


def wait_for_view(app, uri, title):
    """Waits until the window shows `uri` (in the address entry) titled `title`, with components."""
    def probe():
        app.clear_cache()
        window = main_window(app)
        if window is None or window.get_name() != title:
            return None
        entry = address_entry(window)
        if entry is None or text_of(entry) != uri:
            return None
        return window if components(window) else None
    return wait_for("%s (window title %r) with components" % (uri, title), probe)


def check_view(window, uri):
    """The role, name and reading-order checks, on what `window` shows now."""
    for item in walk(window):
        role = item.get_role()
        if role in NO_ROLE:
            fail("%s: an object on screen has no role: %s" % (uri, describe(item)))
        editable = role == Atspi.Role.TEXT and item.get_state_set().contains(Atspi.StateType.EDITABLE)
        if (role in INTERACTIVE or editable) and not (item.get_name() or "").strip():
            fail("%s: a %s has no name: %s" % (uri, item.get_role_name(), describe(item)))
    items = components(window)
    for item in items:
        name = (item.get_name() or "").strip()
        identifier = item.get_attributes().get("id")
        if not name:
            fail("%s: a component has no name: %s" % (uri, describe(item)))
        elif identifier is not None and name == identifier:
            fail("%s: a component is named after its model identifier only: %s" % (uri, describe(item)))
        if "activate" not in action_names(item):
            fail("%s: component %r has no default action (actions: %s)" % (uri, name, action_names(item)))
    # Reading order: each component starts below the previous one, or on the same line to its right.
    placed = [(extents(item), item) for item in items]
    for (before, first), (after, second) in zip(placed, placed[1:]):
        same_line = abs(before[1] - after[1]) <= 1
        if not (after[1] > before[1] + 1 or (same_line and after[0] >= before[0])):
            fail("%s: reading order differs from layout order: %s is read before %s"
                 % (uri, describe(first), describe(second)))
    print("test-accessibility: %s: %d components: %s" % (uri, len(items), ", ".join(repr(i.get_name()) for i in items[:6])
                                                         + (", …" if len(items) > 6 else "")))
    return items


def named(window, role, name):
    return [item for item in walk(window) if item.get_role() == role and item.get_name() == name]


# What the translated passes look for: po/de.po and po/he.po translate these messages so.
TRANSLATIONS = {
    "de_DE": {
        "root": "Hub-Framework-Demo", "buttons": ("Zurück", "Vorwärts", "Neu laden"), "address": "Adresse",
        "error page": "Nichts anzuzeigen", "unhandled": "Keine Funktion öffnet „\u2068nosuch:view\u2069“.",
        "empty": "Hier gibt es nichts anzuzeigen", "failed": "Diese Ansicht konnte nicht geladen werden",
        "retry": "Erneut versuchen", "ignored": "1.234 Teile dieses Dokuments wurden ignoriert",
    },
    "he_IL": {
        "root": "הדגמת Hub Framework", "buttons": ("אחורה", "קדימה", "טעינה מחדש"), "address": "כתובת",
        "error page": "אין מה להציג", "unhandled": "אין תכונה שמטפלת ב־“\u2068nosuch:view\u2069”.",
        "empty": "אין כאן מה להציג", "failed": "לא ניתן היה לטעון את התצוגה הזאת",
        "retry": "ניסיון נוסף", "ignored": "1,234 חלקים מהמסמך הזה הושמטו",
    },
}


def start_viewer(path, environment, log):
    viewer = subprocess.Popen([path, "--no-live", "hub-demo:root"], env=environment, stdout=log,
                              stderr=subprocess.STDOUT)

    def viewer_on_the_bus():
        if viewer.poll() is not None:
            log.seek(0)
            raise SystemExit("test-accessibility: FAIL: hub-viewer exited with status %d before it "
                             "appeared on the accessibility bus:\n%s" % (viewer.returncode, log.read().strip()))
        return find_app()
    return viewer, wait_for("%s on the accessibility bus" % APP_NAME, viewer_on_the_bus)


def stop_viewer(viewer, log, who):
    """Stops the viewer, and shows what it wrote when a check failed."""
    viewer.terminate()
    try:
        viewer.wait(timeout=10)
    except subprocess.TimeoutExpired:
        viewer.kill()
    if failures:
        log.seek(0)
        output = log.read().strip()
        if output:
            print("test-accessibility: %s wrote:\n%s" % (who, output), file=sys.stderr)
    # The next viewer must not find this one on the bus.
    wait_for("%s to leave the accessibility bus" % APP_NAME, lambda: True if find_app() is None else None)


def open_in_entry(app, uri):
    window = main_window(app)
    entry = address_entry(window)
    Atspi.EditableText.set_text_contents(entry, uri)
    Atspi.Action.do_action(entry, action_names(entry).index("activate"))


def wait_for_named(app, what, role, name):
    """Waits until the window shows an object of `role` named `name`."""
    def probe():
        app.clear_cache()
        window = main_window(app)
        return (window and named(window, role, name)) or None
    return wait_for("%s: a %s named %r" % (what, role.value_nick, name), probe)


def check_translated(path, locale, folder):
    """The viewer in `locale`: its own strings and the framework's, as assistive technology reads them."""
    expected = TRANSLATIONS[locale]
    environment = dict(os.environ)
    environment.pop("NO_AT_BRIDGE", None)
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        environment.pop(variable, None)
    environment.update(LANG=locale + ".UTF-8", LOCPATH=folder)
    log = tempfile.TemporaryFile(mode="w+")
    viewer, app = start_viewer(path, environment, log)
    try:
        window = wait_for_view(app, "hub-demo:root", expected["root"])
        for name in expected["buttons"]:
            if not named(window, Atspi.Role.PUSH_BUTTON, name):
                fail("%s: no push button named %r in the window" % (locale, name))
        entry = address_entry(window)
        if entry.get_name() != expected["address"]:
            fail("%s: the address entry is named %r, not %r" % (locale, entry.get_name(), expected["address"]))
        # The error page, for a URI no feature handles.
        open_in_entry(app, "nosuch:view")
        window = wait_for_view(app, "nosuch:view", expected["error page"])
        names = [item.get_name() for item in components(window)]
        if expected["unhandled"] not in names:
            fail("%s: the error page does not say %r: %s" % (locale, expected["unhandled"], names))
        # The empty state of a document without components, and the error state of a missing file.
        documents = tempfile.mkdtemp(prefix="hub-a11y-")
        try:
            empty = os.path.join(documents, "empty.json")
            with open(empty, "w") as file:
                json.dump({"title": "Empty", "body": []}, file)
            open_in_entry(app, "file://" + empty)
            wait_for_named(app, locale, Atspi.Role.LABEL, expected["empty"])
            open_in_entry(app, "file://" + os.path.join(documents, "missing.json"))
            wait_for_named(app, locale, Atspi.Role.LABEL, expected["failed"])
            wait_for_named(app, locale, Atspi.Role.PUSH_BUTTON, expected["retry"])
            # A plural with a number in the locale's digits: 1,234 mistakes, one per row.
            mistakes = os.path.join(documents, "mistakes.json")
            with open(mistakes, "w") as file:
                json.dump({"title": "Mistakes", "body": [{"id": "r%d" % i, "text": {"title": i}} for i in range(1234)]},
                          file)
            open_in_entry(app, "file://" + mistakes)

            def problems_row():
                app.clear_cache()
                rows = components(main_window(app))
                return rows if rows and (rows[0].get_name() or "").startswith(expected["ignored"]) else None
            wait_for("%s: a first row saying %r" % (locale, expected["ignored"]), problems_row)
        finally:
            shutil.rmtree(documents)
        print("test-accessibility: %s: the title, the header bar, the address entry, the error page, the empty "
              "and the error state, and a plural with its number are translated" % locale)
    finally:
        stop_viewer(viewer, log, "the viewer in " + locale)


def compile_locales(folder):
    for locale in TRANSLATIONS:
        subprocess.run(["localedef", "-i", locale, "-f", "UTF-8", os.path.join(folder, locale + ".UTF-8")],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Examples", "backend", "views")


def example_uri(name):
    return "hub-json:file://" + os.path.realpath(os.path.join(EXAMPLES, name))


def component_names(app):
    app.clear_cache()
    window = main_window(app)
    return [item.get_name() for item in components(window)] if window else []


def wait_for_component(app, what, name):
    return wait_for("%s: a component named %r" % (what, name),
                    lambda: True if name in component_names(app) else None)


def do(accessible, *names):
    """Invokes the first of the actions `names` that `accessible` offers."""
    offered = action_names(accessible)
    for name in names:
        if name in offered:
            return Atspi.Action.do_action(accessible, offered.index(name))
    fail("%s offers none of the actions %s (it offers %s)" % (describe(accessible), names, offered))
    return False


def field_named(app, what, name):
    """Waits for an editable text field named `name` (GTK 3's entries have the role TEXT)."""
    def probe():
        app.clear_cache()
        window = main_window(app)
        fields = [item for item in walk(window) if item.get_name() == name
                  and item.get_role() in (Atspi.Role.TEXT, Atspi.Role.ENTRY, Atspi.Role.PASSWORD_TEXT)
                  and item.get_state_set().contains(Atspi.StateType.EDITABLE)] if window else []
        return fields[0] if fields else None
    return wait_for("%s: a text field named %r" % (what, name), probe)


def check_examples(app):
    """The four views of Examples/backend/views that respond, driven as a screen reader user drives
    them: controls found by role and name, changed through AT-SPI, and the view's answer read back."""
    # Counter: a button "Add one" under a text "Count: N".
    uri = example_uri("counter.json")
    open_in_entry(app, uri)
    window = wait_for_view(app, uri, "Counter")
    check_view(window, uri)
    button = wait_for_named(app, "counter", Atspi.Role.PUSH_BUTTON, "Add one")[0]
    for count in (1, 2):
        do(button, "click", "activate")
        wait_for_component(app, "counter after %d presses" % count, "Count: %d" % count)
    # Keyboard: the button takes the focus, and Space presses it.
    Atspi.Component.grab_focus(button)
    pause(0.3)
    subprocess.run(["xdotool", "key", "space"], check=True)
    wait_for_component(app, "counter after Space", "Count: 3")

    # Filter: an entry "Filter" over 1,000 rows.
    uri = example_uri("filter.json")
    open_in_entry(app, uri)
    window = wait_for_view(app, uri, "Filter")
    check_view(window, uri)
    field = field_named(app, "filter", "Filter")
    Atspi.Component.grab_focus(field)
    pause(0.3)
    subprocess.run(["xdotool", "type", "--delay", "50", "99"], check=True)

    def filtered():
        rows = [name for name in component_names(app) if name and name.startswith("Item ")]
        return rows if rows and rows[0] == "Item 99" and all("99" in name for name in rows) else None
    rows = wait_for("filter: the rows whose title contains 99", filtered)
    print("test-accessibility: %s: typing 99 leaves %s" % (uri, ", ".join(rows[:5]) + ", …"))

    # Settings: a switch that shows a section, a dropdown shown in a text.
    uri = example_uri("settings.json")
    open_in_entry(app, uri)
    window = wait_for_view(app, uri, "Settings")
    if "Oven" in component_names(app):
        fail("settings: the details show before the switch is turned on")
    switch = [item for item in walk(window) if item.get_name() == "Show details"
              and item.get_role() in (Atspi.Role.TOGGLE_BUTTON, Atspi.Role.CHECK_BOX)]
    if not switch:
        fail("settings: no switch named 'Show details'")
    else:
        do(switch[0], "toggle", "click", "activate")
        wait_for_component(app, "settings after the switch", "Oven")
        check_view(main_window(app), uri + " (details shown)")
    size = wait_for_named(app, "settings", Atspi.Role.COMBO_BOX, "Size")[0]
    Atspi.Selection.select_child(size, 2)
    wait_for_component(app, "settings after choosing the size", "Size: Large")

    # Sign up: two entries and a button that waits for a valid form.
    uri = example_uri("signup.json")
    open_in_entry(app, uri)
    window = wait_for_view(app, uri, "Sign up")
    name = field_named(app, "sign-up", "Name")
    email = field_named(app, "sign-up", "Email")
    send = wait_for_named(app, "sign-up", Atspi.Role.PUSH_BUTTON, "Sign up")[0]
    if enabled(send):
        fail("sign-up: the button is enabled before anything is typed")
    Atspi.EditableText.set_text_contents(name, "Ada")
    Atspi.Component.grab_focus(email)
    pause(0.3)
    subprocess.run(["xdotool", "type", "--delay", "50", "a@"], check=True)
    subprocess.run(["xdotool", "key", "Tab"], check=True)  # the person leaves the field

    def message_shown():
        app.clear_cache()
        window = main_window(app)
        texts = [item for item in walk(window) if item.get_name() == "Enter an email address"
                 or (item.get_name() == "Email" and item.get_description() == "Enter an email address")]
        return texts or None
    wait_for("sign-up: the message 'Enter an email address' once the field is left", message_shown)
    app.clear_cache()
    send = named(main_window(app), Atspi.Role.PUSH_BUTTON, "Sign up")[0]
    if enabled(send):
        fail("sign-up: the button is enabled with the email 'a@'")
    email = field_named(app, "sign-up", "Email")
    Atspi.EditableText.set_text_contents(email, "ada@example.org")

    def sendable():
        app.clear_cache()
        buttons = named(main_window(app), Atspi.Role.PUSH_BUTTON, "Sign up")
        return buttons[0] if buttons and enabled(buttons[0]) else None
    send = wait_for("sign-up: the button enabled once the form is valid", sendable)
    do(send, "click", "activate")
    wait_for_component(app, "sign-up after pressing the button",
                       "Thank you, Ada. The first letter goes to ada@example.org.")
    check_view(main_window(app), uri + " (sent)")
    print("test-accessibility: the counter, filter, settings and sign-up examples respond through AT-SPI")


APP_ID = "org.hubframework.Viewer"
APP_PATH = "/org/hubframework/Viewer"


def gdbus_activate(path, action):
    """Runs the action `action` of the object at `path` through org.gtk.Actions, as a D-Bus client
    (a desktop shell, a script) does."""
    subprocess.run(["gdbus", "call", "--session", "--dest", APP_ID, "--object-path", path,
                    "--method", "org.gtk.Actions.Activate", action, "[]", "{}"], check=True, stdout=subprocess.DEVNULL)


def frames(app):
    """The viewer's windows on screen (frames: its main windows and the shortcuts window)."""
    app.clear_cache()
    return [child for child in children(app) if child.get_role() == Atspi.Role.FRAME and showing(child)]


def windows_named(app, name):
    return [window for window in frames(app) if window.get_name() == name]


def focus_main_window(app):
    """Gives the keyboard focus to the first window's address entry, as a user clicking in it does,
    so that the keys xdotool sends go to that window (without a window manager, a window that
    closes leaves the focus nowhere)."""
    Atspi.Component.grab_focus(address_entry(main_window(app)))
    pause(0.3)


def key(*keys):
    subprocess.run(["xdotool", "key"] + list(keys), check=True)


def find_field(app):
    """The Find bar's field, while it is on screen."""
    app.clear_cache()
    window = main_window(app)
    fields = window and [item for item in walk(window) if item.get_role() in (Atspi.Role.TEXT, Atspi.Role.ENTRY)
                         and item.get_name() == "Find in View"]
    return fields[0] if fields else None


def check_find(app):
    """Find in the million rows shown: win.find on D-Bus, the words typed through AT-SPI, the count
    read from the field's description, the row found on screen, then focused by Escape."""
    gdbus_activate(APP_PATH + "/window/1", "find")
    field = wait_for("the Find bar's field, named 'Find in View', after win.find on D-Bus", lambda: find_field(app))
    started = time.monotonic()
    Atspi.EditableText.set_text_contents(field, "Row 999999")
    wait_for("the Find bar to say '1 of 1' (its field's description)",
             lambda: True if find_field(app) and find_field(app).get_description() == "1 of 1" else None)

    def found_row():
        app.clear_cache()
        rows = [item for item in components(main_window(app)) if item.get_name() == "Row number 999999"]
        return rows[0] if rows else None
    row = wait_for("'Row number 999999' on screen", found_row)
    elapsed = time.monotonic() - started
    _, top, _, height = extents(row)
    _, window_top, _, window_height = extents(main_window(app))
    if top < 0 or top + height > window_height:
        fail("the row found is not inside the window: %s" % describe(row))
    Atspi.Component.grab_focus(find_field(app))
    pause(0.3)
    key("Escape")
    wait_for("the row found to have the keyboard focus after Escape",
             lambda: True if found_row() and found_row().get_state_set().contains(Atspi.StateType.FOCUSED) else None)
    # The bar slides away: its field is on screen until the slide ends.
    wait_for("Escape to close the Find bar", lambda: True if find_field(app) is None else None)
    key("ctrl+f")
    wait_for("the Find bar again after Ctrl+F", lambda: find_field(app))
    key("Escape")
    wait_for("the Find bar closed", lambda: True if find_field(app) is None else None)
    print("test-accessibility: Find: win.find on D-Bus, 'Row 999999' in a million rows found and on screen in "
          "%.1f s, '1 of 1'; Escape focused the row; Ctrl+F" % elapsed)


def check_app_shell(path, environment):
    """The primary menu, About, the shortcuts window, New Window and Open…, in a viewer of its own."""
    folder = tempfile.mkdtemp(prefix="hub-a11y-shell-")
    environment = dict(environment, XDG_DATA_HOME=os.path.join(folder, "data"))  # the recent files go here
    document = os.path.join(folder, "chosen view.json")
    with open(document, "w") as stream:
        json.dump({"title": "Chosen From The Dialog", "body": [{"id": "a", "text": {"title": "A row"}}]}, stream)
    log = tempfile.TemporaryFile(mode="w+")
    viewer, app = start_viewer(path, environment, log)
    try:
        window = wait_for_view(app, "hub-demo:root", "Hub Framework Demo")

        # The primary menu: a toggle button named for screen readers, opened by F10, its items buttons
        # with names.
        menu = named(window, Atspi.Role.TOGGLE_BUTTON, "Main Menu")
        if not menu:
            fail("no toggle button named 'Main Menu' in the header bar")
        focus_main_window(app)
        key("F10")
        items = ("New Window", "Open…", "Keyboard Shortcuts", "About Hub Viewer")
        for name in items:
            wait_for_named(app, "the primary menu after F10", Atspi.Role.PUSH_BUTTON, name)
        if menu and not menu[0].get_state_set().contains(Atspi.StateType.CHECKED):
            fail("the menu button does not say that its menu is open")
        print("test-accessibility: the primary menu (F10): %s" % ", ".join(items))

        # About, through its menu item's action: a dialog named for the app, with its version.
        about_item = named(main_window(app), Atspi.Role.PUSH_BUTTON, "About Hub Viewer")[0]
        do(about_item, "click")

        def about_dialog():
            app.clear_cache()
            dialogs = [child for child in children(app) if child.get_role() == Atspi.Role.DIALOG
                       and child.get_name() == "About Hub Viewer" and showing(child)]
            return dialogs[0] if dialogs else None
        about = wait_for("the About dialog", about_dialog)
        labels = [item.get_name() for item in walk(about) if item.get_role() == Atspi.Role.LABEL]
        if "0.1.0" not in labels or "Hub Viewer" not in labels:
            fail("the About dialog shows neither the name nor the version 0.1.0: %s" % labels)
        close = named(about, Atspi.Role.PUSH_BUTTON, "Close")
        if not close:
            fail("the About dialog has no Close button")
        else:
            do(close[0], "click")
        wait_for("the About dialog to close", lambda: True if about_dialog() is None else None)
        print("test-accessibility: About: %s" % ", ".join(repr(label) for label in labels if label))

        # The keyboard shortcuts window (Ctrl+?), named, listing the shortcuts by what they do.
        focus_main_window(app)
        key("ctrl+question")
        shortcuts = wait_for("the shortcuts window after Ctrl+?",
                             lambda: (windows_named(app, "Keyboard Shortcuts") or [None])[0])
        listed = [item.get_name() for item in walk(shortcuts) if item.get_role() == Atspi.Role.LABEL]
        for title in ("Open a new window", "Open a file", "Go back", "Scroll down a page", "Show the main menu"):
            if title not in listed:
                fail("the shortcuts window does not list %r: %s" % (title, listed))
        key("Escape")
        wait_for("the shortcuts window to close", lambda: None if windows_named(app, "Keyboard Shortcuts") else True)
        print("test-accessibility: the shortcuts window lists %d labels" % len(listed))

        # New Window: Ctrl+N, then app.new-window through org.gtk.Actions on the session bus.
        focus_main_window(app)
        key("ctrl+n")
        wait_for("a second window after Ctrl+N", lambda: True if len(windows_named(app, "Hub Framework Demo")) == 2 else None)
        gdbus_activate(APP_PATH, "new-window")
        wait_for("a third window after app.new-window on D-Bus",
                 lambda: True if len(windows_named(app, "Hub Framework Demo")) == 3 else None)
        for number in (2, 3):
            gdbus_activate("%s/window/%d" % (APP_PATH, number), "close")
        wait_for("the new windows closed by win.close on D-Bus",
                 lambda: True if len(windows_named(app, "Hub Framework Demo")) == 1 else None)
        print("test-accessibility: New Window by Ctrl+N and by app.new-window on D-Bus; win.close on D-Bus")

        # Open…: Ctrl+O shows GTK's file chooser (no portal here); Ctrl+L takes a path.
        focus_main_window(app)
        key("ctrl+o")

        def chooser():
            app.clear_cache()
            dialogs = [child for child in children(app) if child.get_role() in (Atspi.Role.DIALOG, Atspi.Role.FILE_CHOOSER)
                       and showing(child)]
            return dialogs[0] if dialogs else None
        dialog = wait_for("the file chooser after Ctrl+O", chooser)
        print("test-accessibility: Open…: %s %r" % (dialog.get_role_name(), dialog.get_name()))
        pause(0.5)
        key("ctrl+l")
        pause(0.3)
        subprocess.run(["xdotool", "type", "--delay", "20", document], check=True)
        pause(0.3)
        key("Return")
        wait_for("the chosen file in the window",
                 lambda: True if windows_named(app, "Chosen From The Dialog") else None)
        recent = os.path.join(folder, "data", "recently-used.xbel")
        uri = "file://" + urllib.parse.quote(document)

        def listed_in_recent_files():
            try:
                with open(recent) as stream:
                    return True if uri in stream.read() else None
            except OSError:
                return None
        wait_for("%s in the recent files (%s)" % (uri, recent), listed_in_recent_files)
        print("test-accessibility: Open… opened %s, and the recent files list it" % document)
    finally:
        stop_viewer(viewer, log, "the viewer")
        shutil.rmtree(folder, ignore_errors=True)


PORTAL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fake-settings-portal.py")


def window_luminance(window):
    """The mean luminance (0 black to 1 white) of `window` as the X server shows it."""
    box = Atspi.Component.get_extents(window, Atspi.CoordType.SCREEN)
    result = subprocess.run(["import", "-silent", "-window", "root", "-crop",
                             "%dx%d+%d+%d" % (box.width, box.height, max(0, box.x), max(0, box.y)),
                             "-colorspace", "Gray", "-format", "%[fx:mean]", "info:"],
                            check=True, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    return float(result.stdout.strip())


def set_portal(key, value):
    """Has the fake portal change `key` of org.freedesktop.appearance, as the person does in the
    desktop's settings: it emits SettingChanged."""
    subprocess.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.portal.Desktop", "--object-path",
                    "/org/freedesktop/portal/desktop", "--method", "org.hubframework.FakeSettingsPortal.Set",
                    "org.freedesktop.appearance", key, "<uint32 %d>" % value], check=True, stdout=subprocess.DEVNULL)


def check_style(path, environment):
    """Light, dark and light again through the fake settings portal, read through AT-SPI and seen on
    the screen."""
    portal = subprocess.Popen(["/usr/bin/python3", PORTAL, "--color-scheme", "2"], stdout=subprocess.PIPE, text=True)
    folder = tempfile.mkdtemp(prefix="hub-a11y-style-")
    log = tempfile.TemporaryFile(mode="w+")
    viewer = None
    try:
        if portal.stdout.readline().strip() != "ready":
            raise SystemExit("test-accessibility: FAIL: the fake settings portal did not start")
        document = os.path.join(folder, "scheme.json")
        with open(document, "w") as stream:
            json.dump({"title": "Scheme", "body": [{"id": "scheme", "text": {"title": "Scheme: @{env.colorScheme}"}}]},
                      stream)
        viewer, app = start_viewer(path, environment, log)
        wait_for_view(app, "hub-demo:root", "Hub Framework Demo")
        open_in_entry(app, "file://" + document)
        wait_for_component(app, "the document", "Scheme: light")
        for scheme, value in (("light", 2), ("dark", 1), ("light", 2)):
            set_portal("color-scheme", value)
            wait_for_component(app, "the %s style from the portal" % scheme, "Scheme: %s" % scheme)

            def drawn():
                pause(0.2)
                luminance = window_luminance(main_window(app))
                return luminance if (luminance > 0.6 if scheme == "light" else luminance < 0.3) else None
            luminance = wait_for("the window drawn %s (its mean luminance)" % scheme, drawn)
            print("test-accessibility: the portal says %s: the view reads %r, the window's mean luminance is %.2f"
                  % (scheme, "Scheme: " + scheme, luminance))
    finally:
        if viewer is not None:
            stop_viewer(viewer, log, "the viewer")
        portal.terminate()
        portal.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)


def main():
    if len(sys.argv) != 2:
        raise SystemExit("usage: test-accessibility.py PATH/TO/hub-viewer")
    started = time.monotonic()
    environment = dict(os.environ)
    environment.pop("NO_AT_BRIDGE", None)  # the point of the test: GTK talks to the accessibility bus
    log = tempfile.TemporaryFile(mode="w+")
    viewer, app = start_viewer(sys.argv[1], environment, log)
    try:
        window = wait_for_view(app, "hub-demo:root", "Hub Framework Demo")

        # The header bar's controls, found by name as a screen reader user finds them.
        for name in ("Back", "Forward", "Reload"):
            if not named(window, Atspi.Role.PUSH_BUTTON, name):
                fail("no push button named %r in the window" % name)
        entry = address_entry(window)
        if not (entry.get_name() or "").strip():
            fail("the address entry has no name: %s" % describe(entry))

        items = check_view(window, "hub-demo:root")
        if len(items) < 5:
            fail("hub-demo:root: expected the demo features as components, found %d" % len(items))

        # A row's default action opens its target.
        cities = [item for item in items if item.get_name() == "Cities"]
        if not cities:
            raise SystemExit("test-accessibility: FAIL: no component named 'Cities' on hub-demo:root")
        if "activate" not in action_names(cities[0]):
            raise SystemExit("test-accessibility: FAIL: the Cities row has no default action to open it")
        if not Atspi.Action.do_action(cities[0], action_names(cities[0]).index("activate")):
            fail("the Cities row refused its default action")
        window = wait_for_view(app, "cities:overview", "Cities")
        check_view(window, "cities:overview")

        # The address entry, driven through AT-SPI: type a URI and activate the entry.
        for uri, title in (("hub-demo:stickyHeader", "Sticky Header"), ("showcase:", "Component Showcase")):
            entry = address_entry(window)
            Atspi.EditableText.set_text_contents(entry, uri)
            Atspi.Action.do_action(entry, action_names(entry).index("activate"))
            window = wait_for_view(app, uri, title)
            check_view(window, uri)

        # Reading order after scrolling: the cells that scrolled off the top are reused at the bottom.
        uri = "hub-demo:reallylonglist:million"
        entry = address_entry(window)
        Atspi.EditableText.set_text_contents(entry, uri)
        Atspi.Action.do_action(entry, action_names(entry).index("activate"))
        window = wait_for_view(app, uri, "A Million Rows")
        first = components(window)[0]
        first_name = first.get_name()
        Atspi.Component.grab_focus(first)  # as a screen reader user moving to the list would

        def scrolled():
            # Page Down until the first row's cell has been reused further down (a key sent before
            # the focus arrived is simply sent again; one too many only scrolls further).
            app.clear_cache()
            items = components(main_window(app))
            if items and first_name not in [item.get_name() for item in items]:
                return items
            subprocess.run(["xdotool", "key", "Page_Down"], check=True)
            return None
        wait_for("%s to scroll with Page Down" % uri, scrolled)
        check_view(main_window(app), uri + " (scrolled)")
        check_find(app)

        check_examples(app)
    finally:
        stop_viewer(viewer, log, "the viewer")
    if failures:
        raise SystemExit("test-accessibility: %d problem(s)" % len(failures))
    check_app_shell(sys.argv[1], environment)
    if failures:
        raise SystemExit("test-accessibility: %d problem(s)" % len(failures))
    check_style(sys.argv[1], environment)
    if failures:
        raise SystemExit("test-accessibility: %d problem(s)" % len(failures))
    folder = tempfile.mkdtemp(prefix="hub-a11y-locales-")
    try:
        compile_locales(folder)
        for locale in TRANSLATIONS:
            check_translated(sys.argv[1], locale, folder)
    finally:
        shutil.rmtree(folder)
    if failures:
        raise SystemExit("test-accessibility: %d problem(s)" % len(failures))
    print("test-accessibility: OK (names, roles, reading order, default actions, address entry, Find in a "
          "million rows, the example views that respond, the primary menu, About, the shortcuts window, New "
          "Window, Open…, light and dark through the settings portal, German and Hebrew) in %.0f s"
          % (time.monotonic() - started))


if __name__ == "__main__":
    main()
