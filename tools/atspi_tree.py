"""What the AT-SPI tests (tools/test-accessibility.py, tools/test-backend-app.py) need to read the
accessibility tree as a screen reader sees it: letting libatspi catch up with the bus, the showing
objects under an object in tree order, and an object's actions, text and state. Each test decides
for itself what a failure does (it records it, or stops), so the helpers that fail stay with them.
Debian's python3 on purpose: python3-gi and gir1.2-atspi-2.0 are installed for it."""
import time
import warnings

warnings.simplefilter("ignore", DeprecationWarning)
import gi  # noqa: E402

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, GLib  # noqa: E402


def pause(seconds):
    """Lets libatspi handle what the bus sent meanwhile (an application appearing, children
    changing): it keeps its copy of the tree up to date only from its main loop."""
    context = GLib.MainContext.default()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        while context.pending():
            context.iteration(False)
        time.sleep(0.01)


def children(accessible):
    count = accessible.get_child_count()
    return [child for child in (accessible.get_child_at_index(i) for i in range(count)) if child is not None]


def showing(accessible):
    return accessible.get_state_set().contains(Atspi.StateType.SHOWING)


def walk(accessible):
    """The showing objects under `accessible` (itself included), depth first, in tree order."""
    if not showing(accessible):
        return
    yield accessible
    for child in children(accessible):
        yield from walk(child)


def action_names(accessible):
    if "Action" not in accessible.get_interfaces():
        return []
    return [Atspi.Action.get_action_name(accessible, i) for i in range(Atspi.Action.get_n_actions(accessible))]


def text_of(accessible):
    return Atspi.Text.get_text(accessible, 0, Atspi.Text.get_character_count(accessible))


def enabled(accessible):
    states = accessible.get_state_set()
    return states.contains(Atspi.StateType.SENSITIVE) and states.contains(Atspi.StateType.ENABLED)
