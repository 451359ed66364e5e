#!/usr/bin/env bash
# docs/authoring-guide.md, executed: real learner-api, authoring-api and langlearn-admin
# processes on a throw-away SQLite database, driven by curl exactly as the guide shows, until
# the learner's feed serves the new pair with its picture and playable audio.
#   authoring-guide.sh BUILD_DIR        (make test runs it as the ctest `authoring_guide`)
set -euo pipefail
build=${1:?usage: authoring-guide.sh BUILD_DIR}
bin="$build/apps"
work=$(mktemp -d /tmp/langlearn-guide.XXXXXX)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

export DATABASE_URL="sqlite://$work/guide.db" MEDIA_DIR="$work/media" LOG_LEVEL=warn
export JWT_SECRET=guide-secret-0123456789abcdefghijklmnop DEV_TOKENS=guide-dev-token-000000000000001
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
LP=$(free_port); AP=$(free_port)
L=http://127.0.0.1:$LP; A=http://127.0.0.1:$AP
fail() { echo "authoring-guide: $*" >&2; exit 1; }
# A field of the JSON on stdin, by a Python expression on `d`.
field() { python3 -c "import json,sys; d=json.load(sys.stdin); print($1)"; }
expect() {  # expect STATUS METHOD URL [curl args...]: the body on stdout
  local want=$1; shift
  local out; out=$(curl -s -w '\n%{http_code}' -X "$@")
  local code=${out##*$'\n'}; local body=${out%$'\n'*}
  [ "$code" = "$want" ] || fail "$2 answered $code, expected $want: $body"
  printf '%s' "$body"
}

"$bin/langlearn-admin/langlearn-admin" migrate >/dev/null
echo 'a long staff password' | "$bin/langlearn-admin/langlearn-admin" create-staff \
  --email editor@example.com --role editor >/dev/null
PORT=$LP "$bin/learner-api/learner-api" >"$work/learner.log" 2>&1 & pids+=($!)
PORT=$AP "$bin/authoring-api/authoring-api" >"$work/authoring.log" 2>&1 & pids+=($!)
for _ in $(seq 100); do
  curl -sf "$L/readyz" >/dev/null 2>&1 && curl -sf "$A/readyz" >/dev/null 2>&1 && break
  sleep 0.1
done

# 0. token
T=$(expect 200 POST $L/auth/login -H 'Content-Type: application/json' \
      -d '{"email":"editor@example.com","password":"a long staff password"}' | field "d['token']")
H="Authorization: Bearer $T"
U0=$(expect 201 POST $L/auth/register -H 'Content-Type: application/json' \
      -d '{"email":"nosy@example.com","password":"correct horse"}' | field "d['token']")
expect 403 GET $A/api/pictures -H "Authorization: Bearer $U0" >/dev/null

# 1. picture (a real PNG)
python3 - "$work/dog.png" <<'PY'
import struct, sys, zlib
w, h = 64, 48
def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d))
raw = b''.join(b'\x00' + bytes([150, 110, 60]) * w for _ in range(h))
open(sys.argv[1], 'wb').write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
                               + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))
PY
PIC=$(expect 201 POST "$A/api/pictures?title=Ein%20Hund" -H "$H" -H 'Content-Type: image/png' \
        --data-binary @"$work/dog.png")
P=$(echo "$PIC" | field "d['id']")
[ "$(echo "$PIC" | field "d['width'], d['height']")" = "64 48" ] || fail "picture size: $PIC"

# 2. object, label, finish
O=$(expect 201 POST $A/api/cms/db-objects -H "$H" -H 'Content-Type: application/json' \
      -d "{\"picture_id\":$P,\"selections\":[{\"type\":\"bbox\",\"x\":10,\"y\":8,\"w\":30,\"h\":26}]}" \
    | field "d['id']")
expect 201 POST $A/api/cms/db-objects/$O/words -H "$H" -H 'Content-Type: application/json' \
  -d '{"title_de":"Hund","title_en":"dog","title_sv":"hund","level":2,"category_ids":[1]}' >/dev/null
expect 200 POST $A/api/pictures/$P/finish -H "$H" >/dev/null

# 3. generation (FreeDict)
W=$(expect 200 POST $A/api/generate-words -H "$H" -H 'Content-Type: application/json' \
      -d "{\"object_id\":$O,\"count\":5}" | field "len(d['words'])")
[ "$W" -ge 1 ] || fail "generate-words made no words"
expect 200 POST $A/api/objects/$O/generate-questions -H "$H" -H 'Content-Type: application/json' -d '{}' >/dev/null
expect 200 GET $A/api/object/$O/questions -H "$H" | field "d[0]['short_answer_de']" | grep -qx Hund \
  || fail "the generated question does not answer Hund"

# 4. pair, words
PAIR_JSON=$(expect 201 POST $A/api/cms/db-pairs -H "$H" -H 'Content-Type: application/json' -d "{
  \"picture_id\": $P, \"object_id\": $O, \"answer_type\": \"word\", \"level\": 2,
  \"statement\": {\"text_de\": \"Das ist ein Hund.\", \"text_en\": \"This is a dog.\", \"text_sv\": \"Det här är en hund.\"},
  \"question\": {\"text_de\": \"Was ist das?\", \"text_en\": \"What is this?\", \"text_sv\": \"Vad är det här?\",
                 \"short_answer_de\": \"Hund\", \"short_answer_en\": \"dog\", \"short_answer_se\": \"hund\"}}")
PAIR=$(echo "$PAIR_JSON" | field "d['id']"); S=$(echo "$PAIR_JSON" | field "d['statement']['id']")
WORD=$(expect 200 GET $A/api/cms/db-objects/$O/words -H "$H" | field "[w['id'] for w in d if w['is_label']][0]")
expect 200 PATCH $A/api/cms/db-pairs/$PAIR -H "$H" -H 'Content-Type: application/json' \
  -d "{\"words_add\":[{\"word_id\":$WORD,\"link_to\":\"both\"}]}" | field "len(d['words'])" | grep -qx 2 \
  || fail "link_to both did not make two links"
# two editors at once: the pair's ETag in If-Match; an old one is 412 and changes nothing
ETAG=$(curl -s -D - -o /dev/null $A/api/cms/db-pairs/$PAIR -H "$H" | sed -n 's/^[Ee][Tt]ag: *//p' | tr -d '\r')
[ -n "$ETAG" ] || fail "no ETag on GET /api/cms/db-pairs/$PAIR"
expect 200 PATCH $A/api/cms/db-pairs/$PAIR -H "$H" -H "If-Match: $ETAG" \
  -H 'Content-Type: application/json' -d '{"level":3}' >/dev/null
expect 412 PATCH $A/api/cms/db-pairs/$PAIR -H "$H" -H "If-Match: $ETAG" \
  -H 'Content-Type: application/json' -d '{"level":4}' | grep -q 'Changed by someone else: reload' \
  || fail "a stale If-Match was not refused"
expect 200 GET $A/api/cms/db-pairs/$PAIR -H "$H" | field "d['level']" | grep -qx 3 \
  || fail "a refused PATCH changed the pair"

# 5. audio
for lang in de en sv; do
  expect 201 POST $A/api/audios/generate-for -H "$H" -H 'Content-Type: application/json' \
    -d "{\"source_table\":\"statements\",\"source_id\":$S,\"source_field\":\"text_$lang\",\"language\":\"$lang\"}" >/dev/null
done
expect 200 POST $A/api/audios/generate-batch -H "$H" -H 'Content-Type: application/json' -d '{"limit":50}' >/dev/null
expect 200 GET $A/api/audios/coverage -H "$H" | field "d['statements']['de']['ratio']" | grep -qx 1 \
  || fail "statement coverage in German is not 1"

# 6. review and publish (draft -> publish is refused first)
expect 409 POST $A/api/cms/db-pairs/$PAIR/publish -H "$H" | grep -q 'Only reviewed items can be published' \
  || fail "publishing a draft was not refused"
expect 200 POST $A/api/cms/db-pairs/$PAIR/review -H "$H" >/dev/null
expect 200 POST $A/api/pipeline/publish -H "$H" -H 'Content-Type: application/json' -d "{\"picture_id\":$P}" \
  | field "d['published'][0]['categories'][0]['label']" | grep -qx Tiere || fail "categories not computed"

# 7. the learner sees it, with a picture and playable audio
U=$(expect 201 POST $L/auth/register -H 'Content-Type: application/json' \
      -d '{"email":"learner@example.com","password":"correct horse"}' | field "d['token']")
FEED=$(expect 200 GET "$L/feed?lang=de" -H "Authorization: Bearer $U")
[ "$(echo "$FEED" | field "[i['pair_id'] for i in d['items']]")" = "[$PAIR]" ] || fail "feed: $FEED"
IMG=$(echo "$FEED" | field "d['items'][0]['image_url']"); AUD=$(echo "$FEED" | field "d['items'][0]['audio_url']")
curl -sf "$L$IMG" -o "$work/feed.png" && cmp -s "$work/feed.png" "$work/dog.png" || fail "image $IMG"
curl -sf "$L$AUD" -o "$work/feed.wav" || fail "audio $AUD"
python3 - "$work/feed.wav" <<'PY' || fail "audio is not a playable WAV"
import sys, wave
with wave.open(sys.argv[1]) as w:
    assert w.getnframes() > 0 and w.getframerate() > 0
    print(f"authoring-guide: feed audio {w.getnframes() / w.getframerate():.2f} s at {w.getframerate()} Hz")
PY

# Drafts of published content and the history: an edit of the published statement is kept as
# its draft (the feed keeps the published text), recorded as the editor's change; restoring the
# version before that change drops the draft again.
DE=$(echo "$FEED" | field "d['items'][0]['statement']['de']")
expect 200 PATCH $A/api/cms/db-statements/$S -H "$H" -H 'Content-Type: application/json' \
  -d '{"text_de":"Der Hund schläft."}' | field "d['draft']['text_de']" | grep -qx 'Der Hund schläft.' \
  || fail "the edit of a published statement made no draft"
expect 200 GET "$L/feed?lang=de" -H "Authorization: Bearer $U" | field "d['items'][0]['statement']['de']" \
  | grep -qxF "$DE" || fail "the feed shows a draft"
CHANGE=$(expect 200 GET "$A/api/content/changes?item=statements&item_id=$S&limit=1" -H "$H")
[ "$(echo "$CHANGE" | field "d['changes'][0]['editor_email']")" = editor@example.com ] \
  || fail "history: $CHANGE"
CH=$(echo "$CHANGE" | field "d['changes'][0]['id']")
expect 200 POST $A/api/content/changes/$CH/restore -H "$H" >/dev/null
expect 200 GET $A/api/cms/db-statements/$S -H "$H" | field "d['draft']" | grep -qx None \
  || fail "the restore left a draft"
echo "authoring-guide: every step of docs/authoring-guide.md worked (pair $PAIR in the feed)"
