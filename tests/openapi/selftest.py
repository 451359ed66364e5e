#!/usr/bin/env python3
"""Checks validate_responses.py itself: a good record set passes; a wrong type, an undocumented
status, a 200 on an unknown route and an empty record directory each fail with a message naming
the problem. Also checks that every example in the document's schemas satisfies its schema.

usage: selftest.py OPENAPI_YAML SELFTEST_DIR
"""
import pathlib
import subprocess
import sys

import jsonschema
import yaml

CASES = [
    # (record directory, expected exit code, text the output must contain)
    ("good", 0, "0 problems"),
    ("wrong_type", 1, "daily_goal_ep: '50' is not of type 'integer'"),
    ("undocumented", 1, "answered 418, which is not documented"),
    ("unknown_route", 1, "GET /no/such/route -> 200 is not documented"),
    ("empty", 1, "no recorded answers"),
]


def main(spec, selftest_dir):
    validator = pathlib.Path(__file__).with_name("validate_responses.py")
    failures = 0
    for name, want_code, want_text in CASES:
        run = subprocess.run([sys.executable, str(validator), spec, str(pathlib.Path(selftest_dir) / name)],
                             capture_output=True, text=True)
        output = run.stdout + run.stderr
        ok = run.returncode == want_code and want_text in output
        print(f"{'ok ' if ok else 'FAIL'} {name}: exit {run.returncode} (want {want_code}), "
              f"output {'contains' if want_text in output else 'lacks'} {want_text!r}")
        if not ok:
            print(output)
            failures += 1
    passed = len(CASES) - failures
    spec = yaml.safe_load(pathlib.Path(spec).read_text())
    resolver = jsonschema.RefResolver.from_schema(spec)
    for name, schema in spec["components"]["schemas"].items():
        for n, example in enumerate(schema.get("examples", [])):
            errors = list(jsonschema.Draft202012Validator(schema, resolver=resolver).iter_errors(example))
            print(f"{'ok ' if not errors else 'FAIL'} example {n} of {name}")
            for e in errors:
                print(f"    {'/'.join(map(str, e.path))}: {e.message}")
            failures += bool(errors)
            passed += not errors
    print(f"{passed} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
