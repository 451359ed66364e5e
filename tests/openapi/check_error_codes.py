#!/usr/bin/env python3
"""The error codes have one source, core/domain/errors.hpp (every error of the table names its
`code`); this checks that docs/accounts.md "Error codes" and the ErrorCode enum of both OpenAPI
documents list exactly those codes.

  check_error_codes.py SOURCE_DIR           check
  check_error_codes.py SOURCE_DIR --table   print the table's rows from errors.hpp (to paste)
"""
import re
import sys
from pathlib import Path

import yaml

# A factory: one-line or not (the body ends at the first "}" that ends a line).
FACTORY = re.compile(r"inline Error (\w+)\([^)]*\)\s*\{(.*?)\}\s*$", re.S | re.M)
DEFAULTS = {"invalid_field": (400, "invalid_field"), "conflict": (409, "conflict")}


LITERALS = r'((?:\s*"(?:[^"\\]|\\.)*")+)'
# Factories that return another factory's error (busy() is service_unavailable(), field() an
# invalid_field with its default code, invalid_username_format_unavailable() the format's 400
# with `available`).
ALIASES = {"busy", "field", "invalid_username_format_unavailable"}


def joined(literals):
    """The text of adjacent C++ string literals ("a" "b" -> ab)."""
    return "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', literals))


def codes_of(errors_hpp):
    """[(code, status, message)] in the file's order, one per code."""
    text = errors_hpp.read_text()
    seen, rows = set(), []

    def add(code, status, message):
        if code not in seen:
            seen.add(code)
            rows.append((code, status, message))

    factories = FACTORY.findall(text)
    declared = len(re.findall(r"\binline Error \w+\(", text))
    if len(factories) != declared:
        raise SystemExit(f"check_error_codes: {declared} factories declared, {len(factories)} read")
    for name, body in factories:
        if name == "make" or name in ALIASES:
            continue
        if body.count("return ") != 1:
            raise SystemExit(f"check_error_codes: errors::{name} has {body.count('return ')} "
                             "returns; one code per factory is read")
        if name in DEFAULTS:
            status, code = DEFAULTS[name]
            add(code, status, "(the field's problem, e.g. `title_de is required`)" if status == 400
                else "(what stands in the way)")
            continue
        m = re.search(r'make\(\s*(\d+),\s*"(\w+)",' + LITERALS, body)
        if m:
            add(m.group(2), int(m.group(1)), joined(m.group(3)))
            continue
        # A message made by fmt::format: its format string stands for it ("{} {} has no draft").
        m = re.search(r'make\(\s*(\d+),\s*"(\w+)",\s*fmt::format\(' + LITERALS, body)
        if m:
            add(m.group(2), int(m.group(1)), joined(m.group(3)))
            continue
        m = re.search(r'Error\{\s*(\d+),' + LITERALS + r',.*"(\w+)"\s*\}', body, re.S)
        if m:
            add(m.group(3), int(m.group(1)), joined(m.group(2)))
            continue
        m = re.search(r'return (invalid_field|conflict)\((.*),\s*"(\w+)"\);', body, re.S)
        if m:
            literal = re.search(LITERALS, m.group(2))
            add(m.group(3), DEFAULTS[m.group(1)][0], joined(literal.group(1)) if literal else "")
            continue
        raise SystemExit(f"check_error_codes: cannot read the code of errors::{name}")
    return rows


def enum_of(document):
    schema = yaml.safe_load(document.read_text())["components"]["schemas"].get("ErrorCode")
    if not schema or "enum" not in schema:
        return None
    return set(schema["enum"])


def table_codes(accounts_md):
    text = accounts_md.read_text()
    start = text.find("### Error codes")
    if start < 0:
        return None
    section = text[start:].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `(\w+)` \|", section, re.M))


def main():
    source = Path(sys.argv[1])
    rows = codes_of(source / "core/domain/errors.hpp")
    if "--table" in sys.argv:
        for code, status, message in rows:
            message = re.sub(r"\{\d?\}", "…", message).replace('\\"', '"').replace("|", "/")
            print(f"| `{code}` | {status} | {message} |")
        return 0
    codes = {code for code, _, _ in rows}
    problems = []
    for doc in ("docs/openapi.yaml", "docs/openapi-authoring.yaml"):
        listed = enum_of(source / doc)
        if listed is None:
            problems.append(f"{doc}: no components/schemas/ErrorCode enum")
        elif listed != codes:
            problems.append(f"{doc}: ErrorCode enum lacks {sorted(codes - listed)}, "
                            f"has unknown {sorted(listed - codes)}")
    listed = table_codes(source / "docs/accounts.md")
    if listed is None:
        problems.append('docs/accounts.md: no "### Error codes" table')
    elif listed != codes:
        problems.append(f"docs/accounts.md: the table lacks {sorted(codes - listed)}, "
                        f"has unknown {sorted(listed - codes)}")
    for p in problems:
        print(f"check_error_codes: {p}")
    print(f"check_error_codes: {len(codes)} codes in core/domain/errors.hpp, "
          f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
