#!/usr/bin/python3
# A settings portal for the tests: owns org.freedesktop.portal.Desktop on the session bus (the
# tests' private one, from dbus-run-session) and serves org.freedesktop.portal.Settings at
# /org/freedesktop/portal/desktop, as xdg-desktop-portal does, with the org.freedesktop.appearance
# keys it is given: Read, ReadOne, ReadAll and the SettingChanged signal. A test switches the
# person's choices through the same object's org.hubframework.FakeSettingsPortal.Set(namespace, key,
# value), which stores the value and emits SettingChanged, as the real portal does when the person
# changes them:
#   gdbus call --session --dest org.freedesktop.portal.Desktop --object-path /org/freedesktop/portal/desktop \
#     --method org.hubframework.FakeSettingsPortal.Set org.freedesktop.appearance color-scheme '<uint32 1>'
# Prints "ready" on its standard output once it owns the name, and exits when it loses it or gets
# SIGTERM. Options:
#   --color-scheme N   org.freedesktop.appearance color-scheme (0 no preference, 1 dark, 2 light); 0
#   --contrast N       org.freedesktop.appearance contrast (0 normal, 1 high); 0
#   --version 1        a portal of the first version: Read only (its value in a variant of its own),
#                      no ReadOne, which older desktops serve
#   --no-appearance    the namespace is missing: every read answers org.freedesktop.portal.Error.NotFound
# Debian's python3 with python3-gi (make deps installs both).
import argparse
import signal
import sys

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

BUS_NAME = "org.freedesktop.portal.Desktop"
PATH = "/org/freedesktop/portal/desktop"
SETTINGS = "org.freedesktop.portal.Settings"
CONTROL = "org.hubframework.FakeSettingsPortal"


def interface_xml(version):
    read_one = """
    <method name="ReadOne">
      <arg type="s" name="namespace" direction="in"/>
      <arg type="s" name="key" direction="in"/>
      <arg type="v" name="value" direction="out"/>
    </method>""" if version >= 2 else ""
    return """
<node>
  <interface name="%s">
    <method name="ReadAll">
      <arg type="as" name="namespaces" direction="in"/>
      <arg type="a{sa{sv}}" name="value" direction="out"/>
    </method>
    <method name="Read">
      <arg type="s" name="namespace" direction="in"/>
      <arg type="s" name="key" direction="in"/>
      <arg type="v" name="value" direction="out"/>
    </method>%s
    <signal name="SettingChanged">
      <arg type="s" name="namespace"/>
      <arg type="s" name="key"/>
      <arg type="v" name="value"/>
    </signal>
    <property name="version" type="u" access="read"/>
  </interface>
  <interface name="%s">
    <method name="Set">
      <arg type="s" name="namespace" direction="in"/>
      <arg type="s" name="key" direction="in"/>
      <arg type="v" name="value" direction="in"/>
    </method>
  </interface>
</node>""" % (SETTINGS, read_one, CONTROL)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--color-scheme", type=int, default=0)
    parser.add_argument("--contrast", type=int, default=0)
    parser.add_argument("--version", type=int, default=2, choices=(1, 2))
    parser.add_argument("--no-appearance", action="store_true")
    options = parser.parse_args()

    settings = {} if options.no_appearance else {
        "org.freedesktop.appearance": {
            "color-scheme": GLib.Variant("u", options.color_scheme),
            "contrast": GLib.Variant("u", options.contrast),
        }
    }
    loop = GLib.MainLoop()
    node = Gio.DBusNodeInfo.new_for_xml(interface_xml(options.version))

    def not_found(invocation, namespace, key):
        invocation.return_dbus_error("org.freedesktop.portal.Error.NotFound",
                                     "Requested setting %s.%s not found" % (namespace, key))

    def method_call(connection, sender, path, interface, method, parameters, invocation):
        if interface == CONTROL and method == "Set":
            namespace, key, value = parameters.unpack()[0], parameters.unpack()[1], parameters.get_child_value(2).get_variant()
            settings.setdefault(namespace, {})[key] = value
            connection.emit_signal(None, PATH, SETTINGS, "SettingChanged",
                                   GLib.Variant("(ssv)", (namespace, key, value)))
            invocation.return_value(None)
        elif method == "ReadAll":
            wanted = parameters.unpack()[0]
            result = {namespace: values for namespace, values in settings.items()
                      if not wanted or namespace in wanted}
            invocation.return_value(GLib.Variant("(a{sa{sv}})", (result,)))
        elif method in ("Read", "ReadOne"):
            namespace, key = parameters.unpack()
            value = settings.get(namespace, {}).get(key)
            if value is None:
                return not_found(invocation, namespace, key)
            if method == "Read":
                # The first version's Read answers the value in a variant of its own.
                value = GLib.Variant("v", value)
            invocation.return_value(GLib.Variant("(v)", (value,)))
        else:
            invocation.return_dbus_error("org.freedesktop.DBus.Error.UnknownMethod", method)

    def get_property(connection, sender, path, interface, name):
        return GLib.Variant("u", options.version) if name == "version" else None

    def bus_acquired(connection, name):
        for interface in node.interfaces:
            connection.register_object(PATH, interface, method_call, get_property, None)

    def name_acquired(connection, name):
        print("ready", flush=True)

    def name_lost(connection, name):
        loop.quit()

    owner = Gio.bus_own_name(Gio.BusType.SESSION, BUS_NAME, Gio.BusNameOwnerFlags.NONE,
                             bus_acquired, name_acquired, name_lost)
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, loop.quit)
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGINT, loop.quit)
    loop.run()
    Gio.bus_unown_name(owner)
    return 0


if __name__ == "__main__":
    sys.exit(main())
