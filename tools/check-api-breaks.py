#!/usr/bin/env python3
"""Fails when the public API broke since the last release and CHANGELOG.md does not say so.

    tools/check-api-breaks.py [--changelog FILE] [--baseline REF] [--digester-output FILE]
    tools/check-api-breaks.py --self-test

It runs `swift package diagnose-api-breaking-changes` (SwiftPM's front end to swift-api-digester)
against the last release for the four library products (HubFramework, GtkKit, HubGTK, HubApp), and
for every break it reports ("💔 API breakage: func JSONParser.parse(_:streamingElementsOf:to:) has
been removed") looks for the symbol in the `### Breaking` list of CHANGELOG.md's `## Unreleased`
section, written in backticks. A break that is not named there fails the check, with the list of
those missing and the spelling to use. A change made on purpose is announced, with the way to
migrate, before it can pass; the changelog is the allowlist. (SwiftPM's own
`--breakage-allowlist-path` is not used: it would be a second list of the same changes, without
the migrations.)

How a symbol is named (as the digester prints it, qualified by its enclosing types, optionally by
its module: `HubFramework.ContentLoadingError.refused`):
* its full name, argument labels included: `URIOpener.open(_:requestedBy:)`;
* or its name without the argument list, which covers every overload: `ActionContext.init`;
* an accessor (`accessor Parser.depth.Set()`) is named by its property or subscript: `Parser.depth`;
* a symbol the digester prints without arguments (an enum case, a type) may be written with them:
  `ContentLoadingError.refused(_:)`.
Naming a type does not name its members: each break is listed on its own, as the digester lists it.

The last release is the highest tag that reads as a version (`0.1.0`, `v1.2.3`). A clone without
the tag (CI's, a fetch without --tags) uses the commit recorded in the changelog's heading for the
newest release, `## 0.1.0 — 2026-11-24 (a0e24e4)`, and says so; so does a changelog that names a
newer release than any tag.

Cost: the digester builds the package as `swift build` does (the normal `.build`, reused by `make
test`), and builds the release in a checkout of its own (`.build/<triple>/apidiff/<commit>-checkout`)
to dump the release's API. That dump is kept in `.build/api-baseline/<toolchain>/<commit>/`, so the
release is built once per clone and toolchain: `make check` takes 3 to 4 minutes from a fresh clone
on the 2-core development machine (two full debug builds), then 10 to 30 s (an incremental build
and a dump of the current API). `rm -rf .build/api-baseline` forces a new dump. Only the verdicts
are printed, not the builds' output (unless the digester fails; then its errors).

`--digester-output FILE` reads a saved output instead of running the digester (to try the matching);
`--self-test` checks the reading of the digester's lines and the matching on recorded examples.

Exit status: 0 when every break is named, 1 when one is not, 2 when the check could not run (no
baseline, the build failed, a verdict missing).
"""

import argparse
import hashlib
import os
import re
import subprocess
import sys

PRODUCTS = ["HubFramework", "GtkKit", "HubGTK", "HubApp"]
BREAKING_HEADING = "### Breaking"
VERSION = re.compile(r"^v?(\d+)\.(\d+)\.(\d+)$")
# `## 0.1.0 — 2026-11-24 (a0e24e4)`: version, date, and the commit the release was tagged at.
RELEASE_HEADING = re.compile(
    r"^## \[?v?(\d+\.\d+\.\d+)\]?\s+[—–-]\s+(\d{4}-\d{2}-\d{2})(?:\s+\(([0-9a-fA-F]{7,40})\))?\s*$")
UNRELEASED_HEADING = re.compile(r"^## \[?Unreleased\]?\s*$", re.IGNORECASE)

# The digester's verdicts, one module at a time.
NO_BREAKS = re.compile(r"^No breaking changes detected in (\S+)\s*$")
SOME_BREAKS = re.compile(r"^(\d+) breaking changes? detected in (\S+?):?\s*$")
SKIPPED = re.compile(r"^Skipping (\S+) because it does not exist in the baseline")
BREAKAGE = re.compile(r"API breakage: (.+?)\s*$")
# What follows the declaration in every breakage message (swift's DiagnosticsModuleDiffer.def:
# "%0 has been removed", "%0 is now …", "%0 changes from …", "%0 in a non-resilient type …",
# "%0 now requires …", "%0 no longer …"); %0 is "<kind> <qualified name>".
PREDICATE = re.compile(r" (?:has|is|changes|in a non-resilient|now requires|no longer) ")
ARGUMENTS = re.compile(r"\([^()]*\)$")
ACCESSOR = re.compile(r"\.[A-Za-z_]+\(\)$")
INLINE_CODE = re.compile(r"(`+)(.+?)\1")


def root():
    return os.path.dirname(os.path.dirname(os.path.realpath(__file__)))


def git(*args):
    run = subprocess.run(["git", *args], cwd=root(), capture_output=True, text=True)
    return run.stdout.strip() if run.returncode == 0 else None


# MARK: The changelog

def read_changelog(text):
    """The inline code spans of the Unreleased section's Breaking list, and the releases
    (version tuple, version, commit or None) in the order of the file."""
    section = None
    subsection = None
    spans = []
    releases = []
    in_fence = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        if line.startswith("## "):
            subsection = None
            release = RELEASE_HEADING.match(line)
            if UNRELEASED_HEADING.match(line):
                section = "unreleased"
            elif release:
                section = "release"
                version = release.group(1)
                releases.append((tuple(int(p) for p in version.split(".")), version, release.group(3)))
            else:
                section = None
            continue
        if line.startswith("### "):
            subsection = line.strip()
            continue
        if section == "unreleased" and subsection is not None and subsection.lower() == BREAKING_HEADING.lower():
            spans.extend(match.group(2).strip() for match in INLINE_CODE.finditer(line))
    return spans, releases


def normalized_span(span):
    """A span as a symbol: no white space, no module qualifier."""
    span = re.sub(r"\s+", "", span)
    for module in PRODUCTS:
        if span.startswith(module + "."):
            return span[len(module) + 1:]
    return span


# MARK: The digester's lines

def symbol_of(message):
    """(kind, qualified name) of a breakage message, or None when it cannot be read."""
    kind, _, rest = message.partition(" ")
    if not rest:
        return None
    predicate = PREDICATE.search(rest)
    name = rest[:predicate.start()] if predicate else rest.split(" ")[0]
    return (kind, name) if name else None


def names_for(kind, name):
    """The spellings that name a symbol in the changelog, and whether its own has no arguments."""
    names = {name}
    if kind == "accessor":
        names.add(ACCESSOR.sub("", name))
    for candidate in list(names):
        names.add(ARGUMENTS.sub("", candidate))
    return names, ARGUMENTS.search(name) is None


def is_named(kind, name, spans):
    names, bare = names_for(kind, name)
    for span in spans:
        span = normalized_span(span)
        if span in names:
            return True
        if bare and ARGUMENTS.sub("", span) == name:
            return True
    return False


def read_verdicts(output):
    """{module: [breakage message, …]} (an empty list: no breaks or skipped), the number of breaks
    each module's heading announces, and {module: the lines to show}."""
    verdicts = {}
    expected = {}
    shown = {}
    module = None
    for raw in output.splitlines():
        line = raw.strip()
        if match := NO_BREAKS.match(line):
            module = None
            verdicts[match.group(1)] = []
            shown[match.group(1)] = [line]
        elif match := SKIPPED.match(line):
            module = None
            verdicts[match.group(1)] = []
            shown[match.group(1)] = [line]
        elif match := SOME_BREAKS.match(line):
            module = match.group(2)
            verdicts[module] = []
            expected[module] = int(match.group(1))
            shown[module] = [line]
        elif (match := BREAKAGE.search(line)) and module is not None:
            verdicts[module].append(match.group(1))
            shown[module].append("  " + line)
    return verdicts, expected, shown


# MARK: The baseline

def baseline(changelog_releases, override):
    """(commit, description) of the release to compare with; exits 2 when there is none."""
    if override:
        commit = git("rev-parse", "--verify", "--quiet", override + "^{commit}")
        if not commit:
            fail(f"--baseline {override} is not a commit of this repository")
        return commit, override
    tags = []
    for tag in (git("tag", "--list") or "").splitlines():
        if match := VERSION.match(tag.strip()):
            tags.append((tuple(int(p) for p in match.groups()), tag.strip()))
    recorded = [r for r in changelog_releases if r[2]]
    newest_tag = max(tags) if tags else None
    newest_recorded = max(recorded) if recorded else None
    if newest_tag and (not newest_recorded or newest_tag[0] >= newest_recorded[0]):
        commit = git("rev-parse", newest_tag[1] + "^{commit}")
        if newest_recorded and newest_recorded[0] == newest_tag[0] and not commit.startswith(newest_recorded[2].lower()):
            print(f"api-breaks: note: tag {newest_tag[1]} is {commit[:7]}, CHANGELOG.md's heading says "
                  f"{newest_recorded[2]}; comparing with the tag")
        return commit, f"{newest_tag[1]} ({commit[:7]})"
    if not newest_recorded:
        fail("no release to compare with: no version tag (git tag) and no release heading with a commit "
             "in CHANGELOG.md (`## 0.1.0 — 2026-11-24 (a0e24e4)`)")
    version, recorded_commit = newest_recorded[1], newest_recorded[2]
    commit = git("rev-parse", "--verify", "--quiet", recorded_commit + "^{commit}")
    if not commit:
        fail(f"CHANGELOG.md's release {version} names commit {recorded_commit}, which this clone does not "
             f"have (a shallow clone?): `git fetch --tags --unshallow` and try again")
    why = "no tag" if not newest_tag else f"the newest tag is {newest_tag[1]}"
    print(f"api-breaks: {why} for release {version} in this clone: comparing with the commit "
          f"CHANGELOG.md records for it, {commit[:7]}")
    return commit, f"{version} ({commit[:7]})"


def toolchain_key(swift):
    """A folder name per toolchain: a dump of one compiler is compared with dumps of the same one."""
    try:
        version = subprocess.run([swift, "--version"], capture_output=True, text=True).stdout
    except OSError:
        fail(f"cannot run {swift}")
    return hashlib.sha256(version.encode()).hexdigest()[:12]


def fail(message):
    sys.stdout.flush()
    print(f"api-breaks: {message}", file=sys.stderr)
    sys.exit(2)


# MARK: The check

def check(output, status, spans, description):
    verdicts, expected, shown = read_verdicts(output)
    missing = [module for module in PRODUCTS if module not in verdicts]
    miscounted = [module for module, count in expected.items() if len(verdicts.get(module, [])) != count]
    if missing or miscounted or (status != 0 and not any(verdicts.values())):
        sys.stdout.flush()
        lines = [line for line in output.splitlines() if "prohibited flag" not in line]
        errors = [line for line in lines if "error:" in line]
        print("\n".join((errors or lines)[-40:]), file=sys.stderr)
        if missing:
            fail(f"the digester gave no verdict for {', '.join(missing)} (exit status {status}); its output is above")
        if miscounted:
            fail(f"could not read every break the digester listed for {', '.join(miscounted)}; its output is above")
        fail(f"the digester failed (exit status {status}) without listing a break; its output is above")
    # The digester compares the modules in parallel; they are shown in a fixed order.
    for module in PRODUCTS:
        print("\n".join(shown[module]))
    unnamed = []
    for module in PRODUCTS:
        for message in verdicts[module]:
            symbol = symbol_of(message)
            if symbol is None or not is_named(*symbol, spans):
                unnamed.append((module, message, symbol))
    total = sum(len(v) for v in verdicts.values())
    if not unnamed:
        if total:
            print(f"api-breaks: {total} break(s) since {description}, each named in CHANGELOG.md's Unreleased {BREAKING_HEADING}")
        else:
            print(f"api-breaks: no break since {description}")
        return 0
    sys.stdout.flush()
    print(f"\napi-breaks: {len(unnamed)} of {total} public API break(s) since {description} are not named in "
          f"CHANGELOG.md:", file=sys.stderr)
    for module, message, symbol in unnamed:
        name = f"`{symbol[1]}`" if symbol else "(could not read the symbol: name it as the message spells it)"
        print(f"  {module}: {name}\n      {message}", file=sys.stderr)
    print(f"\nIf the change is meant, announce it: under `## Unreleased`, `{BREAKING_HEADING}` in CHANGELOG.md, add "
          f"an entry that names the symbol in backticks as above (or without its argument list, "
          f"`Type.method`) and says how to migrate. If it is not meant, restore the API.", file=sys.stderr)
    return 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--changelog", default=os.path.join(root(), "CHANGELOG.md"))
    parser.add_argument("--baseline", help="a tag or commit to compare with instead of the last release")
    parser.add_argument("--digester-output", help="read this saved output instead of running the digester")
    parser.add_argument("--self-test", action="store_true")
    options = parser.parse_args()
    if options.self_test:
        return self_test()
    try:
        with open(options.changelog, encoding="utf-8") as file:
            spans, releases = read_changelog(file.read())
    except OSError as error:
        fail(f"cannot read the changelog: {error}")
    if options.digester_output:
        with open(options.digester_output, encoding="utf-8", errors="replace") as file:
            return check(file.read(), 1, spans, "the saved output's baseline")
    commit, description = baseline(releases, options.baseline)
    swift = os.environ.get("SWIFT", "swift")
    baseline_dir = os.path.join(root(), ".build", "api-baseline", toolchain_key(swift))
    cached = all(os.path.exists(os.path.join(baseline_dir, commit, m + ".json")) for m in PRODUCTS)
    cost = "its API dump is kept" if cached else "building it first (3 to 4 min on 2 cores; its API dump is then kept)"
    print(f"api-breaks: comparing the public API with release {description}; {cost}", flush=True)
    run = subprocess.run([swift, "package", "diagnose-api-breaking-changes", commit, "--products", *PRODUCTS,
                          "--baseline-dir", baseline_dir],
                         cwd=root(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return check(run.stdout.decode("utf-8", errors="replace"), run.returncode, spans, description)


# MARK: Self-test

def self_test():
    """The reading and matching rules on lines the digester printed (swift 6.3) for a test package."""
    failures = []
    symbols = {
        "enumelement ContentLoadingError.refused has been added as a new enum case":
            ("enumelement", "ContentLoadingError.refused"),
        "accessor Parser.depth.Set() has been removed": ("accessor", "Parser.depth.Set()"),
        "subscript Parser.subscript(_:) has parameter 0 type change from Swift.Int to Swift.String":
            ("subscript", "Parser.subscript(_:)"),
        "accessor Parser.subscript(_:).Get() has parameter 0 type change from Swift.Int to Swift.String":
            ("accessor", "Parser.subscript(_:).Get()"),
        "func Opener.open(_:requestedBy:) has been added as a protocol requirement":
            ("func", "Opener.open(_:requestedBy:)"),
        "func freeFunction(label:) has return type change from () to Swift.Int": ("func", "freeFunction(label:)"),
        "struct Gen has generic signature change from <T> to <T where T : Swift.Sendable>": ("struct", "Gen"),
        "enum JSONParser.StreamedArray has been removed": ("enum", "JSONParser.StreamedArray"),
        "func JSONParser.parse(_:streamingElementsOf:to:) has been removed (deprecated)":
            ("func", "JSONParser.parse(_:streamingElementsOf:to:)"),
        "constructor JSONContentOperation.init(url:timeout:session:) has been removed":
            ("constructor", "JSONContentOperation.init(url:timeout:session:)"),
        "func Outer.Inner.Deep.go(to:) has been renamed to func go(from:)": ("func", "Outer.Inner.Deep.go(to:)"),
        "class Service is no longer open for subclassing": ("class", "Service"),
        "var Ctx.x is now a stored property": ("var", "Ctx.x"),
        "func Op.run() changes from dynamic to static": ("func", "Op.run()"),
    }
    for message, expected in symbols.items():
        if symbol_of(message) != expected:
            failures.append(f"symbol of {message!r}: {symbol_of(message)}, expected {expected}")
    changelog = "\n".join([
        "# Changelog", "`Ignored.before`", "## Unreleased", "### Added", "- `Added.only`",
        "### Breaking", "- `HubFramework.ContentLoadingError.refused(_:)`, `ActionContext.init` and",
        "  `URIOpener.open(_:requestedBy:)`; ``Parser.depth``, `Parser.subscript(_:)`, `Outer.Inner.Deep.go(to:)`, `Deep.run(x:)`",
        "```swift", "`Fenced.symbol`", "```", "### Fixed", "- `Fixed.only`",
        "## 0.1.0 — 2026-11-24 (a0e24e4)", "### Breaking", "- `Released.symbol`",
    ])
    spans, releases = read_changelog(changelog)
    if releases != [((0, 1, 0), "0.1.0", "a0e24e4")]:
        failures.append(f"releases: {releases}")
    cases = [
        (("enumelement", "ContentLoadingError.refused"), True),       # with arguments and module
        (("constructor", "ActionContext.init(trigger:viewURI:)"), True),  # the base name covers overloads
        (("func", "URIOpener.open(_:requestedBy:)"), True),
        (("func", "URIOpener.open(_:)"), False),                       # another overload, not named
        (("accessor", "Parser.depth.Set()"), True),                    # by its property
        (("accessor", "Parser.subscript(_:).Get()"), True),            # by its subscript
        (("func", "Outer.Inner.Deep.go(to:)"), True),                  # nested types
        (("func", "Outer.Deep.run(x:)"), False),                      # only fully qualified names
        (("func", "Added.only"), False),                               # named, but not as a break
        (("func", "Fixed.only"), False),
        (("func", "Fenced.symbol"), False),
        (("func", "Released.symbol"), False),                          # an older release's break
        (("func", "Ignored.before"), False),
        (("enum", "Parser"), False),                                   # a type is not named by its members
    ]
    for (kind, name), expected in cases:
        if is_named(kind, name, spans) != expected:
            failures.append(f"{kind} {name}: named is {not expected}, expected {expected}")
    output = "\n".join([
        "Building for debugging...", "[12/40] Compiling HubFramework A.swift", "Build complete! (1.0s)",
        "", "No breaking changes detected in GtkKit", "", "Skipping HubApp because it does not exist in the baseline",
        "", "No breaking changes detected in HubGTK", "", "2 breaking changes detected in HubFramework:",
        "  💔 API breakage: enumelement ContentLoadingError.refused has been added as a new enum case",
        "  💔 API breakage: func URIOpener.open(_:) has been removed",
    ])
    verdicts, expected_counts, _ = read_verdicts(output)
    if verdicts != {"GtkKit": [], "HubApp": [], "HubGTK": [], "HubFramework": [
            "enumelement ContentLoadingError.refused has been added as a new enum case",
            "func URIOpener.open(_:) has been removed"]} or expected_counts != {"HubFramework": 2}:
        failures.append(f"verdicts: {verdicts} {expected_counts}")
    for failure in failures:
        print(f"check-api-breaks self-test: {failure}")
    print(f"check-api-breaks self-test: {len(symbols) + len(cases) + 2 - len(failures)} of "
          f"{len(symbols) + len(cases) + 2} as expected")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
