#!/usr/bin/env python3
"""Reads the reports that AddressSanitizer and LeakSanitizer wrote during `make sanitize` (one file
per process, from ASAN_OPTIONS=log_path) and decides whether the run is clean.

Why a script and not the sanitizer's exit status: LeakSanitizer cannot follow the pointer from a
live Swift object to its weak-reference side table (the runtime keeps it shifted, with flag bits, in
the object's reference-count word), so the side table of every live object that once had a weak
reference is reported as a 32-byte direct leak. Suppressing those by stack (`formWeakReference`)
is not an option: LeakSanitizer then treats the suppressed side tables as roots, and the side table
points back to its object, so every really leaked object that ever had a weak reference, and all it
holds, would be hidden too (a leaked load and its whole document were, until this check).

So the side tables are not suppressed. A side table is accepted when it is reported alone: a
direct leak allocated by the runtime's side-table code, while the process reports no indirect leak
at all. If the object behind a side table had leaked, LeakSanitizer would reach it through the side
table and report it (and what it holds) as indirect leaks, and the run fails.

GLib's first quark block is accepted too: 16 KiB allocated by `g_quark_init` when GLib is loaded,
which GLib drops without freeing once the quark table grows (see `is_glib_quark_block`).

Fails (exit 1) on: any AddressSanitizer error, any direct leak other than a lone side table or
GLib's quark block, and any indirect leak. Prints what it found.

Usage: check-sanitizer-logs.py LOG_DIR
       check-sanitizer-logs.py --self-test CASES_DIR
The self-test (run by `make test`) checks the verdicts on recorded reports: each folder of CASES_DIR
(Tests/Corpus/sanitizer-logs) holds reports and an `expected` file, whose first line is the exit
status ("exit 0") and whose other lines must each appear in the output.
"""

import os
import re
import sys

BLOCK_START = re.compile(r"^(Direct|Indirect) leak of (\d+) byte\(s\) in (\d+) object\(s\) allocated from:")
EXCERPT_LINES = 16


def leak_blocks(text):
    """Yields (kind, bytes, objects, frame lines) for every leak report in `text`."""
    lines = text.splitlines()
    index = 0
    while index < len(lines):
        match = BLOCK_START.match(lines[index])
        if not match:
            index += 1
            continue
        frames = []
        index += 1
        while index < len(lines) and lines[index].strip().startswith("#"):
            frames.append(lines[index].strip())
            index += 1
        yield match.group(1), int(match.group(2)), int(match.group(3)), frames


def is_side_table(frames):
    """The allocation was made by the Swift runtime to give an object a weak-reference side table."""
    # C++ names hold spaces ("RefCounts<RefCountBitsT<…> >::formWeakReference()"): look at the line.
    return any("formWeakReference" in line or "allocateSideTable" in line for line in frames[:6])


def is_glib_quark_block(size, count, frames):
    """GLib's first block of quarks, which it leaks on purpose: `g_quark_init` (a library constructor)
    allocates 2,048 pointers (16 KiB), and once a process has made more quarks than that, the table
    moves to a larger block and the old one is dropped without being freed, since another thread may
    still be reading it (glib/gquark.c). A process that creates enough GTK widget types gets there.
    Recognised by its exact size and by a stack that is GLib's alone: `malloc`, `g_malloc`, then
    frames inside libglib (the fast unwinder stops there) or its constructor."""
    if size != 16384 or count != 1 or len(frames) < 2 or "g_malloc" not in frames[1]:
        return False
    return all("libglib-2.0" in line or "dl-init" in line or "_dl_init" in line or "ld-linux" in line
               for line in frames[2:])


def self_test(cases):
    """Runs the check on every case of `cases` and compares with its `expected` file."""
    import subprocess

    failures = 0
    names = sorted(n for n in os.listdir(cases) if os.path.isdir(os.path.join(cases, n)))
    for name in names:
        folder = os.path.join(cases, name)
        with open(os.path.join(folder, "expected"), encoding="utf-8") as handle:
            expected = [line for line in handle.read().splitlines() if line]
        logs = os.path.join(folder, "logs")
        os.makedirs(logs, exist_ok=True)
        try:
            for report in os.listdir(folder):
                if report.startswith("asan."):
                    with open(os.path.join(folder, report), encoding="utf-8") as source, \
                            open(os.path.join(logs, report), "w", encoding="utf-8") as copy:
                        copy.write(source.read())
            run = subprocess.run([sys.executable, __file__, logs], capture_output=True, text=True)
        finally:
            for report in os.listdir(logs):
                os.remove(os.path.join(logs, report))
            os.rmdir(logs)
        wrong = []
        if expected[0] != f"exit {run.returncode}":
            wrong.append(f"{expected[0]} expected, got exit {run.returncode}")
        wrong += [f"missing: {line}" for line in expected[1:] if line not in run.stdout]
        if wrong:
            failures += 1
            print(f"check-sanitizer-logs self-test: {name}: " + "; ".join(wrong))
            print(run.stdout + run.stderr)
    print(f"check-sanitizer-logs self-test: {len(names) - failures} of {len(names)} cases as expected")
    return 1 if failures or not names else 0


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--self-test":
        return self_test(sys.argv[2])
    if len(sys.argv) != 2:
        print(__doc__.split("Usage: ")[1].split("\n")[0], file=sys.stderr)
        return 2
    directory = sys.argv[1]
    files = sorted(os.path.join(directory, name) for name in os.listdir(directory)) if os.path.isdir(directory) else []
    problems = []
    side_tables = 0
    glib_blocks = 0
    processes = 0
    for path in files:
        with open(path, encoding="utf-8", errors="replace") as handle:
            text = handle.read()
        processes += 1
        name = os.path.basename(path)
        for line in text.splitlines():
            if "ERROR: AddressSanitizer" in line:
                excerpt = "\n".join(text[text.index(line):].splitlines()[:EXCERPT_LINES * 2])
                problems.append(f"{name}: a memory error\n{excerpt}")
                break
        blocks = list(leak_blocks(text))
        indirect = [b for b in blocks if b[0] == "Indirect"]
        for kind, size, count, frames in blocks:
            if kind == "Direct" and is_side_table(frames) and not indirect:
                side_tables += count
                continue
            if kind == "Direct" and is_glib_quark_block(size, count, frames):
                glib_blocks += 1
                continue
            if kind == "Direct" and is_side_table(frames):
                why = "the side table of an object that leaked (the indirect leaks of this process are what it held)"
            else:
                why = f"{kind.lower()} leak"
            excerpt = "\n    ".join(frames[:EXCERPT_LINES])
            problems.append(f"{name}: {why}: {size} bytes in {count} objects, allocated from:\n    {excerpt}")
    if not files:
        print(f"check-sanitizer-logs: no sanitizer reports in {directory}: nothing to check")
        return 0
    for problem in problems:
        print(problem, end="\n\n")
    if problems:
        print(f"check-sanitizer-logs: {len(problems)} problem(s) in the reports of {processes} process(es) "
              f"(all reports: {directory})")
        return 1
    print(f"check-sanitizer-logs: clean: {processes} process(es) reported only {side_tables} weak-reference "
          "side table(s) of live objects, which LeakSanitizer cannot see are referenced"
          + (f", and {glib_blocks} first quark block(s) GLib leaks on purpose" if glib_blocks else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
