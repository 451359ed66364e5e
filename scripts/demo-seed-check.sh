#!/usr/bin/env bash
# What `make run` promises, checked: langlearn-admin migrate + seed --demo on a fresh SQLite
# database give a learner-api whose GET /feed lists published pairs of all four answer types,
# each with an image, its phone rendition and audio that /media serves; a second seed adds
# nothing. Then `make-renditions` on pictures stored without renditions (their columns emptied
# with SQL): it makes them, once, and the feed names them again.
#   demo-seed-check.sh BUILD_DIR        (make test runs it as the ctest `demo_seed`)
set -euo pipefail
build=${1:?usage: demo-seed-check.sh BUILD_DIR}
work=$(mktemp -d /tmp/langlearn-demo.XXXXXX)
pid=
cleanup() { [ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
export DATABASE_URL="sqlite://$work/demo.db" MEDIA_DIR="$work/media" LOG_LEVEL=warn
export JWT_SECRET=demo-secret-0123456789abcdefghijklmnopq
admin="$build/apps/langlearn-admin/langlearn-admin"
fail() { echo "demo-seed: $*" >&2; exit 1; }

"$admin" migrate >/dev/null
"$admin" seed --demo | grep -q 'published pairs' || fail "seed --demo added nothing"
"$admin" seed --demo | grep -q 'nothing added' || fail "a second seed --demo added content"
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
PORT=$PORT "$build/apps/learner-api/learner-api" >"$work/learner.log" 2>&1 & pid=$!
L=http://127.0.0.1:$PORT
for _ in $(seq 100); do curl -sf "$L/readyz" >/dev/null 2>&1 && break; sleep 0.1; done
T=$(curl -sf -X POST $L/auth/register -H 'Content-Type: application/json' \
      -d '{"email":"demo@example.com","password":"correct horse"}' \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
for lang in de en sv; do
  curl -sf "$L/feed?lang=$lang&limit=100" -H "Authorization: Bearer $T" >"$work/feed_$lang.json" \
    || fail "GET /feed?lang=$lang failed"
  python3 - "$work/feed_$lang.json" "$L" "$lang" <<'PY' || fail "feed in $3 is not what the demo promises"
import json, sys, urllib.request, wave, io
items = json.load(open(sys.argv[1]))["items"]
base, lang = sys.argv[2], sys.argv[3]
assert len(items) >= 8, f"{len(items)} items"
assert {i["answer_type"] for i in items} == {"word", "question", "text", "yes_no"}
assert all(i["categories"] for i in items), "a pair without categories"
for i in items:
    png = urllib.request.urlopen(base + i["image_url"]).read()
    assert png.startswith(b"\x89PNG"), i["image_url"]
    phone = urllib.request.urlopen(base + i["image_phone_url"]).read()
    assert phone.startswith(b"\xff\xd8"), i["image_phone_url"]
    with wave.open(io.BytesIO(urllib.request.urlopen(base + i["audio_url"]).read())) as w:
        assert w.getnframes() > 0, i["audio_url"]
print(f"demo-seed: {len(items)} feed items in {lang}, images and audio served")
PY
done

# The backfill: pictures as stored before renditions existed get them, once.
pictures=$(sqlite3 "$work/demo.db" "SELECT COUNT(*) FROM pictures WHERE phone_path IS NOT NULL")
[ "$pictures" -gt 0 ] || fail "the demo pictures have no renditions"
sqlite3 "$work/demo.db" "UPDATE pictures SET thumbnail_path = NULL, phone_path = NULL"
out=$("$admin" make-renditions) || fail "make-renditions failed: $out"
[ "$out" = "make-renditions: $pictures made, 0 skipped, 0 failed" ] || fail "make-renditions said: $out"
out=$("$admin" make-renditions) || fail "make-renditions failed again: $out"
[ "$out" = "make-renditions: 0 made, $pictures skipped, 0 failed" ] || fail "a second make-renditions said: $out"
curl -sf "$L/feed?lang=de&limit=100" -H "Authorization: Bearer $T" | python3 -c '
import json, sys
items = json.load(sys.stdin)["items"]
assert items and all(i["image_phone_url"] for i in items), "feed items without image_phone_url"
' || fail "the feed lacks image_phone_url after make-renditions"
echo "demo-seed: make-renditions made $pictures pictures' renditions, then none"
