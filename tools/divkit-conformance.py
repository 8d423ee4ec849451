#!/usr/bin/env python3
"""Runs DivKit's expression conformance cases through `hub-validate --evaluate -` and prints the
pass rate of each file.

Usage: tools/divkit-conformance.py FOLDER [--hub-validate PATH] [--platform NAME] [--verbose]

FOLDER holds DivKit's test_data/expression_test_data/*.json files (reference data, kept out of
this repository: {"cases": [{"name", "expression", "variables", "expected": {"type", "value"},
"platforms"}]}). Files without "cases" (the signature lists) are skipped. A case passes when
hub-validate gives the expected type and value (numbers within a relative 1e-9); an expected error
passes with any error, whatever its message. Cases marked "deprecated" are skipped; --platform
keeps only the cases DivKit runs on that platform (android, ios, web). docs/json.md ("Where this
language differs from DivKit, and why") explains the differences from DivKit that make cases fail
on purpose.
"""
import argparse
import json
import math
import os
import subprocess
import sys


def default_hub_validate():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    try:
        bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=root, capture_output=True,
                                  text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        bin_path = os.path.join(root, ".build", "debug")
    return os.path.join(bin_path, "hub-validate")


def normalized_type(name):
    return "dict" if name == "object" else name


def same_value(expected, actual, value_type):
    if isinstance(expected, bool) or isinstance(actual, bool):
        if value_type == "boolean" and isinstance(expected, int) and isinstance(actual, bool):
            return bool(expected) == actual
        return expected is actual or expected == actual and type(expected) is type(actual)
    if isinstance(expected, (int, float)) and isinstance(actual, (int, float)):
        if value_type == "integer":
            return int(expected) == int(actual) and float(expected) == float(actual)
        if math.isclose(expected, actual, rel_tol=1e-9, abs_tol=1e-300):
            return expected != 0 or actual != 0 or math.copysign(1, expected) == math.copysign(1, actual) or True
        return False
    if isinstance(expected, list) and isinstance(actual, list):
        return len(expected) == len(actual) and all(same_value(e, a, None) for e, a in zip(expected, actual))
    if isinstance(expected, dict) and isinstance(actual, dict):
        return expected.keys() == actual.keys() and all(same_value(expected[k], actual[k], None) for k in expected)
    return expected == actual


def run_file(path, hub_validate, platform):
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    cases = [case for case in data.get("cases", []) if "deprecated" not in case
             and (platform is None or platform in case.get("platforms", []))]
    if not cases:
        return None
    lines = [json.dumps({"expression": case["expression"], "variables": case.get("variables", [])}) for case in cases]
    result = subprocess.run([hub_validate, "--evaluate", "-"], input="\n".join(lines) + "\n", capture_output=True,
                            text=True, timeout=120)
    outputs = result.stdout.splitlines()
    if len(outputs) != len(cases):
        raise SystemExit(f"{path}: {len(cases)} cases but {len(outputs)} result lines; stderr: {result.stderr}")
    failures = []
    for case, output in zip(cases, outputs):
        actual = json.loads(output)
        expected = case["expected"]
        expected_type = normalized_type(expected["type"])
        if expected_type == "error":
            passed = actual["type"] == "error"
        else:
            passed = actual["type"] == expected_type and same_value(expected["value"], actual["value"], expected_type)
        if not passed:
            failures.append((case, actual))
    return len(cases), failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder")
    parser.add_argument("--hub-validate", default=None, help="the hub-validate executable (default: the debug build)")
    parser.add_argument("--platform", default=None, help="only the cases DivKit runs on this platform")
    parser.add_argument("--verbose", action="store_true", help="print every failing case")
    arguments = parser.parse_args()
    hub_validate = arguments.hub_validate or default_hub_validate()
    total_cases = total_passed = 0
    for name in sorted(os.listdir(arguments.folder)):
        if not name.endswith(".json"):
            continue
        outcome = run_file(os.path.join(arguments.folder, name), hub_validate, arguments.platform)
        if outcome is None:
            continue
        count, failures = outcome
        passed = count - len(failures)
        total_cases += count
        total_passed += passed
        print(f"{name}: {passed}/{count} ({100 * passed / count:.0f}%)")
        if arguments.verbose:
            for case, actual in failures:
                print(f"    {case['expression']!r}: expected {json.dumps(case['expected'], ensure_ascii=False)}, "
                      f"got {json.dumps(actual, ensure_ascii=False)}")
    if total_cases:
        print(f"total: {total_passed}/{total_cases} ({100 * total_passed / total_cases:.1f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
