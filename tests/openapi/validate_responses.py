#!/usr/bin/env python3
"""Validates the answers the HTTP tests received against an OpenAPI document.

usage: validate_responses.py [--coverage] OPENAPI_YAML RECORD_DIR

RECORD_DIR holds *.jsonl files, one answer a line:
  {"method": "GET", "route": "/auth/me", "status": 200, "content_type": "...", "body": <JSON or null>}
Each answer must be documented (path, method, status) and its JSON body must validate against
the documented schema (JSON Schema 2020-12, Debian's python3-jsonschema). A route that no path
names (or a path asked with a method it lacks) may only give the answers listed under the
top-level `x-any-route-responses`; a documented operation may also give those listed under
`x-any-operation-responses` (the HTTP layer's own refusals). A response documented without
content must come without a body; a non-JSON content type (an image, text/plain) must be one
the response lists.

Headers too: each header an answer carries must be documented for that response (its `headers`)
or for every answer (the top-level `x-any-response-headers`, e.g. X-Request-Id), and its value
must satisfy the header's schema; a header documented `required: true` must be there. Framing
headers (Date, Content-Length, Connection, ...) are HTTP's own and not described; Content-Type
is checked as above. Records made before headers were recorded (no "headers" key) skip this.

--coverage also lists the documented (path, method, status) that no answer showed.
"""
import json
import pathlib
import re
import sys

import jsonschema
import yaml

METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
# HTTP's own framing, which no OpenAPI document describes; Content-Type is checked on its own.
FRAMING_HEADERS = {"date", "server", "content-length", "connection", "keep-alive", "transfer-encoding",
                   "content-type"}


def path_regex(template):
    return re.compile("^" + re.sub(r"\\{[^/]+?\\}", "[^/]+", re.escape(template)) + "$")


def main(spec_file, record_dir, coverage=False):
    spec = yaml.safe_load(pathlib.Path(spec_file).read_text())
    resolver = jsonschema.RefResolver.from_schema(spec)

    def resolve(node):
        while isinstance(node, dict) and "$ref" in node:
            node = resolver.resolve(node["$ref"])[1]
        return node

    paths = [(path_regex(p), p, resolve(item)) for p, item in spec["paths"].items()]
    any_route = spec.get("x-any-route-responses", {})
    any_operation = spec.get("x-any-operation-responses", {})
    any_headers = {name.lower(): resolve(h) for name, h in spec.get("x-any-response-headers", {}).items()}

    def header_problems(record, response):
        """What is wrong with the answer's headers, against the response's and the document's."""
        got = record.get("headers")
        if got is None:
            return []
        documented = {name.lower(): resolve(h) for name, h in response.get("headers", {}).items()}
        found = []
        for name, header in documented.items():
            if header.get("required") and name not in got:
                found.append(f"lacks the required header {name}")
        for name, value in sorted(got.items()):
            if name in FRAMING_HEADERS:
                continue
            header = documented.get(name) or any_headers.get(name)
            if header is None:
                found.append(f"header {name} is not documented")
                continue
            schema = resolve(header.get("schema", {}))
            validator = jsonschema.Draft202012Validator(schema, resolver=resolver)
            # A header is text: an integer schema (Retry-After) reads the digits as the number.
            if schema.get("type") == "integer" and re.fullmatch(r"-?[0-9]+", value):
                value = int(value)
            for e in list(validator.iter_errors(value))[:1]:
                found.append(f"header {name}: {e.message}")
        return found

    records = []
    for f in sorted(pathlib.Path(record_dir).glob("*.jsonl")):
        for n, line in enumerate(f.read_text().splitlines(), 1):
            if line.strip():
                records.append((f"{f.name}:{n}", json.loads(line)))
    if not records:
        print(f"openapi: no recorded answers in {record_dir}: did the HTTP tests run?")
        return 1

    problems, checked, seen = [], 0, set()
    # A document with an ErrorCode enum (ours) promises a code in every error body.
    codes_documented = "ErrorCode" in spec.get("components", {}).get("schemas", {})
    for where, r in records:
        method, route, status = r["method"].lower(), r["route"], str(r["status"])
        # Every error body names its code beside the message (docs/accounts.md "Error codes").
        body = r.get("body")
        if (codes_documented and r["status"] >= 400 and isinstance(body, dict) and "error" in body
                and not body.get("code")):
            problems.append(f"{where}: {r['method']} {route} -> {status}: an error body without a code")
        template, item = next(((p, it) for rx, p, it in paths if rx.match(route)), (None, None))
        operation = item.get(method) if item else None
        if operation is None:
            # Unknown path, or a known path with a method it lacks (405): the server's own answers.
            response = any_route.get(status)
            if response is None:
                problems.append(f"{where}: {r['method']} {route} -> {status} is not documented")
                continue
            key = (method, route, status)
        else:
            response = operation.get("responses", {}).get(status, any_operation.get(status))
            if response is None:
                problems.append(f"{where}: {r['method']} {route} answered {status}, which is not documented")
                continue
            key = (method, template, status)
        response = resolve(response)
        problems += [f"{where}: {r['method']} {route} -> {status}: {p}" for p in header_problems(r, response)]
        content = response.get("content")
        content_type = r.get("content_type") or ""
        if not content:
            if content_type or r.get("body") is not None:
                problems.append(f"{where}: {r['method']} {route} -> {status}: has a body ({content_type or 'JSON'}), "
                                f"but none is documented")
                continue
            checked += 1
            seen.add(key)
            continue
        media = "application/json" if content_type.startswith("application/json") else content_type.split(";")[0].strip()
        if media not in content:
            problems.append(f"{where}: {r['method']} {route} -> {status}: content type {content_type or '(none)'} "
                            f"not documented")
            continue
        schema = content[media].get("schema")
        checked += 1
        seen.add(key)
        if media != "application/json" or schema is None:
            continue
        validator = jsonschema.Draft202012Validator(schema, resolver=resolver)
        errors = sorted(validator.iter_errors(r["body"]), key=lambda e: list(e.path))
        for e in errors[:3]:
            problems.append(f"{where}: {r['method']} {route} -> {status}: {'/'.join(map(str, e.path))}: {e.message}")

    for p in problems:
        print("openapi:", p)
    if coverage:
        documented = [(m, p, str(s)) for _, p, it in paths for m in METHODS if m in it
                      for s in it[m].get("responses", {})]
        missing = [d for d in documented if d not in seen]
        for m, p, s in missing:
            print(f"openapi: not covered: {m.upper()} {p} {s}")
        print(f"openapi: coverage: {len(documented) - len(missing)} of {len(documented)} documented "
              f"(path, method, status) answered")
    print(f"openapi: {checked} answers checked against {spec_file}, {len(seen)} distinct (route, method, status), "
          f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    args = sys.argv[1:]
    want_coverage = "--coverage" in args
    args = [a for a in args if a != "--coverage"]
    if len(args) != 2:
        print(__doc__)
        sys.exit(2)
    sys.exit(main(args[0], args[1], want_coverage))
