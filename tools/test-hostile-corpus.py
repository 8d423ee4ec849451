#!/usr/bin/env python3
"""Opens every document of the hostile-input corpus in hub-viewer, as a user would (`--screenshot`),
and checks the outcome of each: rendered (exit 0) or a clear error (exit 1, a short message naming
the problem), within a time and a memory bound, and without GTK complaining about oversized windows.

The small cases live in Tests/Corpus/hostile/; the large ones (a 15 MiB title, a 100,000-digit
number, 100,000 levels of nesting, a megabyte-long key, 100,000 rows of wrong types, templates that
build gigabytes of text or millions of components, and the documents that respond: an over-long
expression, a million-element array, 1,001 variables, action lists over the limit and nested too
deep, an action storm, and expressions whose evaluation builds or takes too much) are generated
into a temporary folder, as are the special files (a FIFO, a directory) and a document pointing
at a corrupt and a 10-gigapixel PNG. Run by `make test` under Xvfb, with the debug build:

    tools/test-hostile-corpus.py .build/debug/hub-viewer
"""
import functools
import http.server
import os
import shutil
import threading
import subprocess
import sys
import tempfile
import time

CORPUS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Corpus", "hostile")
# Bounds for a debug build on a busy 2-core CI machine. The release viewer opens the large cases in
# about a second and well under 150 MB (see docs/content-loading.md, "Limits").
MAX_SECONDS = 30
MAX_MEGABYTES = 500
# An error message may quote a little of the input, never all of it.
MAX_MESSAGE = 2000


def generate(folder):
    """Writes the generated cases into `folder`; returns {name: path}."""
    paths = {}

    def write(name, text):
        path = os.path.join(folder, name)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
        paths[name] = path

    # A view title over the 16 MiB an X request may carry (issue 28: it ended the viewer with BadLength).
    write("title-50mib.json", '{"title": "%s", "body": [{"id": "a", "text": {"title": "row"}}]}' % ("t" * (50 << 20)))
    # 16 KiB without a break opportunity in a wrapping label (issue 28: 11-30 s of frozen window).
    write("label-16kib-unbroken.json", '{"body": [{"id": "a", "component": {"id": "default:label"}, '
          '"text": {"title": "%s"}}]}' % ("x" * (16 << 10)))
    write("title-15mib.json", '{"body": [{"id": "a", "text": {"title": "%s", "subtitle": "below"}}]}' % ("x" * (15 << 20)))
    write("number-100k-digits.json", '{"body": [{"id": "a", "custom": {"n": %s}}]}' % ("9" * 100000))
    write("nesting-100k.json", "[" * 100000)
    write("key-1mib.json", '{"body": [{"id": "a", "custom": {"%s": 1}}]}' % ("k" * (1 << 20)))
    rows = ",".join('{"id": "r%d", "text": {"title": %d}}' % (index, index) for index in range(100000))
    write("wrong-types-100k-rows.json", '{"body": [%s]}' % rows)
    # Templates (issue 34): a text built 3,000 times from a 1 MiB value (it aborted the viewer, failing
    # to allocate 4 GB), and 1.4 MB of uses of a template whose levels each use the previous one twice
    # (34 s and 2.4 GB). Both end with a located warning, before anything is built.
    write("template-text-3000x1mib.json", '{"templates": {"t": {"text": {"$title": "%s"}}}, "body": ['
          '{"id": "before", "text": {"title": "Before"}}, {"template": "t", "id": "a", "v": "%s"}, '
          '{"id": "after", "text": {"title": "After"}}]}' % ("{v}" * 3000, "x" * (1 << 20)))
    levels = ['"t0": {"text": {"title": "leaf"}}'] + ['"t%d": {"children": [{"template": "t%d"}, {"template": "t%d"}]}'
                                                      % (level, level - 1, level - 1) for level in range(1, 21)]
    uses = ",".join('{"template": "t20", "id": "r%d"}' % index for index in range(40000))
    write("template-exponential.json", '{"templates": {%s}, "body": [{"id": "plain", "text": {"title": "Plain"}}, %s]}'
          % (", ".join(levels), uses))
    # The same templates, their largest uses that fit first: some 50,000 components, shown.
    fitting = ",".join('{"template": "t%d", "id": "g%d"}' % (level, level) for level in range(14, -1, -1))
    write("template-exponential-fitting.json", '{"templates": {%s}, "body": [%s, %s]}'
          % (", ".join(levels), fitting, uses))
    corrupt = "file://" + os.path.join(CORPUS, "corrupt.png")
    huge = "file://" + os.path.join(CORPUS, "huge.png")
    write("images.json", '{"body": [{"id": "i", "component": {"id": "default:image"}, "images": {"main": {"uri": "%s"}}},'
          ' {"id": "c", "component": {"id": "default:image"}, "images": {"main": {"uri": "%s"}}}]}' % (huge, corrupt))
    # Documents that respond (docs/security.md, "Documents that respond"). Each renders, with a
    # located warning where the document is read (hub-validate) or a located failure where it is
    # evaluated (the viewer's log), within the bounds below.
    write("expression-10kib.json", '{"state": {"s": "x"}, "body": [{"id": "a", "text": {"title": "@{%s}"}}, '
          '{"id": "b", "text": {"title": "after"}}]}' % "+".join(["s"] * 5000))
    write("state-million-array.json", '{"state": {"a": [%s]}, "body": [{"id": "a", "text": {"title": '
          '"@{toString(len(a))} elements"}}]}' % ",".join(["0"] * 1000000))
    # Two arrays of half a million elements, compared: each comparison takes more than an
    # expression's steps (it took 13 s for an expression of 1,300 of them as one step each).
    half = ",".join(["0"] * 500000)
    write("state-arrays-compared.json", '{"state": {"a": [%s], "b": [%s]}, "body": [{"id": "same", "text": '
          '{"title": "@{toString(%s)}"}}, {"id": "after", "text": {"title": "after"}}]}'
          % (half, half, "&&".join(["a==b"] * 1300)))
    write("state-1001-variables.json", '{"state": {%s}, "body": [{"id": "a", "text": {"title": "@{toString(v0999)}"}}]}'
          % ",".join('"v%04d": %d' % (index, index) for index in range(1001)))
    increment = '{"type": "set", "variable": "count", "value": "@{count + 1}"}'
    write("actions-1001.json", '{"state": {"count": 0}, "body": [{"id": "button", "text": {"title": "@{toString(count)}"}, '
          '"target": {"actions": [%s]}}]}' % ",".join([increment] * 1001))
    nested = increment
    for _ in range(20):
        nested = '{"type": "if", "condition": "@{count %% 2 == 0}", "then": [%s], "else": [%s]}' % (nested, increment)
    write("actions-if-nesting.json", '{"state": {"count": 0}, "body": [{"id": "button", "text": {"title": '
          '"@{toString(count)}"}, "target": {"actions": [%s]}}]}' % nested)
    # A button whose 1,000 actions set what its own title, visibility and conditions read, and append
    # to an array that grows with every press (the presses are ViewControllerHostileStateTests').
    storm = [increment] * 600 + ['{"type": "if", "condition": "@{count > 0}", "then": [%s]}'
                                 % ",".join(['{"type": "append", "variable": "log", "value": "@{count}"}'] * 399)]
    write("action-storm.json", '{"state": {"count": 0, "log": []}, "body": [{"id": "button", "text": {"title": '
          '"Pressed @{toString(count)}"}, "visible": "@{count >= 0}", "target": {"actions": [%s]}}, '
          '{"id": "odd", "text": {"title": "odd"}, "visible": "@{count %% 2 == 1}"}]}' % ",".join(storm))
    # 500 rows of 20 "@{s + s}" each in their custom data: 640 MB from a 130 KB document, before the
    # view's evaluation shared a budget of text.
    write("expression-amplified-text.json", '{"state": {"t": "row", "s": "%s"}, "body": [%s]}' % ("x" * 32000, ",".join(
        '{"id": "r%d", "text": {"title": "@{t}"}, "custom": {"a": [%s]}}' % (index, ",".join(['"@{s+s}"'] * 20))
        for index in range(500))))
    # A template whose visibility takes 4,000 steps, used 6,000 times: 24 million steps at each change.
    write("expression-amplified-steps.json", '{"state": {"c": 1}, "templates": {"t": {"text": {"title": "row"}, '
          '"visible": "@{%s >= 0}"}}, "body": [%s]}' % ("+".join(["c"] * 4000), ",".join(
              '{"template": "t", "id": "r%d"}' % index for index in range(6000))))
    # Fallbacks (docs/json.md, "What a client can show"): a chain of 300 fallbacks of components no
    # app has, each standing in for the one before, ends at the component depth limit; and 100,000
    # rows that each need what the viewer lacks are read through the value tree, every original
    # still checked, within the bounds.
    chain = '{"text": {"title": "last"}}'
    for level in range(300):
        chain = '{"component": {"id": "nowhere:c%d"}, "fallback": %s}' % (level, chain)
    write("fallback-chain-300.json", '{"body": [%s, {"id": "after", "text": {"title": "After"}}]}' % chain)
    rows = ",".join('{"id": "r%d", "component": {"id": "maps:map"}, "requires": {"features": ["maps"]}, "text": '
                    '{"title": "map %d"}, "fallback": {"component": {"id": "default:label"}, "text": {"title": "%d"}}}'
                    % (index, index, index) for index in range(100000))
    write("fallbacks-100k-rows.json", '{"body": [%s]}' % rows)
    fifo = os.path.join(folder, "fifo.json")
    os.mkfifo(fifo)
    paths["fifo.json"] = fifo
    directory = os.path.join(folder, "directory.json")
    os.mkdir(directory)
    paths["directory.json"] = directory
    return paths


# Generated cases also opened over loopback HTTP (hub-json:http://…), as a server would send them.
HTTP_CASES = ["title-50mib.json", "title-15mib.json", "label-16kib-unbroken.json", "template-text-3000x1mib.json",
              "template-exponential.json", "expression-amplified-text.json"]

# name: (expected outcome, a phrase the message must contain; for a document that renders, a phrase
# of the located warning hub-validate, next to the viewer, gives for it: what the view's problems row
# shows; or, with a third member "viewer", a phrase of the located failure the viewer logs when it
# evaluates the document)
EXPECTED = {
    "empty.json": ("error", "empty"),
    "html-instead-of-json.json": ("error", "line 1, column 1"),
    "invalid-utf8.json": ("error", "UTF-8"),
    "lone-surrogate.json": ("error", "surrogate"),
    "bad-escape.json": ("error", "escape"),
    "utf16.json": ("error", "UTF-16"),
    "truncated.json": ("error", "end of the data"),
    "wrong-types.json": ("rendered", None),
    "title-15mib.json": ("rendered", None),
    "title-50mib.json": ("rendered", None),
    "label-16kib-unbroken.json": ("rendered", None),
    "number-100k-digits.json": ("error", "longer than 100 characters"),
    "nesting-100k.json": ("error", "deeper than 512"),
    "key-1mib.json": ("rendered", None),
    "wrong-types-100k-rows.json": ("rendered", None),
    "images.json": ("rendered", None),
    "fifo.json": ("error", "not a regular file"),
    "directory.json": ("error", "directory"),
    "text-from-anywhere.json": ("rendered", None),
    "template-text-3000x1mib.json": ("rendered", ':1:9104: body[1]: warning: the text for text.title in template "t" '
                                                 'would be 2.9 GiB long; templates were expanded'),
    "template-exponential.json": ("rendered", ":1:1377: body[1]: warning: templates were expanded into as many values as "
                                              "the limits allow"),
    "template-exponential-fitting.json": ("rendered", ":1:1398: body[2]: warning: templates were expanded into as "
                                                      "many values as the limits allow"),
    "expression-deep-nesting.json": ("rendered", ': body[0].text.title: warning: in "@{%ss%s}", at character 35: '
                                                 'The expression is nested more than 32 levels deep here.'
                                     % ("(" * 40, ")" * 40)),
    "expression-doubling.json": ("rendered", "body[0].text.title: The result would be 81920 bytes long, more than the "
                                             "65536 an expression may build.", "viewer"),
    "visible-flips.json": ("rendered", None),
    "expression-10kib.json": ("rendered", ": body[0].text.title: warning: in \"@{s+s+s+s+s+s+s+s+s+s+s+s+s+s+s+"),
    "state-million-array.json": ("rendered", ": state.a: warning: the value of \"a\" is larger than 1 MiB (the "
                                             "limit maximumStateValueBytes); the variable starts empty"),
    "state-arrays-compared.json": ("rendered", "body[0].text.title: The evaluation took more steps than its budget "
                                               "allows.", "viewer"),
    "state-1001-variables.json": ("rendered", ": state.v1000: warning: more than 1000 variables are declared here (the "
                                              "limit maximumStateVariables); \"v1000\" and the rest were ignored"),
    "actions-1001.json": ("rendered", ": body[0].target.actions[1000]: warning: this list has 1001 actions, more than "
                                      "1000 (the limit maximumActionsPerList); this one and those after it were ignored"),
    "actions-if-nesting.json": ("rendered", ": warning: actions are nested deeper than 16 lists here (the limit "
                                            "maximumActionNesting); this if was ignored"),
    "action-storm.json": ("rendered", None),
    "fallback-chain-300.json": ("rendered", ": warning: components are nested deeper than 256 levels; this fallback "
                                            "was ignored"),
    "fallbacks-100k-rows.json": ("rendered", None),
    "expression-amplified-text.json": ("rendered", ".custom: the view's expressions together gave more than 64 MiB of "
                                                   "text (the limit maximumViewEvaluationBytes); this one and those "
                                                   "after it were not evaluated and show empty", "viewer"),
    "expression-amplified-steps.json": ("rendered", ".visible: the view's expressions together took more than 20000000 "
                                                    "steps (the limit maximumViewEvaluationSteps); this one and those "
                                                    "after it were not evaluated and show empty", "viewer"),
}

# Documents that must render without a single warning from GTK, Pango or GLib: text in every
# script and direction, combining marks, emoji sequences, and a text cut at the limit right after an
# emoji sequence (which a cut inside it would leave half-drawn).
QUIET = {"text-from-anywhere.json", "visible-flips.json", "action-storm.json"}


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: test-hostile-corpus.py HUB_VIEWER")
    viewer = os.path.abspath(sys.argv[1])
    validator = os.path.join(os.path.dirname(viewer), "hub-validate")
    folder = tempfile.mkdtemp(prefix="hub-hostile-")
    failures = []
    try:
        paths = {name: os.path.join(CORPUS, name) for name in os.listdir(CORPUS) if name.endswith(".json")}
        paths.update(generate(folder))
        missing = set(EXPECTED) - set(paths)
        unexpected = set(paths) - set(EXPECTED)
        if missing or unexpected:
            sys.exit("test-hostile-corpus: the corpus and EXPECTED disagree: missing %s, unexpected %s"
                     % (sorted(missing), sorted(unexpected)))
        # The same documents over HTTP, for those that a server can send as well as a file can.
        handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=folder)
        handler.func.log_message = lambda *args: None
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        uris = {name: "file://" + path for name, path in paths.items()}
        for name in HTTP_CASES:
            uris["http:" + name] = "hub-json:http://127.0.0.1:%d/%s" % (server.server_address[1], name)
            EXPECTED["http:" + name] = EXPECTED[name]
        for name in sorted(uris):
            outcome, phrase, where = (EXPECTED[name] + ("validate",))[:3]
            output = os.path.join(folder, name.replace(":", "-") + ".png")
            started = time.monotonic()
            process = subprocess.Popen([viewer, "--screenshot", output, "--size", "800x600", "--no-live",
                                        uris[name]], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            # wait4 gives the child's own peak resident set (ru_maxrss, in KiB).
            stdout = process.stdout.read()
            stderr = process.stderr.read()
            _, status, usage = os.wait4(process.pid, 0)
            process.returncode = os.waitstatus_to_exitcode(status)
            elapsed = time.monotonic() - started
            megabytes = usage.ru_maxrss / 1024
            text = (stdout + stderr).decode("utf-8", "replace")
            problems = []
            if outcome == "rendered" and process.returncode != 0:
                problems.append("expected it to render, exit %d: %s" % (process.returncode, text[:300]))
            if outcome == "error":
                if process.returncode != 1:
                    problems.append("expected a clear error (exit 1), got exit %d" % process.returncode)
                if phrase and phrase not in text:
                    problems.append("the message does not say %r: %s" % (phrase, text[:300]))
            if outcome == "rendered" and phrase and where == "viewer" and phrase not in text:
                problems.append("the viewer does not report %r: %s" % (phrase, text[:300]))
            if outcome == "rendered" and phrase and where == "validate" and not name.startswith("http:"):
                # The view shows its problems in a row of the screenshot; hub-validate, with the same
                # reader, prints them, located.
                try:
                    checked = subprocess.run([validator, paths[name]], stdout=subprocess.PIPE,
                                             stderr=subprocess.STDOUT, timeout=MAX_SECONDS)
                    report = checked.stdout.decode("utf-8", "replace")
                    if phrase not in report:
                        problems.append("hub-validate does not say %r: %s" % (phrase, report[:300]))
                except subprocess.TimeoutExpired:
                    problems.append("hub-validate took more than %d s" % MAX_SECONDS)
            if name in QUIET and any(word in text for word in ("WARNING", "CRITICAL", "Warning", "warning")):
                problems.append("warnings: %s" % text[:300])
            if len(text) > MAX_MESSAGE:
                problems.append("%d characters of output: the input is echoed" % len(text))
            if "wider than 32767" in text or "taller than 32767" in text or "Native Windows" in text:
                problems.append("a widget was asked to be larger than X11 allows")
            if elapsed > MAX_SECONDS:
                problems.append("took %.1f s (bound %d s)" % (elapsed, MAX_SECONDS))
            if megabytes > MAX_MEGABYTES:
                problems.append("peaked at %.0f MB (bound %d MB)" % (megabytes, MAX_MEGABYTES))
            print("test-hostile-corpus: %-28s %-8s %5.1f s %4.0f MB%s" % (name, outcome, elapsed, megabytes,
                  "  FAIL: " + "; ".join(problems) if problems else ""))
            if problems:
                failures.append(name)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if failures:
        sys.exit("test-hostile-corpus: FAIL: %s" % ", ".join(failures))
    print("test-hostile-corpus: OK (%d documents, %d of them also over HTTP)" % (len(EXPECTED) - len(HTTP_CASES),
                                                                           len(HTTP_CASES)))


if __name__ == "__main__":
    main()
