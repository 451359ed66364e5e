#!/usr/bin/env python3
"""Validates the answers the HTTP tests received against docs/openapi.yaml.

usage: validate_responses.py OPENAPI_YAML RECORD_DIR

RECORD_DIR holds *.jsonl files, one answer a line:
  {"method": "GET", "route": "/auth/me", "status": 200, "content_type": "...", "body": <JSON or null>}
Each answer must be documented (path, method, status) and its JSON body must validate against
the documented schema (JSON Schema 2020-12, Debian's python3-jsonschema). A route that no path
names may only give the answers listed under the top-level `x-any-route-responses`.
"""
import json
import pathlib
import re
import sys

import jsonschema
import yaml


def path_regex(template):
    return re.compile("^" + re.sub(r"\\{[^/]+?\\}", "[^/]+", re.escape(template)) + "$")


def main(spec_file, record_dir):
    spec = yaml.safe_load(pathlib.Path(spec_file).read_text())
    resolver = jsonschema.RefResolver.from_schema(spec)
    paths = [(path_regex(p), p, item) for p, item in spec["paths"].items()]
    any_route = spec.get("x-any-route-responses", {})

    def resolve(node):
        while isinstance(node, dict) and "$ref" in node:
            node = resolver.resolve(node["$ref"])[1]
        return node

    records = []
    for f in sorted(pathlib.Path(record_dir).glob("*.jsonl")):
        for n, line in enumerate(f.read_text().splitlines(), 1):
            if line.strip():
                records.append((f"{f.name}:{n}", json.loads(line)))
    if not records:
        print(f"openapi: no recorded answers in {record_dir}: did the HTTP tests run?")
        return 1

    problems, checked, seen = [], 0, set()
    for where, r in records:
        method, route, status = r["method"].lower(), r["route"], str(r["status"])
        item = next((it for rx, _, it in paths if rx.match(route)), None)
        operation = item.get(method) if item else None
        if operation is None:
            # Unknown path, or a known path with a method it lacks (405): the server's own answers.
            response = any_route.get(status)
            if response is None:
                problems.append(f"{where}: {r['method']} {route} -> {status} is not documented")
                continue
        else:
            response = operation.get("responses", {}).get(status)
            if response is None:
                problems.append(f"{where}: {r['method']} {route} answered {status}, which is not documented")
                continue
        response = resolve(response)
        content = response.get("content")
        if not content:
            checked += 1
            continue
        media = "application/json" if r["content_type"].startswith("application/json") else r["content_type"].split(";")[0]
        if media not in content:
            problems.append(f"{where}: {r['method']} {route} -> {status}: content type {r['content_type']} not documented")
            continue
        schema = content[media].get("schema")
        if media != "application/json" or schema is None:
            checked += 1
            continue
        validator = jsonschema.Draft202012Validator(schema, resolver=resolver)
        errors = sorted(validator.iter_errors(r["body"]), key=lambda e: list(e.path))
        for e in errors[:3]:
            problems.append(f"{where}: {r['method']} {route} -> {status}: {'/'.join(map(str, e.path))}: {e.message}")
        checked += 1
        seen.add((method, route if item is None else next(p for rx, p, _ in paths if rx.match(route)), status))

    for p in problems:
        print("openapi:", p)
    print(f"openapi: {checked} answers checked against {spec_file}, {len(seen)} distinct (route, method, status), "
          f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__)
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2]))
