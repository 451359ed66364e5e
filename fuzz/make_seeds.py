#!/usr/bin/env python3
"""Writes the seed corpora of the route targets (fuzz/corpus/learner_json, authoring_json) and
the HTTP target. Byte 0 of a route seed is the route's index in the table, which the built
target prints (LL_FUZZ_LIST_ROUTES=1), so the seeds follow the table when routes are added.

    fuzz/make_seeds.py build/fuzz
"""
import base64
import calendar
import hashlib
import hmac
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# tests/unit/support/image_fixtures.hpp kPng3x2: a real 3x2 RGB PNG.
PNG_3X2 = bytes.fromhex(
    "89504e470d0a1a0a0000000d49484452000000030000000208020000001216f14d0000001b4944415478da05c101"
    "010000008220e734c7494e0f804612d84c3b283404e16f9325580000000049454e44ae426082")


def routes(build, name):
    out = subprocess.run([os.path.join(build, "fuzz", "fuzz_" + name)], capture_output=True,
                         env=dict(os.environ, LL_FUZZ_LIST_ROUTES="1"), check=True).stdout
    table = {}
    for line in out.decode().splitlines():
        index, method, pattern = line.split(" ", 2)
        table[(method, pattern)] = int(index)
    return table


def write(name, seeds):
    folder = os.path.join(HERE, "corpus", name)
    os.makedirs(folder, exist_ok=True)
    for old in os.listdir(folder):
        os.remove(os.path.join(folder, old))
    for i, data in enumerate(seeds):
        with open(os.path.join(folder, "seed-%03d" % i), "wb") as f:
            f.write(data)


def route_seeds(table, cases):
    seeds = [bytes([index, 0]) for index in sorted(table.values())]  # every route, empty input
    for method, pattern, flags, query, body in cases:
        body = body if isinstance(body, bytes) else body.encode()
        seeds.append(bytes([table[(method, pattern)], flags]) + query.encode() + b"\n" + body)
    return seeds


LEARNER = [
    ("POST", "/auth/register", 0, "", '{"email":"Bob@Example.com","password":"password1"}'),
    ("POST", "/auth/register", 0, "", '{"email":"x","password":12345678}'),
    ("POST", "/auth/login", 0, "", '{"email":"ada@example.com","password":"password1"}'),
    ("POST", "/auth/login", 0, "", '{"email":"ada@example.com","password":"wrong"}'),
    ("GET", "/auth/check-username", 0, "username=%20new_name%20", ""),
    ("GET", "/auth/check-username", 0, "username=ada&username=x", ""),
    ("POST", "/auth/profile", 0, "", '{"username":"bob","nativeLang":"1","targetLang":2}'),
    ("POST", "/auth/progress", 0, "", '{"pair_id":1,"correct":true,"points":10}'),
    ("POST", "/auth/progress", 1, "", '{"pair_id":"2","correct":"true","points":"7"}'),
    ("POST", "/auth/progress", 3, "key with spaces", '{"pair_id":3,"correct":false,"points":1e3}'),
    ("PUT", "/auth/goal", 0, "", '{"daily_goal_ep":50}'),
    ("PUT", "/auth/goal", 0, "", '{"daily_goal_ep":"12abc"}'),
    ("GET", "/feed", 0, "lang=sv&limit=5&after=1", ""),
    ("GET", "/feed", 0, "limit=-1&after=x", ""),
]

AUTHORING = [
    ("POST", "/api/pictures", 0, "", '{"title":"Garten","status":"new"}'),
    ("POST", "/api/pictures", 1, "title=Bild&status=draft", PNG_3X2),
    ("POST", "/api/pictures", 4, "IMAGE/webp ; q=1", PNG_3X2),  # flag 4: the line is the type
    ("GET", "/api/pictures", 0, "status=draft&limit=10&after=0&objects_created=false", ""),
    ("GET", "/api/pictures", 0, "list=annotation", ""),
    ("PATCH", "/api/pictures/:id", 0, "", '{"title":"Neu","objects_created":true}'),
    ("PUT", "/api/pictures/:id/image", 1, "", PNG_3X2),
    ("POST", "/api/cms/pictures/:id/words", 0, "",
     '{"title_de":"Baum","title_en":"tree","level":2,"category_ids":[1,2]}'),
    ("GET", "/api/cms/db-objects", 0, "picture_id=1&status=draft", ""),
    ("POST", "/api/cms/db-objects", 0, "",
     '{"picture_id":1,"parent_id":1,"user_notes":" x ","selections":'
     '[{"type":"polygon","points":[[0,0],[10,0],[5,5.5]]},{"type":"bbox","x":0,"y":0,"w":1,"h":1}]}'),
    ("PATCH", "/api/cms/db-objects/:id", 0, "",
     '{"user_notes":null,"selections":[{"type":"bbox","x":1,"y":1,"w":2,"h":2}]}'),
    ("POST", "/api/cms/db-objects/:id/words", 0, "", '{"title_de":"Hund","level":2}'),
    ("GET", "/api/cms/db-words", 0, "status=published&limit=2", ""),
    ("POST", "/api/cms/db-words", 0, "",
     '{"title_de":"Maus","title_en":"mouse","title_sv":"mus","level":4,"category_ids":[2]}'),
    ("PATCH", "/api/cms/db-words/:id", 0, "", '{"title_en":"cat","level":5,"category_ids":[]}'),
    ("POST", "/api/categories", 0, "", '{"titel_de":"Möbel"}'),
    ("POST", "/api/cms/db-statements", 0, "", '{"text_de":"Der Hund schläft.","text_sv":"Hunden sover."}'),
    ("PATCH", "/api/cms/db-statements/:id", 0, "", '{"text_en":null,"status":"draft"}'),
    ("POST", "/api/cms/db-questions", 0, "",
     '{"object_id":1,"text_de":"Was ist das?","short_answer_de":"Hund","short_answer_se":"hund","level":3}'),
    ("PATCH", "/api/cms/db-questions/:id", 0, "", '{"level":"7","text_sv":"Vad?"}'),
    ("POST", "/api/questions/publish", 0, "", '{"ids":[1,2]}'),
    ("POST", "/api/cms/db-pairs", 0, "",
     '{"picture_id":1,"object_id":1,"answer_type":"question","level":3,'
     '"statement":{"text_de":"Das ist ein Hund.","text_en":"This is a dog."},'
     '"question":{"text_de":"Was ist das?","short_answer_de":"Hund"},'
     '"words_add":[{"word_id":1,"link_to":"both"}]}'),
    ("POST", "/api/cms/db-pairs", 0, "", '{"statement_id":1,"question_id":1,"answer_type":"yes_no"}'),
    ("PATCH", "/api/cms/db-pairs/:id", 0, "",
     '{"level":4,"words_add":[{"word_id":2,"link_to":"statement"}],"words_remove":[1]}'),
    ("GET", "/api/cms/db-pairs", 0, "picture_id=1&object_id=1&status=draft", ""),
    ("POST", "/api/pipeline/publish", 0, "", '{"picture_id":1}'),
    ("POST", "/api/generate-words", 0, "", '{"picture_id":1,"count":5}'),
    ("POST", "/api/generate-words", 0, "", '{"object_id":1,"count":2}'),
    ("POST", "/api/objects/:id/generate-questions", 0, "", '{"count":3}'),
    ("POST", "/api/audios/generate-for", 0, "",
     '{"source_table":"statements","source_id":1,"source_field":"text_de","language":"de"}'),
    ("POST", "/api/audios/generate-batch", 0, "", '{"source_table":"words","language":"sv","limit":5}'),
]

HTTP = [
    b"GET /livez HTTP/1.1\r\nHost: x\r\n\r\n",
    b"GET /auth/languages HTTP/1.1\r\nHost: x\r\nIf-None-Match: \"0\"\r\n\r\n",
    b"POST /auth/register HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    b"Content-Length: 50\r\n\r\n{\"email\":\"bob@example.com\",\"password\":\"password1\"}",
    b"POST /auth/login HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 10.0.0.1, 127.0.0.1\r\n"
    b"Transfer-Encoding: chunked\r\n\r\n"
    b"31\r\n{\"email\":\"ada@example.com\",\"password\":\"password1\"}\r\n0\r\n\r\n",
    b"GET /auth/me HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {{token}}\r\n\r\n",
    b"POST /auth/progress HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {{token}}\r\n"
    b"Idempotency-Key: k1\r\nContent-Length: 40\r\n\r\n{\"pair_id\":1,\"correct\":true,\"points\":10}",
    b"GET /feed?lang=sv&limit=2 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {{token}}\r\n"
    b"X-Request-Id: abc-123\r\n\r\n"
    b"GET /auth/stats HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {{token}}\r\n\r\n"
    b"HEAD /auth/achievements HTTP/1.1\r\nAuthorization: Bearer {{token}}\r\nConnection: close\r\n\r\n",
    b"OPTIONS /auth/goal HTTP/1.1\r\nHost: x\r\nOrigin: https://app.example\r\n"
    b"Access-Control-Request-Method: PUT\r\n\r\n",
    b"PUT /auth/goal HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {{token}}\r\nExpect: 100-continue\r\n"
    b"Content-Length: 20\r\n\r\n{\"daily_goal_ep\":30}",
    b"GET /auth/check-username?username=%41da+x HTTP/1.1\r\nAuthorization: Bearer {{token}}\r\n\r\n",
    b"DELETE /auth/me HTTP/1.0\r\n\r\n",
    b"GET /media/..%2Fsecret HTTP/1.1\r\nRange: bytes=0-1\r\n\r\n",
    b"POST /auth/register HTTP/1.1\r\nContent-Length: 99999999\r\n\r\n{",
    b"GET /metrics HTTP/1.1\r\n\r\nGARBAGE\r\n\r\n",
    # A 2 KB method (501, label "other"), a header around MAX_HEADER_BYTES, a junk token with a
    # large announced body (401 before the body), a NUL in the login e-mail.
    b"{{method:2048}} /auth/x HTTP/1.1\r\nHost: x\r\n\r\nPATCH /auth/me HTTP/1.1\r\n\r\n",
    b"GET /auth/me HTTP/1.1\r\nHost: x\r\n{{pad:8100}}Authorization: Bearer {{token}}\r\n\r\n",
    b"POST /auth/progress HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer junk\r\n"
    b"Content-Length: 10000000\r\n\r\n{\"pair_id\":1",
    b"POST /auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: 57\r\n\r\n"
    b"{\"email\":\"ada@example.com\\u0000z\",\"password\":\"password1\"}",
]


# fuzz/support/learner_world.hpp: kFuzzSecret and fuzz_now().
SECRET = b"fuzz-secret-0123456789abcdefghijklmnop"
NOW = calendar.timegm((2026, 11, 22, 10, 0, 0))


def b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=")


def jwt(header, payload, key=SECRET):
    signing_input = b64(json.dumps(header).encode()) + b"." + b64(json.dumps(payload).encode())
    return signing_input + b"." + b64(hmac.new(key, signing_input, hashlib.sha256).digest())


CLAIMS = {"userId": 1, "email": "ada@example.com", "role": "end-user", "native_lang": "de",
          "iat": NOW, "exp": NOW + 3600}
JWT = [
    b"\x00Bearer " + jwt({"alg": "HS256", "typ": "JWT"}, CLAIMS),
    b"\x00Bearer " + jwt({"alg": "HS256", "typ": "JWT"}, dict(CLAIMS, role="editor")),
    b"\x00Bearer " + jwt({"alg": "HS256"}, dict(CLAIMS, exp=NOW - 1)),
    b"\x00Bearer " + jwt({"alg": "HS256"}, CLAIMS, key=b"another key"),
    b"\x00Bearer " + jwt({"alg": "none"}, CLAIMS).rsplit(b".", 1)[0] + b".",
    b"\x00Bearer fuzz-dev-token",
    b"\x00Basic YWRhOnB3",
    b'\x01{"alg":"HS256","typ":"JWT","crit":["b64"]}\n{"userId":1,"email":"a","role":"x","exp":1e300}',
    b'\x01{"alg":"HS256"}\n{"userId":18446744073709551615,"email":"a","role":"editor","exp":9e9,'
    b'"native_lang":5}',
    b'\x01{"alg":"HS256","typ":"JWT"}\n{"userId":-1,"email":"","role":"end-user","exp":4102444800,'
    b'"native_lang":"sv"}',
    b"\x02" b"1\nada@example.com\nend-user\nde",
    b"\x02" b"-9223372036854775808\n\"\\\n\x01\n",
]

REQUEST_TARGET = [
    b"\x00/auth/check-username?username=%41da+x&username=b&flag",
    b"\x00/a%2Fb%zz%4?x=%%&=&&y=%2",
    b"\x00/media/..%2F..%2Fetc%2Fpasswd?%00=%FF",
    b"\x01hello world+&=?#\xff\x00",
    b"\x03\xc3\x84\xc3\x96%+",
]


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "build", "fuzz")
    write("learner_json", route_seeds(routes(build, "learner_json"), LEARNER))
    write("authoring_json", route_seeds(routes(build, "authoring_json"), AUTHORING))
    write("http", HTTP)
    write("jwt", JWT)
    write("request_target", REQUEST_TARGET)


if __name__ == "__main__":
    main()
