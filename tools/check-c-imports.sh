#!/usr/bin/env bash
# The one rule about C that the compiler does not enforce: a Swift file imports a C shim (CGtk,
# CSoup, CGio, CHubResources) only when its target lists that shim among its dependencies in Package.swift.
#
# The compiler enforces the rest. GtkKit and GioKit import their shims with `internal import`, so
# none of their `package` or `public` declarations can mention a C type, and no other target can
# get a C pointer from them. But SwiftPM lets a target import a C module that one of its
# dependencies, however indirect, depends on, without declaring it: HubGTK could `import CGtk`
# because GtkKit depends on it, and `--explicit-target-dependency-import-check error` would not
# object (it only catches modules outside the target's dependency graph). This check closes that
# gap, so that Package.swift's dependency lists are the whole truth about who speaks C. It reads
# the manifests of this package and of the packages inside it that depend on it (the fuzzers, the
# Cities example), whose targets list no shim.
set -euo pipefail
cd "$(dirname "$0")/.."

status=0
for package in . Fuzz Examples/Cities; do
  # The manifest as SwiftPM reads it: each target's path, kind and dependencies.
  manifest=$(swift package --package-path "$package" dump-package 2>/dev/null)
  files=$(git ls-files -co --exclude-standard -- "$package" | grep '\.swift$' || true)
  MANIFEST="$manifest" FILES="$files" PACKAGE="$package" python3 - <<'EOF' || status=1
import json, os, re, sys

package = os.environ["PACKAGE"]
manifest = json.loads(os.environ["MANIFEST"])
shims = {"CGtk", "CSoup", "CGio", "CHubResources"}
default_folder = {"test": "Tests", "plugin": "Plugins", "macro": "Sources"}
# `import CGtk`, with any access level or attribute, and `import func CGtk.gtk_init` and the like.
import_line = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?"
                         r"import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?(\w+)")

targets = []
for target in manifest["targets"]:
    if target["type"] == "system":
        continue
    folder = target.get("path") or os.path.join(default_folder.get(target["type"], "Sources"), target["name"])
    declared = set()
    for dependency in target["dependencies"]:
        for kind in ("byName", "target"):
            if kind in dependency:
                declared.add(dependency[kind][0])
    targets.append((os.path.normpath(os.path.join(package, folder)), target["name"], declared & shims))
# The most specific folder first, should one target's folder hold another's.
targets.sort(key=lambda entry: len(entry[0]), reverse=True)

failed = False
for path in os.environ["FILES"].split("\n"):
    if not path:
        continue
    owner = next((t for t in targets if path == t[0] or path.startswith(t[0] + "/")), None)
    if owner is None:
        continue  # not a source of any target (a manifest, a script)
    folder, name, declared = owner
    with open(path, encoding="utf-8") as source:
        for number, line in enumerate(source, 1):
            match = import_line.match(line)
            if match and match.group(1) in shims and match.group(1) not in declared:
                print(f"{path}:{number}: target {name} imports {match.group(1)} without listing it "
                      f"in {os.path.normpath(os.path.join(package, 'Package.swift'))}", file=sys.stderr)
                failed = True
sys.exit(1 if failed else 0)
EOF
done

if (( status )); then
  echo "Use GtkKit's (or GioKit's) typed API; a target that must speak C lists its shim in Package.swift." >&2
else
  echo "c-imports: every import of a C shim is declared in Package.swift"
fi
exit $status
