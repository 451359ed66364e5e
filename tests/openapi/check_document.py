#!/usr/bin/env python3
"""Checks an OpenAPI 3.1 document by itself (Debian 12 has no OpenAPI validator package).

usage: check_document.py OPENAPI_YAML...

For each document: it parses; `openapi` is 3.1.x; every local `$ref` resolves (a `$ref` to
another file is refused: the documents are self-contained); every schema (components, parameters,
headers, request and response bodies) is a valid JSON Schema 2020-12 and its regular expressions
compile; every schema `examples` entry, media type or parameter `example` and `examples` map
value satisfies its schema; every path
template variable is declared as a required path parameter and no path parameter is left
unused; every operation has responses with a description each, keyed by a status code; the
security requirements and tags name declared schemes and tags; the x-any-route-responses and
x-any-operation-responses entries are responses; no key outside examples and enumerations has a
null value (the mark of a comma in an unquoted YAML flow scalar: `{description: a, b}`).
"""
import pathlib
import re
import sys

import jsonschema
import yaml

METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
STATUS = re.compile(r"^([1-5][0-9][0-9]|[1-5]XX|default)$")


class Checker:
    def __init__(self, name, spec):
        self.name, self.spec, self.problems = name, spec, []
        self.resolver = jsonschema.RefResolver.from_schema(spec)
        self.schemas_checked = 0
        self.examples_checked = 0

    def problem(self, where, text):
        self.problems.append(f"{self.name}: {where}: {text}")

    def resolve(self, node, where):
        seen = 0
        while isinstance(node, dict) and "$ref" in node:
            ref = node["$ref"]
            if not ref.startswith("#"):
                self.problem(where, f"$ref {ref} leaves the document")
                return None
            try:
                node = self.resolver.resolve(ref)[1]
            except jsonschema.exceptions.RefResolutionError as e:
                self.problem(where, f"$ref {ref} does not resolve: {e}")
                return None
            seen += 1
            if seen > 20:
                self.problem(where, f"$ref {ref}: a cycle")
                return None
        return node

    def all_refs(self, node, where):
        """Every `$ref` anywhere in the document resolves."""
        if isinstance(node, dict):
            if isinstance(node.get("$ref"), str):
                self.resolve({"$ref": node["$ref"]}, where)
            for k, v in node.items():
                self.all_refs(v, f"{where}/{k}")
        elif isinstance(node, list):
            for i, v in enumerate(node):
                self.all_refs(v, f"{where}/{i}")

    def nulls(self, node, where):
        """A key without a value: YAML read `{description: a, b}` as {description: a, b: null}."""
        if isinstance(node, dict):
            for k, v in node.items():
                if k in ("examples", "example", "enum", "const", "default"):
                    continue
                if v is None:
                    self.problem(f"{where}/{k}", "a key without a value (an unquoted comma in a flow mapping?)")
                self.nulls(v, f"{where}/{k}")
        elif isinstance(node, list):
            for i, v in enumerate(node):
                self.nulls(v, f"{where}/{i}")

    def schema(self, schema, where):
        if not isinstance(schema, (dict, bool)):
            self.problem(where, "a schema must be an object or a boolean")
            return
        try:
            jsonschema.Draft202012Validator.check_schema(schema)
        except jsonschema.exceptions.SchemaError as e:
            self.problem(where, f"not a valid JSON Schema 2020-12: {e.message}")
            return
        self.schemas_checked += 1
        self.walk_schema(schema, schema, where)

    def walk_schema(self, node, root, where):
        """Patterns compile; `examples` lists satisfy the (sub)schema that carries them."""
        if isinstance(node, list):
            for i, item in enumerate(node):
                self.walk_schema(item, root, f"{where}/{i}")
            return
        if not isinstance(node, dict):
            return
        if isinstance(node.get("pattern"), str):
            try:
                re.compile(node["pattern"])
            except re.error as e:
                self.problem(where, f"pattern {node['pattern']!r} does not compile: {e}")
        if isinstance(node.get("examples"), list):
            self.examples(node, node["examples"], where)
        for key, value in node.items():
            if key in ("examples", "example", "const", "enum", "default"):
                continue
            self.walk_schema(value, root, f"{where}/{key}")

    def examples(self, schema, examples, where):
        validator = jsonschema.Draft202012Validator(schema, resolver=self.resolver)
        for n, example in enumerate(examples):
            self.examples_checked += 1
            for e in validator.iter_errors(example):
                self.problem(f"{where}/examples/{n}", f"{'/'.join(map(str, e.path))}: {e.message}")

    def named_examples(self, item, where):
        """A media type's or parameter's `examples` map: each Example Object's `value`."""
        for name, example in (item.get("examples") or {}).items():
            example = self.resolve(example, f"{where}/examples/{name}") or {}
            if "value" in example:
                self.examples(item["schema"], [example["value"]], f"{where}/examples/{name}")

    def content(self, content, where):
        for media, item in (content or {}).items():
            item = self.resolve(item, f"{where}/{media}") or {}
            if "schema" in item:
                self.schema(item["schema"], f"{where}/{media}/schema")
                if "example" in item:
                    self.examples(item["schema"], [item["example"]], f"{where}/{media}")
                self.named_examples(item, f"{where}/{media}")

    def parameter(self, p, where):
        p = self.resolve(p, where)
        if p is None:
            return None
        for key in ("name", "in"):
            if key not in p:
                self.problem(where, f"a parameter without `{key}`")
        if p.get("in") == "path" and p.get("required") is not True:
            self.problem(where, f"path parameter {p.get('name')} must be required: true")
        if "schema" in p:
            self.schema(p["schema"], f"{where}/schema")
            if "example" in p:
                self.examples(p["schema"], [p["example"]], where)
            self.named_examples(p, where)
        return p

    def response(self, r, where):
        r = self.resolve(r, where)
        if r is None:
            return
        if "description" not in r:
            self.problem(where, "a response without description")
        for name, h in (r.get("headers") or {}).items():
            h = self.resolve(h, f"{where}/headers/{name}") or {}
            if "schema" in h:
                self.schema(h["schema"], f"{where}/headers/{name}/schema")
        self.content(r.get("content"), f"{where}/content")

    def run(self):
        spec = self.spec
        if not str(spec.get("openapi", "")).startswith("3.1."):
            self.problem("openapi", f"version {spec.get('openapi')!r} is not 3.1.x")
        for key in ("info", "paths"):
            if key not in spec:
                self.problem("/", f"no `{key}`")
        self.all_refs(spec, "#")
        self.nulls(spec, "#")
        components = spec.get("components", {})
        for name, s in components.get("schemas", {}).items():
            self.schema(s, f"#/components/schemas/{name}")
        schemes = components.get("securitySchemes", {})
        tags = {t["name"] for t in spec.get("tags", [])}
        for key in ("x-any-route-responses", "x-any-operation-responses"):
            for status, r in spec.get(key, {}).items():
                if not STATUS.match(str(status)):
                    self.problem(f"{key}/{status}", "not a status code")
                self.response(r, f"{key}/{status}")

        def security(requirements, where):
            for requirement in requirements or []:
                for scheme in requirement:
                    if scheme not in schemes:
                        self.problem(where, f"security scheme {scheme} is not declared")

        security(spec.get("security"), "security")
        for path, item in spec.get("paths", {}).items():
            where = f"paths/{path}"
            item = self.resolve(item, where)
            if item is None:
                continue
            template = set(re.findall(r"{([^}/]+)}", path))
            shared = [self.parameter(p, f"{where}/parameters/{i}") for i, p in enumerate(item.get("parameters", []))]
            operations = [m for m in METHODS if m in item]
            if not operations:
                self.problem(where, "no operation")
            for method in operations:
                op, at = item[method], f"{where}/{method}"
                own = [self.parameter(p, f"{at}/parameters/{i}") for i, p in enumerate(op.get("parameters", []))]
                declared = {p["name"] for p in shared + own if p and p.get("in") == "path"}
                for missing in sorted(template - declared):
                    self.problem(at, f"path variable {{{missing}}} has no path parameter")
                for extra in sorted(declared - template):
                    self.problem(at, f"path parameter {extra} is not in the path")
                body = self.resolve(op.get("requestBody"), f"{at}/requestBody") if "requestBody" in op else None
                if body is not None:
                    if not body.get("content"):
                        self.problem(f"{at}/requestBody", "no content")
                    self.content(body.get("content"), f"{at}/requestBody/content")
                responses = op.get("responses")
                if not responses:
                    self.problem(at, "no responses")
                for status, r in (responses or {}).items():
                    if not STATUS.match(str(status)):
                        self.problem(f"{at}/responses/{status}", "not a status code")
                    self.response(r, f"{at}/responses/{status}")
                security(op.get("security"), at)
                for tag in op.get("tags", []):
                    if tags and tag not in tags:
                        self.problem(at, f"tag {tag} is not declared")
        return self.problems


def duplicate_keys(node, found):
    """Keys given twice in one mapping: PyYAML keeps the last one silently, so a merge that left
    two `parameters:` in one operation would drop the first list unseen."""
    if isinstance(node, yaml.MappingNode):
        seen = set()
        for key, value in node.value:
            if isinstance(key, yaml.ScalarNode) and key.value != "<<":
                if key.value in seen:
                    found.append(f"line {key.start_mark.line + 1}: key {key.value!r} given twice")
                seen.add(key.value)
            duplicate_keys(value, found)
    elif isinstance(node, yaml.SequenceNode):
        for value in node.value:
            duplicate_keys(value, found)
    return found


def main(files):
    problems = []
    for f in files:
        try:
            text = pathlib.Path(f).read_text()
            spec = yaml.safe_load(text)
            problems += [f"{f}: {d}" for d in duplicate_keys(yaml.compose(text), [])]
        except yaml.YAMLError as e:
            problems.append(f"{f}: does not parse: {e}")
            continue
        checker = Checker(f, spec)
        found = checker.run()
        problems += found
        print(f"openapi-document: {f}: {len(spec.get('paths', {}))} paths, {checker.schemas_checked} schemas, "
              f"{checker.examples_checked} examples checked, {len(found)} problems")
    for p in problems:
        print("openapi-document:", p)
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print(__doc__)
        sys.exit(2)
    sys.exit(main(sys.argv[1:]))
