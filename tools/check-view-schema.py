#!/usr/bin/env python3
"""Keeps Resources/schema/hub-view.schema.json and the Swift reader in step (run by `make test`).

Usage: tools/check-view-schema.py PATH-TO-hub-validate

1. The schema is a valid draft 2020-12 schema.
2. Every view document the project ships or documents passes both the schema and hub-validate:
   the JSON files in data/, Resources/ (the schema itself excepted), docs/examples/, the example
   app's resources and the demo backend's views, every ```json block in README.md and docs/*.md (a fence marked ```json is a view
   document; other JSON is marked ```jsonc), and the test fixtures meant to be valid (HubFrameworkTests'
   JSON fixtures and hub-validate's valid/ corpus).
3. Every document of the invalid corpus is rejected by both (Tests/HubValidateTests/Fixtures/validate/
   invalid, which hub-validate's own tests pin down message by message). Where the reader only skips
   values (warnings), both must also name the same values: the paths hub-validate reports are the
   paths the schema's errors point at. The corpus of wrong expressions, state, inputs and actions
   (Fixtures/validate/expressions), whose mistakes a schema mostly cannot see (an expression is a
   string to it), is rejected by hub-validate, and every value the schema flags there is one
   hub-validate reports at or inside.
4. Every key of the valid fixture that uses every key, given a value of the wrong type, is rejected by
   both, at that key: a key the schema leaves untyped, or types differently from the reader, fails here.
5. The backend manifest schema (Resources/schema/hub-manifest.schema.json) is valid, and it and
   `hub-validate --manifest` accept the example backend app's manifests and reject the fixtures with
   mistakes (in its features and in its state).
6. Patches (the view schema's `patchDocument`): every ```json block of the docs that is a patch (an
   object with `patch`) and hub-validate's patches/ corpus are held to both, read with
   `hub-validate --patch`: the fixtures whose mistakes only a view can show (patches/*.expected
   against patches/view/) pass both alone, the malformed ones fail both.
"""
import copy
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

import jsonschema

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCHEMA_PATH = os.path.join(ROOT, "Resources/schema/hub-view.schema.json")
MANIFEST_SCHEMA_PATH = os.path.join(ROOT, "Resources/schema/hub-manifest.schema.json")
FIXTURES = os.path.join(ROOT, "Tests/HubValidateTests/Fixtures/validate")
failures = []


def fail(message):
    failures.append(message)
    print("check-view-schema: FAIL: " + message, file=sys.stderr)


def schema_errors(validator, data):
    """The schema's complaints about the bytes `data` (not being UTF-8 JSON counts as one; a leading
    byte order mark is skipped, as the reader does)."""
    try:
        document = json.loads(data.decode("utf-8-sig"))
    except ValueError as error:
        return ["not JSON: %s" % error]
    return [e.message for e in validator.iter_errors(document)]


def hub_validate(executable, text, patch=False):
    """hub-validate's exit status and report (--format json) for `text`, fed on standard input
    (read as a patch with `patch`)."""
    run = subprocess.run([executable, "--format", "json"] + (["--patch"] if patch else []) + ["-"], input=text,
                         capture_output=True)
    return run.returncode, json.loads(run.stdout.decode("utf-8"))


PATH_STEP = re.compile(r'\.?([A-Za-z0-9_-]+)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]')


def path_steps(text):
    """`body[0].images.custom["my image"].uri` as a tuple of keys and indexes."""
    steps, position = [], 0
    while position < len(text):
        match = PATH_STEP.match(text, position)
        if not match:
            raise ValueError("not a path: " + text)
        key, index, quoted = match.groups()
        steps.append(key if key is not None else int(index) if index is not None else json.loads(quoted))
        position = match.end()
    return tuple(steps)


def compare_paths(name, schema, data, report):
    """When the reader only skipped values, the schema must flag exactly those values."""
    if any(problem["severity"] != "warning" for problem in report["problems"]):
        return
    document = json.loads(data.decode("utf-8-sig"))
    definition = "#/$defs/view" if isinstance(document, dict) else "#/$defs/componentList"
    validator = jsonschema.Draft202012Validator({"$ref": definition, "$defs": schema["$defs"]})
    flagged = {tuple(error.absolute_path) for error in validator.iter_errors(document)}
    reported = {path_steps(problem["path"]) for problem in report["problems"]}
    for path in sorted(reported - flagged, key=str):
        fail("%s: hub-validate reports %s, the schema does not" % (name, "/".join(map(str, path))))
    for path in sorted(flagged - reported, key=str):
        fail("%s: the schema flags %s, hub-validate does not" % (name, "/".join(map(str, path))))


def compare_flagged_within_reported(name, schema, data, report):
    """For documents whose mistakes the schema cannot all see (an expression is a string to it):
    every value the schema flags is one hub-validate reports, or one inside which it reports."""
    document = json.loads(data.decode("utf-8-sig"))
    definition = "#/$defs/view" if isinstance(document, dict) else "#/$defs/componentList"
    validator = jsonschema.Draft202012Validator({"$ref": definition, "$defs": schema["$defs"]})
    reported = [path_steps(problem["path"]) for problem in report["problems"]]
    for error in validator.iter_errors(document):
        flagged = tuple(error.absolute_path)
        if not any(path[:len(flagged)] == flagged for path in reported):
            fail("%s: the schema flags %s (%s), hub-validate reports nothing there"
                 % (name, "/".join(map(str, flagged)), error.message[:120]))


def json_blocks(markdown_path):
    """The ```json fenced blocks of a Markdown file, with their line numbers."""
    blocks, current, start = [], None, 0
    with open(markdown_path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            stripped = line.strip()
            if current is None and stripped == "```json":
                current, start = [], number
            elif current is not None and stripped.startswith("```"):
                blocks.append((start, "".join(current)))
                current = None
            elif current is not None:
                current.append(line)
    return blocks


def mutations(document, path=()):
    """Every (path, copy) of `document` with one known key's value replaced by the number 15, a type
    no key of the default schema takes. Free-form objects (custom, metadata, logging) are replaced
    but not entered; "$schema" is left alone."""
    if isinstance(document, dict):
        items = document.items()
    elif isinstance(document, list):
        items = enumerate(document)
    else:
        return
    for key, value in items:
        if key == "$schema":
            continue
        yield path + (key,), value
        if key not in ("custom", "metadata", "logging") or path[-1:] == ("images",):
            yield from mutations(value, path + (key,))


def replaced(document, path, value):
    result = copy.deepcopy(document)
    target = result
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return result


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    executable = sys.argv[1]
    with open(SCHEMA_PATH, encoding="utf-8") as handle:
        schema = json.load(handle)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)

    valid = []
    for pattern in ("data/**/*.json", "Resources/**/*.json", "docs/examples/**/*.json", "Examples/*/Sources/**/*.json",
                    "Examples/backend/views/**/*.json",
                    "Tests/HubFrameworkTests/Fixtures/JSON/*.json", "Tests/HubValidateTests/Fixtures/validate/valid/*.json",
                    "Tests/HubValidateTests/Fixtures/validate/patches/view/*.json"):
        for path in sorted(glob.glob(os.path.join(ROOT, pattern), recursive=True)):
            # Schemas (this one and the manifest's) are not view documents.
            if not path.endswith(".schema.json"):
                with open(path, "rb") as handle:
                    valid.append((os.path.relpath(path, ROOT), handle.read()))
    documented_patches = []
    for markdown in [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs/*.md"))):
        for line, block in json_blocks(markdown):
            name = "%s:%d" % (os.path.relpath(markdown, ROOT), line)
            (documented_patches if is_patch(block) else valid).append((name, block.encode("utf-8")))

    if len(valid) < 12:
        fail("only %d valid documents found: did a folder move?" % len(valid))
    for name, data in valid:
        errors = schema_errors(validator, data)
        if errors:
            fail("%s: the schema rejects a valid document: %s" % (name, errors[0]))
        status, report = hub_validate(executable, data)
        if status != 0:
            fail("%s: hub-validate rejects a valid document (%d): %s" % (name, status, report["problems"][0]))

    invalid = sorted(glob.glob(os.path.join(FIXTURES, "invalid/*.json")))
    for path in invalid:
        with open(path, "rb") as handle:
            data = handle.read()
        name = os.path.relpath(path, ROOT)
        if not schema_errors(validator, data):
            fail("%s: the schema accepts a document hub-validate must reject" % name)
        status, report = hub_validate(executable, data)
        if status != 1:
            fail("%s: hub-validate exits with %d, not 1" % (name, status))
        else:
            compare_paths(name, schema, data, report)

    expressions = sorted(glob.glob(os.path.join(FIXTURES, "expressions/*.json")))
    for path in expressions:
        with open(path, "rb") as handle:
            data = handle.read()
        name = os.path.relpath(path, ROOT)
        status, report = hub_validate(executable, data)
        if status != 1:
            fail("%s: hub-validate exits with %d, not 1" % (name, status))
        else:
            compare_flagged_within_reported(name, schema, data, report)

    with open(os.path.join(FIXTURES, "valid/every-key.json"), encoding="utf-8") as handle:
        every_key = json.load(handle)
    mutated = 0
    for path, _ in mutations(every_key):
        document = replaced(every_key, path, 15)
        text = json.dumps(document).encode("utf-8")
        name = "every-key.json with %s = 15" % "/".join(str(key) for key in path)
        if not schema_errors(validator, text):
            fail("%s: the schema accepts it, the reader skips the value" % name)
        status, report = hub_validate(executable, text)
        if status != 1:
            fail("%s: hub-validate exits with %d, not 1" % (name, status))
        else:
            compare_paths(name, schema, text, report)
        mutated += 1

    manifests = check_manifests(executable)
    patches = check_patches(executable, validator, documented_patches)

    if failures:
        sys.exit("check-view-schema: %d failures" % len(failures))
    print("check-view-schema: OK (%d valid documents, %d invalid ones, %d with wrong expressions, %d mistyped keys; "
          "schema and hub-validate agree; %d manifests, %d patches)"
          % (len(valid), len(invalid), len(expressions), mutated, manifests, patches))


def is_patch(text):
    """Whether a JSON text is a patch: an object with a `patch` member."""
    try:
        document = json.loads(text)
    except ValueError:
        return False
    return isinstance(document, dict) and "patch" in document


def check_patches(executable, validator, documented):
    """Patches against the schema's `patchDocument` and `hub-validate --patch`: the documented ones and
    the good fixtures pass both, the malformed fixtures fail both."""
    cases = [(name, data, True) for name, data in documented]
    for path in sorted(glob.glob(os.path.join(FIXTURES, "patches/*.json"))):
        with open(path, "rb") as handle:
            data = handle.read()
        # Mistakes in the text; the other fixtures' mistakes only their view shows.
        good = os.path.basename(path) not in ("malformed.json", "not-json.json")
        cases.append((os.path.relpath(path, ROOT), data, good))
    if len(cases) < 6:
        fail("only %d patches found: did a folder move?" % len(cases))
    for name, data, good in cases:
        errors = schema_errors(validator, data)
        status, report = hub_validate(executable, data, patch=True)
        if good and (errors or status != 0):
            fail("%s: a good patch is rejected (schema: %s, hub-validate status %d: %s)"
                 % (name, errors[:1], status, report["problems"][:1]))
        if not good and (not errors or status != 1):
            fail("%s: a bad patch is accepted (schema errors: %d, hub-validate status %d)" % (name, len(errors), status))
    return len(cases)


def check_manifests(executable):
    """The backend manifest schema against hub-validate --manifest: the example app passes both, the
    manifest fixture with mistakes fails both."""
    with open(MANIFEST_SCHEMA_PATH, encoding="utf-8") as handle:
        schema = json.load(handle)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    cases = [(path, True) for path in sorted(glob.glob(os.path.join(ROOT, "Examples/backend/*.json")))]
    for bad in ("mistakes.json", "state.json", "state-not-an-object.json"):
        cases.append((os.path.join(FIXTURES, "manifest", bad), False))
    for path, good in cases:
        name = os.path.relpath(path, ROOT)
        with open(path, "rb") as handle:
            data = handle.read()
        errors = schema_errors(validator, data)
        status = subprocess.run([executable, "--manifest", path], capture_output=True).returncode
        if good and (errors or status != 0):
            fail("%s: a good manifest is rejected (schema: %s, hub-validate status %d)" % (name, errors[:1], status))
        if not good and (not errors or status != 1):
            fail("%s: a bad manifest is accepted (schema errors: %d, hub-validate status %d)" % (name, len(errors), status))
    return len(cases)


if __name__ == "__main__":
    main()
