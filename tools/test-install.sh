#!/bin/bash
# `make install` into a temporary DESTDIR, then checks what it wrote: the desktop entry, the AppStream
# metadata and the GSettings schema with their validators, the icons at their hicolor paths, that the
# executables need none of this package's libraries, and that the installed viewer finds its installed
# resources and data on its own (no HUB_VIEWER_* variables, started outside the checkout). Last,
# `make uninstall` must leave no file behind. Run by `make test` under Xvfb, after the debug build it
# installs (INSTALL_CONFIG=debug, and INSTALL_FLAGS empty: a release or static rebuild would cost minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
checkout=$PWD
app=org.hubframework.Viewer
prefix=/usr
stage=$(mktemp -d /tmp/hub-install-test.XXXXXX)
trap 'rm -rf "$stage"' EXIT
root=$stage/root
share=$root$prefix/share
fail() { echo "test-install: FAIL: $*" >&2; exit 1; }
started=$(date +%s)

make --no-print-directory install INSTALL_CONFIG=debug INSTALL_FLAGS= PREFIX=$prefix DESTDIR="$root" >/dev/null

for file in bin/hub-viewer bin/hublive bin/hub-validate share/applications/$app.desktop share/metainfo/$app.metainfo.xml \
            share/icons/hicolor/scalable/apps/$app.svg share/icons/hicolor/symbolic/apps/$app-symbolic.svg \
            share/glib-2.0/schemas/$app.gschema.xml share/hub-viewer/resources/hub-viewer.css \
            share/hub-viewer/data/city-images.json share/hub-viewer/resources/schema/hub-view.schema.json; do
  [ -f "$root$prefix/$file" ] || fail "make install did not write $prefix/$file"
done
[ -x "$root$prefix/bin/hub-viewer" ] || fail "bin/hub-viewer is not executable"
# DESTDIR set: nothing compiled in the staging tree (a package's trigger does it on the target).
[ ! -e "$share/glib-2.0/schemas/gschemas.compiled" ] || fail "schemas compiled despite DESTDIR"

# The desktop entry and the metainfo carry every language of po/LINGUAS (msgfmt --desktop/--xml),
# and the catalogues are where gettext looks beside the installed bin.
for language in $(cat po/LINGUAS); do
  [ -f "$share/locale/$language/LC_MESSAGES/hubframework.mo" ] || fail "no share/locale/$language/LC_MESSAGES/hubframework.mo"
  grep -q "^Name\[$language\]=" "$share/applications/$app.desktop" || fail "the desktop entry has no Name[$language]"
  grep -q "<summary xml:lang=\"$language\">" "$share/metainfo/$app.metainfo.xml" \
    || fail "the metainfo has no summary in $language"
done
desktop-file-validate "$share/applications/$app.desktop" || fail "desktop-file-validate"
appstreamcli validate --no-net "$share/metainfo/$app.metainfo.xml" >"$stage/appstream.log" 2>&1 \
  || { cat "$stage/appstream.log"; fail "appstreamcli validate"; }
glib-compile-schemas --strict "$share/glib-2.0/schemas" || fail "glib-compile-schemas --strict"
for icon in "$share/icons/hicolor/scalable/apps/$app.svg" "$share/icons/hicolor/symbolic/apps/$app-symbolic.svg"; do
  head -c 200 "$icon" | grep -q "<svg" || fail "$icon is not an SVG"
done

# This package's libraries are linked in statically: every library ldd lists resolves, and none comes
# from the checkout (this debug install loads the Swift runtime from the toolchain; a default
# `make install` links it in, see INSTALL_FLAGS in the Makefile).
for exe in hub-viewer hublive hub-validate; do
  ldd "$root$prefix/bin/$exe" | grep -q "not found" && fail "$exe: a library is missing: $(ldd "$root$prefix/bin/$exe")"
  ldd "$root$prefix/bin/$exe" | grep -q "$checkout" && fail "$exe links a library from the checkout"
done

# The installed validator needs no display and no GTK: it checks the installed data and rejects a
# broken document with status 1.
validator=$root$prefix/bin/hub-validate
ldd "$validator" | grep -q libgtk && fail "hub-validate links GTK"
(cd "$stage" && env -u DISPLAY "$validator" "$share/hub-viewer/data") || fail "hub-validate rejects the installed data"
status=0; echo '{"title": 15}' | "$validator" - >/dev/null 2>&1 || status=$?
[ "$status" -eq 1 ] || fail "hub-validate exits with $status on a mistyped title, not 1"

# The installed viewer, started from outside the checkout with no HUB_VIEWER_* override, renders the
# Cities view like the golden image: it found the pictures and their JSON.
viewer=$root$prefix/bin/hub-viewer
shot() { (cd "$stage" && env -u HUB_VIEWER_RESOURCES -u HUB_VIEWER_DATA GSETTINGS_SCHEMA_DIR="$share/glib-2.0/schemas" \
          "$viewer" --screenshot "$1" --size 800x600 cities:overview 2>/dev/null) || fail "hub-viewer --screenshot $1"; }
# Pixels differing by more than 10% per channel: anti-aliasing stays below the limit.
differing() { compare -metric AE -fuzz 10% "$1" "$checkout/Tests/HubViewerTests/Golden/cities.png" null: 2>&1 || true; }
shot "$stage/installed.png"
pixels=$(differing "$stage/installed.png"); echo "test-install: installed viewer vs golden: $pixels pixels differ"
[ "${pixels%%.*}" -lt 2000 ] || fail "installed viewer's cities:overview differs from the golden image in $pixels pixels"
# And it read them from the installed copy, not from the checkout its debug build was compiled in
# (ResourceLocator's last resort): without the installed pictures, the rows have none.
rm -r "$share/hub-viewer/resources/images"
shot "$stage/no-pictures.png"
pixels=$(differing "$stage/no-pictures.png"); echo "test-install: without installed pictures: $pixels pixels differ"
[ "${pixels%%.*}" -ge 2000 ] || fail "installed viewer took its pictures from outside the installation"

# In German, the installed viewer speaks German: it found its catalogue in share/locale. The empty
# todo list (the window's title, the row and its hint) against the golden image of the viewer test.
mkdir -p "$stage/locales"
localedef -i de_DE -f UTF-8 "$stage/locales/de_DE.UTF-8" 2>/dev/null || [ -d "$stage/locales/de_DE.UTF-8" ] \
  || fail "localedef could not compile de_DE.UTF-8"
(cd "$stage" && env -u HUB_VIEWER_RESOURCES -u HUB_VIEWER_DATA -u LANGUAGE -u LC_ALL -u LC_MESSAGES \
   LOCPATH="$stage/locales" LANG=de_DE.UTF-8 GSETTINGS_SCHEMA_DIR="$share/glib-2.0/schemas" \
   "$viewer" --screenshot "$stage/todo-de.png" --size 800x600 hub-demo:todoList 2>/dev/null) \
  || fail "hub-viewer --screenshot in German"
pixels=$(compare -metric AE -fuzz 10% "$stage/todo-de.png" "$checkout/Tests/HubViewerTests/Golden/todo-de.png" null: 2>&1 || true)
echo "test-install: installed viewer in German vs golden: $pixels pixels differ"
# The English picture differs in about 2,100 pixels (the text only), hence a tighter bound than above.
[ "${pixels%%.*}" -lt 300 ] || fail "the installed viewer in German differs from the golden image in $pixels pixels"

make --no-print-directory uninstall PREFIX=$prefix DESTDIR="$root" >/dev/null
left=$(find "$root" -type f ! -name gschemas.compiled)
[ -z "$left" ] || fail "make uninstall left: $left"
echo "test-install: OK (install, translations, validators, icons, ldd, hub-validate, installed viewer, uninstall) in $(( $(date +%s) - started )) s"
