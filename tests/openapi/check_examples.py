#!/usr/bin/env python3
"""The learner document's examples against a real, seeded learner-api (docs/testing.md).

usage: check_examples.py BUILD_DIR OPENAPI_YAML

A client developer copies the examples of docs/openapi.yaml into mocks and fixtures, so they must
look like real answers. On a fresh SQLite database (`langlearn-admin migrate`, `seed --demo`, as
`make run` does), learner-api is started and driven through a learner's first steps (register,
profile, feed, a booking, login, ...). Then every `examples` entry of a component schema:

- satisfies its schema (JSON Schema 2020-12), and so does the live answer it is compared with;
- has the live answer's shape: the same keys at every level, the same JSON types (integers and
  fractions are both numbers), arrays compared item by item against a live item of the same kind;
- names the seeded data as it is seeded: a language's id, code, titles and greeting, an
  achievement's kind, threshold and titles, a category's id and label, the media names' file
  types (what the renditions and the speech synthesiser really store), a level that fits the EP.

A component schema with examples that no live answer covers is a failure too, so an example added
later is checked or the test says which. Exit 1 with one line per problem.
"""
import json
import os
import pathlib
import re
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

import jsonschema
import yaml


# What /media serves: the SHA-256 of the content and the file type (docs/openapi.yaml /media/{name}).
CONTENT_NAME = re.compile(r"^/media/[0-9a-f]{64}\.[a-z0-9]{1,8}$")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Service:
    """learner-api on a seeded SQLite file in a temporary folder."""

    def __init__(self, build, work):
        self.env = dict(os.environ, DATABASE_URL=f"sqlite://{work}/demo.db", MEDIA_DIR=f"{work}/media",
                        JWT_SECRET="examples-secret-0123456789abcdefghijkl", LOG_LEVEL="warn",
                        AUTH_RATE_PER_MINUTE="0", PORT=str(free_port()))
        self.db = f"{work}/demo.db"
        admin = f"{build}/apps/langlearn-admin/langlearn-admin"
        subprocess.run([admin, "migrate"], env=self.env, check=True, stdout=subprocess.DEVNULL)
        subprocess.run([admin, "seed", "--demo"], env=self.env, check=True, stdout=subprocess.DEVNULL)
        self.log = open(f"{work}/learner.log", "w")
        self.process = subprocess.Popen([f"{build}/apps/learner-api/learner-api"], env=self.env,
                                        stdout=self.log, stderr=subprocess.STDOUT)
        self.base = f"http://127.0.0.1:{self.env['PORT']}"
        for _ in range(200):
            try:
                if self.call("GET", "/readyz")[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.05)
        raise RuntimeError("learner-api did not become ready")

    def call(self, method, path, body=None, token=None, extra_headers=None):
        headers = {"Content-Type": "application/json"} if body is not None else {}
        headers.update(extra_headers or {})
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=10) as r:
                return r.status, json.loads(r.read() or b"null")
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read() or b"null")

    def ok(self, status, method, path, body=None, token=None, extra_headers=None):
        got, answer = self.call(method, path, body, token, extra_headers)
        if got != status:
            raise RuntimeError(f"{method} {path}: {got} {answer}, expected {status}")
        return answer

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)
        self.log.close()


def live_answers(service):
    """A learner's first steps; what each component schema's examples are compared with."""
    s = service
    email, password = "ada@example.com", "correct horse"
    registered = s.ok(201, "POST", "/auth/register", {"email": email, "password": password})
    token = registered["token"]
    languages = s.ok(200, "GET", "/auth/languages")
    by_code = {l["short_en"]: l["id"] for l in languages}
    unauthorized = s.ok(401, "GET", "/auth/me")
    bad_username = s.ok(400, "GET", "/auth/check-username?username=a!", token=token)
    profile = s.ok(201, "POST", "/auth/profile",
                   {"username": "ada_l", "nativeLang": by_code["de"], "targetLang": by_code["sv"]}, token)
    feed = s.ok(200, "GET", "/feed?limit=100", token=token)  # the target language's cards
    if not feed["items"]:
        raise RuntimeError("the demo seed gave an empty feed")
    first_page = s.ok(200, "GET", "/feed?limit=1", token=token)  # with a cursor in next_after
    progress = s.ok(200, "POST", "/auth/progress",
                    {"pair_id": feed["items"][0]["pair_id"], "correct": True, "points": 20}, token,
                    {"Idempotency-Key": "3f0c9a6e-card-1"})
    logged_in = s.ok(200, "POST", "/auth/login", {"email": email, "password": password})
    # The login's session refreshed once; the learner's data as exported.
    refreshed = s.ok(200, "POST", "/auth/refresh", {"refresh_token": logged_in["refresh_token"]})
    # A zone of the learner's own (shown by /auth/me), and an offline batch with one answer of
    # just now (booked: not before the account) and one from eight days ago (refused on its own).
    s.ok(200, "PUT", "/auth/timezone", {"timezone": "Europe/Berlin"}, token)
    now = time.time()
    def instant(days_back):
        at = now - days_back * 86400
        return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(at)) + f".{int(at * 1000) % 1000:03d}Z"
    pair = feed["items"][-1]["pair_id"]
    batch = s.ok(200, "POST", "/auth/progress/batch", {"items": [
        {"client_id": "a1", "pair_id": pair, "correct": True, "points": 20, "answered_at": instant(0)},
        {"client_id": "a2", "pair_id": pair, "correct": True, "points": 20, "answered_at": instant(8)}]},
        token)
    # The schedule settings: the defaults, then one changed (the export shows when).
    settings_before = s.ok(200, "GET", "/auth/learning", token=token)
    settings = s.ok(200, "PUT", "/auth/learning", {"desired_retention": 0.85}, token)
    exported = s.ok(200, "GET", "/auth/me/export", token=token)  # with the zone and the batch
    # The practice queue after those answers: new cards (the answered ones wait for their step).
    practice = s.ok(200, "GET", "/auth/practice", token=token)
    cards = s.ok(200, "GET", "/auth/cards", token=token)
    # A graded answer: a word card's Swedish answer typed as a learner might.
    word = next(i for i in feed["items"] if i["answer_type"] == "word" and i.get("question"))
    graded = s.ok(200, "POST", "/auth/answers",
                  {"pair_id": word["pair_id"], "text": "  " + word["question"]["short_answer_se"].upper() + "!"},
                  token)
    if not graded["correct"]:
        raise RuntimeError(f"a right typed answer was graded wrong: {graded}")
    return {
        "Error": [unauthorized],
        "UsernameFormatError": [bad_username],
        "RegisterAnswer": [registered],
        "LoginAnswer": [logged_in],
        "RefreshToken": [registered["refresh_token"], logged_in["refresh_token"]],
        "RefreshAnswer": [refreshed],
        "LearnerExport": [exported],
        "BatchAnswer": [batch],
        "LearningSettings": [settings],
        "LearningOverview": [settings_before],
        "ScheduleParameters": [settings_before["parameters"]],
        "LearningSettingsChange": [{"desired_retention": settings["desired_retention"]}],
        "Language": languages,
        "Me": [s.ok(200, "GET", "/auth/me", token=token)],
        "Profile": [profile],
        "ProgressAnswer": [progress],
        "Feed": [first_page],
        "Practice": [practice],
        "CardsPage": [cards],
        "GradedAnswer": [graded],
        "whole feed": feed,
        "Status": [s.ok(200, "GET", "/livez")],
    }


def kind(value):
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    return {str: "string", list: "array", dict: "object"}[type(value)]


def same_kind_item(example_item, live_items):
    """The live item an example item is compared with: one of the same answer type or id when
    the items say one (a batch result: of the same status), else the first."""
    for key in ("answer_type", "id", "status"):
        if isinstance(example_item, dict) and key in example_item:
            for item in live_items:
                if isinstance(item, dict) and item.get(key) == example_item[key]:
                    return item
    return live_items[0]


def shape(example, live, where, problems):
    if kind(example) != kind(live):
        problems.append(f"{where}: the example has {kind(example)} ({example!r}), a real answer {kind(live)} ({live!r})")
        return
    if isinstance(example, dict):
        missing, extra = sorted(set(live) - set(example)), sorted(set(example) - set(live))
        if missing:
            problems.append(f"{where}: a real answer also has {missing}")
        if extra:
            problems.append(f"{where}: no real answer has {extra}")
        for key in set(example) & set(live):
            shape(example[key], live[key], f"{where}.{key}", problems)
    elif isinstance(example, list) and example and live:
        for n, item in enumerate(example):
            shape(item, same_kind_item(item, live), f"{where}[{n}]", problems)


def level_of(total_ep):
    level = 0
    while 10 * (level + 1) * (level + 2) <= total_ep:
        level += 1
    return level


class Seeded:
    """What the migrations and the demo seed stored, read from the database file."""

    def __init__(self, db, live):
        with sqlite3.connect(db) as c:
            c.row_factory = sqlite3.Row
            self.languages = {r["id"]: dict(r) for r in c.execute("SELECT * FROM languages")}
            self.achievements = {r["id"]: dict(r) for r in c.execute("SELECT * FROM achievements")}
            self.categories = {r["id"]: r["titel_de"] for r in c.execute("SELECT id, titel_de FROM categories")}
        self.codes = {l["short_en"] for l in self.languages.values()}
        # The file types each media field of the feed really names.
        self.media_types = {}
        for item in live["whole feed"]["items"]:
            for field in ("image_url", "image_phone_url", "audio_url"):
                if item.get(field):
                    self.media_types.setdefault(field, set()).add(pathlib.PurePath(item[field]).suffix)

    def check(self, node, where, problems):
        """Walks an example and checks what it says about seeded data."""
        if isinstance(node, list):
            for n, item in enumerate(node):
                self.check(item, f"{where}[{n}]", problems)
            return
        if not isinstance(node, dict):
            return
        for role in ("native", "target"):
            self.language_fields(node, role, where, problems)
        if {"short_en", "titel_de", "titel_en", "titel_sv"} <= set(node):
            seeded = self.languages.get(node.get("id"))
            wanted = {k: seeded[k] for k in ("id", "short_en", "titel_de", "titel_en", "titel_sv")} if seeded else None
            if node != wanted:
                problems.append(f"{where}: language {node} is not the seeded {wanted}")
        if "native_lang" in node and node["native_lang"] not in self.codes:
            problems.append(f"{where}.native_lang: {node['native_lang']!r} is no seeded language code")
        if {"kind", "threshold"} <= set(node):
            seeded = self.achievements.get(node.get("id"))
            if seeded is None:
                problems.append(f"{where}: no achievement {node.get('id')!r} is seeded")
            else:
                for k in ("kind", "threshold", "title_de", "title_en", "title_sv"):
                    if k in node and node[k] != seeded[k]:
                        problems.append(f"{where}.{k}: {node[k]!r}, seeded {seeded[k]!r}")
        if set(node) == {"id", "label"} and self.categories.get(node["id"]) != node["label"]:
            problems.append(f"{where}: category {node} is not seeded (id {node['id']} is "
                            f"{self.categories.get(node['id'])!r})")
        for field, types in self.media_types.items():
            if not isinstance(node.get(field), str):
                continue
            if pathlib.PurePath(node[field]).suffix not in types:
                problems.append(f"{where}.{field}: {node[field]!r}, but real answers name {sorted(types)} files")
            if not CONTENT_NAME.match(node[field]):
                problems.append(f"{where}.{field}: {node[field]!r} is no content-hash name (/media/<64 hex>.<type>)")
        if "total_ep" in node and "level" in node and node["level"] != level_of(node["total_ep"]):
            problems.append(f"{where}: level {node['level']} does not fit total_ep {node['total_ep']}")
        if {"total_ep", "level", "ep_into_level", "ep_to_next_level"} <= set(node):
            level = node["level"]
            if (node["ep_into_level"] != node["total_ep"] - 10 * level * (level + 1)
                    or node["ep_to_next_level"] != 10 * (level + 1) * (level + 2) - node["total_ep"]):
                problems.append(f"{where}: ep_into_level/ep_to_next_level do not fit total_ep {node['total_ep']}")
        for key, value in node.items():
            self.check(value, f"{where}.{key}", problems)

    def language_fields(self, node, role, where, problems):
        prefix = f"language_{role}_"
        if node.get(prefix + "id") is None:
            return
        seeded = self.languages.get(node[prefix + "id"])
        if seeded is None:
            problems.append(f"{where}.{prefix}id: no language {node[prefix + 'id']} is seeded")
            return
        for suffix, column in (("short", "short_en"), ("titel", "titel_de"), ("greeting", "greeting")):
            if prefix + suffix in node and node[prefix + suffix] != seeded[column]:
                problems.append(f"{where}.{prefix}{suffix}: {node[prefix + suffix]!r}, but language "
                                f"{seeded['id']} is seeded with {seeded[column]!r}")


def main(build, spec_file):
    spec = yaml.safe_load(pathlib.Path(spec_file).read_text())
    resolver = jsonschema.RefResolver.from_schema(spec)
    schemas = spec["components"]["schemas"]
    problems, compared = [], 0
    with tempfile.TemporaryDirectory(prefix="langlearn-examples.") as work:
        service = Service(build, work)
        try:
            live = live_answers(service)
            seeded = Seeded(service.db, live)
        finally:
            service.stop()
        if not seeded.media_types.get("audio_url"):
            problems.append("the seeded feed names no media: nothing to compare the examples' names with")
        for name, schema in schemas.items():
            examples = schema.get("examples") if isinstance(schema, dict) else None
            if not examples:
                continue
            where = f"components/schemas/{name}"
            if name not in live:
                problems.append(f"{where}: has examples, but no real answer is compared with them "
                                f"(add one to check_examples.py)")
                continue
            validator = jsonschema.Draft202012Validator(schema, resolver=resolver)
            for n, answer in enumerate(live[name]):
                for e in validator.iter_errors(answer):
                    problems.append(f"{where}: the real answer {n} breaks the schema at "
                                    f"{'/'.join(map(str, e.path))}: {e.message}")
            for n, example in enumerate(examples):
                compared += 1
                at = f"{where}/examples/{n}"
                for e in validator.iter_errors(example):
                    problems.append(f"{at}: breaks the schema at {'/'.join(map(str, e.path))}: {e.message}")
                shape(example, same_kind_item(example, live[name]), at, problems)
                seeded.check(example, at, problems)
    for p in problems:
        print("openapi-examples:", p)
    print(f"openapi-examples: {compared} examples compared with a seeded learner-api, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__)
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2]))
