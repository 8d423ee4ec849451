#!/usr/bin/env python3
"""Fails, listing them, when public or open symbols of the given modules have no doc comment.

    tools/check-doc-coverage.py [--symbol-graphs DIR] [--summary] MODULE...

It reads the symbol graphs that `swift package generate-documentation` (swift-docc-plugin) has just
extracted, so it needs no build of its own: `make docs` runs it right after the plugin. Without
--symbol-graphs it looks where the plugin writes them,
`<scratch>/<triple>/extracted-symbols/<package>/<MODULE>/*.symbols.json` (next to the directory
`swift build --show-bin-path` prints). Those graphs hold the public and open API only, because the
plugin extracts library targets at the public access level.

What counts as documented, and why:

* A declaration with a `///` comment of its own.
* A declaration without one that implements a protocol requirement which has one. The symbol graph
  then carries the requirement's comment (its `docComment.uri` is the requirement's file) and DocC
  shows it on the implementation's page, so a reader finds the contract there. For requirements in
  HubFramework or HubGTK the requirement itself is checked here, so the text exists. For protocols
  of other modules (`description`, `==`, `hash(into:)`, `Error`) the standard library's text
  describes the contract; repeating it on every conformance would say nothing new.

What is left out:

* Synthesized symbols (`::SYNTHESIZED::` in the precise identifier): default implementations that
  the compiler copies from a protocol extension into every conforming type (`!=`, `hashValue`, an
  enum's `hash(into:)`), and members of ours copied into conforming types. They have no declaration
  in this repository to put a comment on; the extension member itself is checked where it is
  declared.

Exit status: 0 when nothing is missing, 1 when something is, 2 when a module's symbol graph cannot be
found (the documentation was not built first).
"""

import argparse
import glob
import json
import os
import subprocess
import sys


def default_symbol_graph_root():
    """The plugin's extraction directory, derived from SwiftPM's bin path (`.build/<triple>/debug`)."""
    try:
        bin_path = subprocess.run(["swift", "build", "--show-bin-path"], check=True,
                                  capture_output=True, text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        bin_path = ".build/debug"
    return os.path.join(os.path.dirname(os.path.realpath(bin_path)), "extracted-symbols")


def symbol_graph_files(root, module):
    # <root>/<package directory name>/<module>/<module>.symbols.json, plus
    # <module>@<OtherModule>.symbols.json for extensions of other modules' types.
    direct = glob.glob(os.path.join(root, module, "*.symbols.json"))
    return direct or glob.glob(os.path.join(root, "*", module, "*.symbols.json"))


def undocumented(files, module):
    total = 0
    foreign = 0
    missing = []
    for path in sorted(files):
        with open(path, encoding="utf-8") as f:
            graph = json.load(f)
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
                continue
            total += 1
            comment = symbol.get("docComment")
            if comment and any(line.get("text", "").strip() for line in comment.get("lines", [])):
                if comment.get("module", module) != module:
                    foreign += 1
                continue
            location = symbol.get("location", {})
            uri = location.get("uri", "")
            file = uri[len("file://"):] if uri.startswith("file://") else uri
            line = location.get("position", {}).get("line", -1) + 1
            missing.append((os.path.relpath(file) if file else "?", line, symbol["kind"]["displayName"],
                            ".".join(symbol["pathComponents"])))
    return total, foreign, missing


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="+", metavar="MODULE")
    parser.add_argument("--symbol-graphs", metavar="DIR",
                        help="the directory holding one folder of symbol graphs per module")
    parser.add_argument("--summary", action="store_true",
                        help="print the counts only, not every undocumented symbol")
    args = parser.parse_args()

    root = args.symbol_graphs or default_symbol_graph_root()
    status = 0
    for module in args.modules:
        files = symbol_graph_files(root, module)
        if not files:
            print(f"doc-coverage: no symbol graph for {module} under {root}; "
                  "build the documentation first (make docs)", file=sys.stderr)
            return 2
        total, foreign, missing = undocumented(files, module)
        if missing and not args.summary:
            for file, line, kind, name in sorted(missing):
                print(f"{file}:{line}: undocumented public {kind.lower()}: {name}", file=sys.stderr)
        documented = total - len(missing)
        print(f"doc-coverage: {module}: {documented} of {total} public symbols documented "
              f"({foreign} by another module's protocol), {len(missing)} undocumented")
        if missing:
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
