#!/usr/bin/env python3
"""Checks validate_responses.py itself: a good record set passes; a wrong type, an undocumented
status, a 200 on an unknown route and an empty record directory each fail with a message naming
the problem.

usage: selftest.py OPENAPI_YAML SELFTEST_DIR
"""
import pathlib
import subprocess
import sys

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
    print(f"{len(CASES) - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
