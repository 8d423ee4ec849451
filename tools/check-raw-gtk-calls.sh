#!/usr/bin/env bash
# Fails when C calls into GTK, GLib, libsoup or the shims (`gtk_…(`, `g_…(`, `soup_…(`, `hub_…(`,
# and the other C libraries' prefixes) or `import CGtk` or `import CSoup` appear outside the places that must talk to C: the typed
# widget layer, the shim itself, and the engine files listed below. Components, features, the
# viewer and the tools are written against the typed layer.
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
  "Sources/HubGTK/ViewController/Cell.swift"         # the event box around each component: input, focus ring
  "Sources/HubGTK/ViewController/CellInput.swift"    # presses, releases and keys as GDK events; focus among cells
  "Sources/HubGTK/ViewController/ComponentImageLoading.swift"      # visibility and scale factor of views
  "Tests/"                                           # tests inspect GTK state directly
  "Benchmarks/"                                      # benchmarks drive GTK directly to measure it
)

pattern='(^|[^A-Za-z0-9_.])(gtk|gdk|g|hub|atk|pango|cairo|soup)_[a-z0-9_]+[[:space:]]*\(|^[[:space:]]*import[[:space:]]+C(Gtk|Soup)'
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
      echo "$file:${line%%:*}: raw C call outside the widget layer: ${line#*:}" >&2
    done <<< "$matches"
    status=1
  fi
done < <(git ls-files -co --exclude-standard -- '*.swift')

if (( status )); then
  echo "Use the typed widgets in Sources/HubGTK/Widgets (or add what is missing there)." >&2
else
  echo "raw-gtk-calls: no C calls outside the widget layer and the engine files"
fi
exit $status
