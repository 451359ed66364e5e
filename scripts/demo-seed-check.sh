#!/usr/bin/env bash
# What `make run` promises, checked: langlearn-admin migrate + seed --demo on a fresh SQLite
# database give a learner-api whose GET /feed lists published pairs of all four answer types,
# each with an image, its phone rendition and audio that /media serves; a second seed adds
# nothing; every audio comes with its Opus and AAC copies (docs/audio.md), the question's too.
# Then `make-renditions` on pictures stored without renditions and `make-audio-variants` on audio
# stored without copies (their columns emptied with SQL): each makes them, once, and the feed
# names them again; a lost audio file is a failure line and exit status 1.
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
# As the deploy files run it: every line it writes, access log and its own messages, is JSON.
LOG_LEVEL=info LOG_FORMAT=json PORT=$PORT "$build/apps/learner-api/learner-api" \
  >"$work/learner.log" 2>&1 & pid=$!
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
    # The copies for phones: each served with its size and kind; the demo speaks questions too.
    spoken = [i["audio"]] + ([i["question"]["audio"]] if i["question"] else [])
    assert all(a is not None for a in spoken), f"pair {i['pair_id']}: an audio is missing"
    for a in spoken:
        kinds = [v["type"] for v in a["variants"]]
        assert kinds == ["audio/ogg; codecs=opus", "audio/mp4; codecs=mp4a.40.2", "audio/wav"], kinds
        files = [urllib.request.urlopen(base + v["url"]).read() for v in a["variants"]]
        assert [len(f) for f in files] == [v["bytes"] for v in a["variants"]], a
        assert files[0].startswith(b"OggS") and files[1][4:8] == b"ftyp", a
        assert len(files[0]) * 8 <= len(files[2]), f"Opus is more than 1/8 of the WAV: {a}"
print(f"demo-seed: {len(items)} feed items in {lang}, images and audio (3 formats) served")
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

# The audio backfill: audio as stored before the copies existed gets them, once.
audios=$(sqlite3 "$work/demo.db" "SELECT COUNT(*) FROM audios WHERE opus_path IS NOT NULL")
[ "$audios" -gt 0 ] || fail "the demo audio has no copies"
sqlite3 "$work/demo.db" "UPDATE audios SET bytes = NULL, opus_path = NULL, opus_bytes = NULL,
                                           aac_path = NULL, aac_bytes = NULL"
curl -sf "$L/feed?lang=de&limit=1" -H "Authorization: Bearer $T" | python3 -c '
import json, sys
item = json.load(sys.stdin)["items"][0]
assert item["audio"]["variants"] == [] and item["audio_url"], item
' || fail "an audio without copies is not served as before"
out=$("$admin" make-audio-variants) || fail "make-audio-variants failed: $out"
[[ "$out" =~ ^make-audio-variants:\ $audios\ made,\ 0\ skipped,\ 0\ failed ]] \
  || fail "make-audio-variants said: $out"
echo "demo-seed: $out"
out=$("$admin" make-audio-variants) || fail "make-audio-variants failed again: $out"
[[ "$out" =~ ^make-audio-variants:\ 0\ made,\ $audios\ skipped,\ 0\ failed ]] \
  || fail "a second make-audio-variants said: $out"
curl -sf "$L/feed?lang=sv&limit=100" -H "Authorization: Bearer $T" | python3 -c '
import json, sys
items = json.load(sys.stdin)["items"]
assert items and all(len(i["audio"]["variants"]) == 3 for i in items), "an audio without copies"
' || fail "the feed lacks the audio copies after make-audio-variants"
# A row whose file is gone: one line naming it, exit status 1, the others untouched.
lost=$(sqlite3 "$work/demo.db" "SELECT id || ' ' || file_path FROM audios ORDER BY id LIMIT 1")
sqlite3 "$work/demo.db" "UPDATE audios SET opus_path = NULL WHERE id = ${lost%% *}"
rm "$MEDIA_DIR/${lost#* }"
if "$admin" make-audio-variants >"$work/variants.out" 2>"$work/variants.err"; then
  fail "make-audio-variants succeeded with a lost file"
fi
grep -qx "make-audio-variants: audio ${lost%% *}: its file ${lost#* } is not in the media store" \
  "$work/variants.err" || fail "make-audio-variants did not name the lost file: $(cat "$work/variants.err")"
grep -q "0 made, $((audios - 1)) skipped, 1 failed" "$work/variants.out" \
  || fail "make-audio-variants with a lost file said: $(cat "$work/variants.out")"
# A replica of the previous release speaks a text again: a new file_path, the old copies left
# in their columns. They are none (the feed lists no copies) until the backfill makes the new
# file's copies.
read -r row other < <(sqlite3 -separator ' ' "$work/demo.db" \
  "SELECT a.id, b.file_path FROM audios a JOIN audios b ON b.file_path <> a.file_path
   WHERE a.opus_path IS NOT NULL AND b.opus_path IS NOT NULL ORDER BY a.id DESC LIMIT 1")
want=$(sqlite3 "$work/demo.db" "SELECT opus_path FROM audios WHERE file_path = '$other' LIMIT 1")
sqlite3 "$work/demo.db" "UPDATE audios SET file_path = '$other' WHERE id = $row"
out=$("$admin" make-audio-variants 2>/dev/null) && fail "the lost file is back?"
[[ "$out" =~ ^make-audio-variants:\ 1\ made, ]] || fail "a stale audio was not converted: $out"
[ "$(sqlite3 "$work/demo.db" "SELECT opus_path FROM audios WHERE id = $row")" = "$want" ] \
  || fail "audio $row has another file's copies"
echo "demo-seed: make-audio-variants made $audios audios' copies, then none; a lost file is named; stale copies are remade"
python3 - "$work/learner.log" <<'PY' || fail "learner-api wrote a line that is not JSON (LOG_FORMAT=json)"
import json, sys
lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
parsed = [json.loads(line) for line in lines]
messages = [p for p in parsed if "level" in p and "message" in p]
requests = [p for p in parsed if "request_id" in p]
assert messages and requests, (len(messages), len(requests))
print(f"demo-seed: learner-api wrote {len(messages)} messages and {len(requests)} access lines, all JSON")
PY
