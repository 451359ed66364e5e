#!/usr/bin/env python3
"""Checks validate_responses.py and check_document.py themselves: a good record set passes; a
wrong type, an undocumented status, a 200 on an unknown route and an empty record directory each
fail with a message naming the problem; on a small document of its own (selftest/spec.yaml): a
204 without body, a binary answer, an x-any-route-responses answer on an unknown route and an
x-any-operation-responses answer on a documented operation pass, while a body on a response
documented without content, an undocumented content type and an x-any-route-responses status on
a documented operation that lacks it fail, as do an undocumented header, a header value its
schema refuses and a missing required header; --coverage names what no answer showed;
check_document.py passes the small document and finds each mistake of selftest/bad_document.yaml.
Also checks that every example in the document's schemas satisfies its schema.

usage: selftest.py OPENAPI_YAML SELFTEST_DIR
"""
import pathlib
import subprocess
import sys

import jsonschema
import yaml

HERE = pathlib.Path(__file__).parent
VALIDATOR = HERE / "validate_responses.py"
DOCUMENT_CHECK = HERE / "check_document.py"

# (script, arguments; "{spec}" is OPENAPI_YAML and "{dir}" SELFTEST_DIR), expected exit code,
# texts the output must contain.
CASES = [
    (VALIDATOR, ["{spec}", "{dir}/good"], 0, ["0 problems"]),
    (VALIDATOR, ["{spec}", "{dir}/wrong_type"], 1, ["daily_goal_ep: '50' is not of type 'integer'"]),
    (VALIDATOR, ["{spec}", "{dir}/undocumented"], 1, ["answered 418, which is not documented"]),
    (VALIDATOR, ["{spec}", "{dir}/unknown_route"], 1, ["GET /no/such/route -> 200 is not documented"]),
    (VALIDATOR, ["{spec}", "{dir}/empty"], 1, ["no recorded answers"]),
    (VALIDATOR, ["{dir}/spec.yaml", "{dir}/extensions_good"], 0, ["5 answers checked", "0 problems"]),
    (VALIDATOR, ["{dir}/spec.yaml", "{dir}/body_on_204"], 1,
     ["DELETE /things/1 -> 204: has a body (application/json), but none is documented"]),
    (VALIDATOR, ["{dir}/spec.yaml", "{dir}/wrong_media"], 1,
     ["GET /pictures/a.png -> 200: content type text/html; charset=utf-8 not documented"]),
    (VALIDATOR, ["{dir}/spec.yaml", "{dir}/any_route_only"], 1,
     ["GET /things/1 answered 404, which is not documented"]),
    (VALIDATOR, ["{dir}/spec.yaml", "{dir}/header_undocumented"], 1,
     ["GET /things/1 -> 200: header x-powered-by is not documented"]),
    (VALIDATOR, ["{dir}/spec.yaml", "{dir}/header_wrong"], 1,
     ["GET /things/1 -> 200: header etag: '\"ab12-gzip\"' does not match"]),
    (VALIDATOR, ["{dir}/spec.yaml", "{dir}/header_missing"], 1,
     ["GET /things/1 -> 200: lacks the required header etag"]),
    (VALIDATOR, ["--coverage", "{dir}/spec.yaml", "{dir}/extensions_good"], 0,
     ["not covered: GET /things/{id} 410", "coverage: 3 of 4 documented"]),
    (DOCUMENT_CHECK, ["{dir}/spec.yaml"], 0, ["0 problems"]),
    (DOCUMENT_CHECK, ["{dir}/bad_document.yaml"], 1, [
        "$ref #/components/responses/Missing does not resolve",
        "#/components/schemas/S/examples/0: a: 'x' is not of type 'integer'",
        "path variable {id} has no path parameter",
        "paths//a/{id}/get/responses/200: a response without description",
        "not a valid JSON Schema 2020-12: 'strin' is not valid",
        "paths//a/{id}/get/responses/2x: not a status code",
        "security scheme nobody is not declared",
        "tag nope is not declared",
        "pattern '(' does not compile",
        "schema/examples/0: : 1 is not of type 'string'",
        "#/x-any-operation-responses/431/really: a key without a value",
        "parameters/1/examples/many/examples/0: : 'lots' is not of type 'integer'",
        "application/json/examples/first/examples/0: : 'id' is a required property",
    ]),
]


def main(spec, selftest_dir):
    failures = 0
    for script, args, want_code, want_texts in CASES:
        argv = [a.format(spec=spec, dir=selftest_dir) for a in args]
        run = subprocess.run([sys.executable, str(script), *argv], capture_output=True, text=True)
        output = run.stdout + run.stderr
        lacking = [t for t in want_texts if t not in output]
        ok = run.returncode == want_code and not lacking
        print(f"{'ok ' if ok else 'FAIL'} {script.name} {' '.join(args)}: exit {run.returncode} (want {want_code})"
              + (f", output lacks {lacking!r}" if lacking else ""))
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
