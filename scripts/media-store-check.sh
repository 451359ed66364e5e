#!/usr/bin/env bash
# Media in the database (MEDIA_STORE=database; docs/operations.md "Media"), with the real
# binaries on a new database of the test PostgreSQL (LL_TEST_PG_URL, as make test exports it):
# the demo seeded into a media folder; check-media on the folder finds everything and, pointed at
# the empty database store, reports every file missing (exit 1); migrate-media copies the folder
# (a damaged file is refused, a stray temporary file and a link left alone) and a second run copies
# nothing; learner-api and authoring-api with MEDIA_STORE=database and the folder gone serve
# every image and audio of the feed (ETag, 304, Range), and a picture uploaded through
# authoring-api is stored in the database and served by learner-api.
#   media-store-check.sh BUILD_DIR        (make test runs it as the ctest `admin_media_store`)
set -euo pipefail
build=${1:?usage: media-store-check.sh BUILD_DIR}
: "${LL_TEST_PG_URL:?the test PostgreSQL (scripts/pg-throwaway.sh start DIR) is needed}"
work=$(mktemp -d /tmp/langlearn-media-store.XXXXXX)
db="media_store_check_$$"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  psql -q "$LL_TEST_PG_URL" -c "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "media-store: $*" >&2; exit 1; }
psql -q "$LL_TEST_PG_URL" -c "CREATE DATABASE $db" >/dev/null
export DATABASE_URL="${LL_TEST_PG_URL%/*}/$db" MEDIA_DIR="$work/media" LOG_LEVEL=warn
export JWT_SECRET=media-secret-0123456789abcdefghijklmnop DEV_TOKENS=media-dev-token-000000000000001
admin="$build/apps/langlearn-admin/langlearn-admin"
sql() { psql -qtA "$DATABASE_URL" -c "$1"; }

"$admin" migrate >/dev/null
"$admin" seed --demo | grep -q 'published pairs' || fail "seed --demo added nothing"
files=$(ls "$MEDIA_DIR" | wc -l)
referenced=$(sql "SELECT COUNT(*) FROM (SELECT image_path FROM pictures WHERE image_path IS NOT NULL
  UNION SELECT thumbnail_path FROM pictures WHERE thumbnail_path IS NOT NULL UNION SELECT phone_path
  FROM pictures WHERE phone_path IS NOT NULL UNION SELECT file_path FROM audios UNION SELECT
  opus_path FROM audios WHERE opus_path IS NOT NULL UNION SELECT aac_path FROM audios WHERE
  aac_path IS NOT NULL) r")
[ "$referenced" -gt 50 ] || fail "the demo references only $referenced files"

# check-media on the folder the demo was seeded into: all there.
out=$("$admin" check-media) || fail "check-media on the folder: $out"
[ "$out" = "check-media: $referenced referenced files, $referenced present, 0 missing (media in the folder)" ] \
  || fail "check-media on the folder said: $out"
# The database store is empty: every file missing, named on stderr, exit 1.
set +e
out=$(MEDIA_STORE=database "$admin" check-media 2>"$work/missing.txt"); status=$?
set -e
[ $status -eq 1 ] || fail "check-media with nothing in the database: exit $status"
[ "$out" = "check-media: $referenced referenced files, 0 present, $referenced missing (media in the database)" ] \
  || fail "check-media with nothing in the database said: $out"
[ "$(grep -c '^check-media: missing [0-9a-f]\{64\}\.' "$work/missing.txt")" -eq "$referenced" ] \
  || fail "check-media did not name every missing file"

# migrate-media refuses without MEDIA_STORE=database, and a file whose bytes are not its name.
set +e
"$admin" migrate-media >/dev/null 2>"$work/refused.txt"; status=$?
set -e
[ $status -eq 2 ] && grep -q 'MEDIA_STORE=database' "$work/refused.txt" || fail "migrate-media without MEDIA_STORE: exit $status"
damaged=$(printf '%064d.png' 0)
echo "not what the name promises" >"$MEDIA_DIR/$damaged"
echo "half an upload" >"$MEDIA_DIR/.upload-AbC123"
ln -s /etc/hostname "$MEDIA_DIR/$(printf '%064d.txt' 1)"  # a link is never followed
set +e
out=$(MEDIA_STORE=database "$admin" migrate-media 2>"$work/migrate.txt"); status=$?
set -e
[ $status -eq 1 ] || fail "migrate-media with a damaged file: exit $status ($out)"
[ "$out" = "migrate-media: $files copied, 0 there already, 1 failed, 2 other files left alone; 0 of $referenced referenced files missing" ] \
  || fail "migrate-media said: $out"
grep -q "$damaged does not hold the bytes its name promises" "$work/migrate.txt" || fail "the damaged file was not named"
[ "$(sql "SELECT COUNT(*) FROM media_files WHERE name = '$damaged'")" = 0 ] || fail "the damaged file was copied"
rm "$MEDIA_DIR/$damaged"
out=$(MEDIA_STORE=database "$admin" migrate-media --from "$MEDIA_DIR") || fail "a second migrate-media: $out"
[ "$out" = "migrate-media: 0 copied, $files there already, 0 failed, 2 other files left alone; 0 of $referenced referenced files missing" ] \
  || fail "a second migrate-media said: $out"
[ "$(sql "SELECT COUNT(*) FROM media_files")" = "$files" ] || fail "media_files does not hold the folder's $files files"
# Every row holds exactly its file's bytes.
for f in "$MEDIA_DIR"/*; do
  [ -L "$f" ] && continue  # the link, left alone
  n=$(basename "$f")
  [ "$(sql "SELECT encode(sha256(data), 'hex') || '.' || split_part(name, '.', 2) FROM media_files WHERE name = '$n'")" = "$n" ] \
    || fail "the row of $n does not hold its bytes"
done
out=$(MEDIA_STORE=database "$admin" check-media) || fail "check-media after migrate-media: $out"
echo "media-store: $files files migrated, $referenced referenced, all in the database"

# The services on the database store, with the folder gone.
mv "$MEDIA_DIR" "$work/folder"
port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
LP=$(port); AP=$(port)
MEDIA_STORE=database PORT=$LP "$build/apps/learner-api/learner-api" >"$work/learner.log" 2>&1 & pids+=($!)
MEDIA_STORE=database PORT=$AP "$build/apps/authoring-api/authoring-api" >"$work/authoring.log" 2>&1 & pids+=($!)
L=http://127.0.0.1:$LP A=http://127.0.0.1:$AP
for _ in $(seq 300); do curl -sf "$L/readyz" >/dev/null 2>&1 && curl -sf "$A/readyz" >/dev/null 2>&1 && break; sleep 0.1; done
T=$(curl -sf -X POST $L/auth/register -H 'Content-Type: application/json' \
      -d '{"email":"media@example.com","password":"correct horse"}' \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
curl -sf "$L/feed?lang=sv&limit=100" -H "Authorization: Bearer $T" >"$work/feed.json" || fail "GET /feed failed"
python3 - "$work/feed.json" "$L" "$work/folder" <<'PY' || fail "the feed's media are not served from the database"
import json, os, sys, urllib.request
items, base, folder = json.load(open(sys.argv[1]))["items"], sys.argv[2], sys.argv[3]
assert len(items) >= 8, f"{len(items)} items"
def get(url, headers={}):
    try:
        with urllib.request.urlopen(urllib.request.Request(base + url, headers=headers)) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read()
urls = set()
for i in items:
    urls |= {i["image_url"], i["image_phone_url"]} | {v["url"] for v in i["audio"]["variants"]}
for url in sorted(urls):
    name = url.rsplit("/", 1)[1]
    want = open(os.path.join(folder, name), "rb").read()
    status, headers, body = get(url)
    assert status == 200 and body == want, f"{url}: {status}, {len(body)} of {len(want)} bytes"
    assert headers["ETag"] == f'"{name}"', headers
    assert get(url, {"If-None-Match": headers["ETag"]})[0] == 304, url
    status, headers, body = get(url, {"Range": "bytes=10-99"})
    assert status == 206 and body == want[10:100], f"{url}: range {status}"
    assert headers["Content-Range"] == f"bytes 10-99/{len(want)}", headers
print(f"media-store: {len(urls)} files of the feed served from the database, whole, 304 and ranges")
PY

# An upload through authoring-api lands in the database and learner-api serves it.
python3 - "$work/new.png" <<'PY'
import struct, sys, zlib
w, h = 40, 30
def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d))
raw = b''.join(b'\x00' + bytes([20, 140, 90]) * w for _ in range(h))
open(sys.argv[1], 'wb').write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
                               + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))
PY
picture=$(curl -sf -X POST "$A/api/pictures?title=Neu" -H "Authorization: Bearer $DEV_TOKENS" \
  -H 'Content-Type: image/png' --data-binary @"$work/new.png") || fail "upload refused"
for field in image_url thumbnail_url phone_url; do
  url=$(echo "$picture" | python3 -c "import json,sys; print(json.load(sys.stdin)['$field'])")
  name=${url##*/}
  [ "$(sql "SELECT COUNT(*) FROM media_files WHERE name = '$name'")" = 1 ] || fail "$field is not in the database"
  curl -sf "$L$url" -o "$work/served" || fail "learner-api does not serve the uploaded $field"
  [ "$field" != image_url ] || cmp -s "$work/served" "$work/new.png" || fail "the upload came back changed"
done
[ ! -e "$MEDIA_DIR" ] || [ -z "$(ls -A "$MEDIA_DIR")" ] || fail "the services wrote into MEDIA_DIR"
echo "media-store: an upload through authoring-api is stored in the database and served"
