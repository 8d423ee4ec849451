#!/usr/bin/env bash
# Fails when C calls into GTK, GLib, libsoup or the shims (`gtk_…(`, `g_…(`, `soup_…(`, `hub_…(`,
# and the other C libraries' prefixes) or an import of a shim (`CGtk`, `CSoup`, `CGio`, with any
# access level) appear outside the places that must talk to C: GtkKit, the binding, and hublive's
# two GIO files. HubGTK, HubApp, the viewer and the tools are written against GtkKit's types.
#
# GtkKit imports the shims with `package import`, so the compiler keeps C types out of its public
# API; but a Swift target can still import a C module that a dependency uses, whether or not it
# declares it, so this check is what keeps the other targets free of C.
set -euo pipefail
cd "$(dirname "$0")/.."

# Folders and files allowed to call C, each with the reason it must.
allowed=(
  "Sources/CGtk/"                                    # the shim
  "Sources/CGio/"                                    # GIO alone, for hublive
  "Sources/CSoup/"                                   # libsoup, for the HTTP client
  "Sources/GtkKit/"                                  # the binding: the one target that imports the shims
  "Sources/hublive/FileWatcher.swift"                # GFileMonitor on the edited file's folder
  "Sources/hublive/WatchLoop.swift"                  # the GLib main loop hublive waits in
  "Tests/"                                           # tests inspect GTK state directly
  "Benchmarks/"                                      # benchmarks drive GTK directly to measure it
)

pattern='(^|[^A-Za-z0-9_.])(gtk|gdk|g|hub|atk|pango|cairo|soup)_[a-z0-9_]+[[:space:]]*\(|^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)?((public|package|internal|fileprivate|private)[[:space:]]+)?import[[:space:]]+C(Gtk|Soup|Gio)([^A-Za-z0-9_]|$)'
status=0
while IFS= read -r file; do
  skip=0
  for prefix in "${allowed[@]}"; do
    [[ "$file" == "$prefix"* ]] && { skip=1; break; }
  done
  (( skip )) && continue
  # Comment lines may name C functions when they explain something.
  if matches=$(grep -nE "$pattern" "$file" | grep -vE '^[0-9]+:[[:space:]]*//'); then
    while IFS= read -r line; do
      echo "$file:${line%%:*}: raw C outside GtkKit: ${line#*:}" >&2
    done <<< "$matches"
    status=1
  fi
done < <(git ls-files -co --exclude-standard -- '*.swift')

if (( status )); then
  echo "Use GtkKit's types (or add what is missing to Sources/GtkKit)." >&2
else
  echo "raw-gtk-calls: no C outside GtkKit, the shims and hublive's GIO files"
fi
exit $status
