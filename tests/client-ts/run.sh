#!/usr/bin/env bash
# A TypeScript client generated from docs/openapi.yaml runs every learner route against a live
# learner-api (docs/testing.md "A generated client"): openapi-typescript makes the types,
# flow.ts uses them through openapi-fetch, tsc --strict must compile it, and node runs it against
# learner-api on a fresh, demo-seeded SQLite file. The npm packages (pinned in package-lock.json)
# go to WORK_DIR, installed with `npm ci` when missing or when the lock file changed.
#   run.sh BUILD_DIR WORK_DIR SPEC
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:?usage: run.sh BUILD_DIR WORK_DIR SPEC}
work=${2:?usage: run.sh BUILD_DIR WORK_DIR SPEC}
spec=${3:?usage: run.sh BUILD_DIR WORK_DIR SPEC}
export NO_UPDATE_NOTIFIER=1 npm_config_update_notifier=false npm_config_fund=false \
  npm_config_audit=false

mkdir -p "$work"
if ! cmp -s "$here/package-lock.json" "$work/package-lock.json" || [ ! -x "$work/node_modules/.bin/tsc" ]; then
  cp "$here/package.json" "$here/package-lock.json" "$work/"
  (cd "$work" && npm ci --loglevel=error)
fi
cp "$here/flow.ts" "$here/tsconfig.json" "$work/"
rm -rf "$work/out" "$work/schema.d.ts"
"$work/node_modules/.bin/openapi-typescript" "$spec" -o "$work/schema.d.ts" --silent
(cd "$work" && node_modules/.bin/tsc -p tsconfig.json)
# flow.ts imports "./schema.d.ts" for its types only: nothing of it exists at run time.

run=$(mktemp -d)
server=
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
  rm -rf "$run"
}
trap cleanup EXIT
port=$(/usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
export DATABASE_URL="sqlite://$run/client.db" MEDIA_DIR="$run/media" PORT="$port" LOG_LEVEL=warn \
  JWT_SECRET=client-ts-secret-0123456789abcdefghij AUTH_RATE_PER_MINUTE=0 APP_TIMEZONE=UTC
"$build/apps/langlearn-admin/langlearn-admin" migrate >/dev/null
"$build/apps/langlearn-admin/langlearn-admin" seed --demo >/dev/null
"$build/apps/learner-api/learner-api" >"$run/learner-api.log" 2>&1 &
server=$!
for _ in $(seq 1 600); do  # up to 60 s: a sanitizer build starts slowly on a busy machine
  curl -fs "http://127.0.0.1:$port/livez" >/dev/null 2>&1 && break
  kill -0 "$server" 2>/dev/null || { cat "$run/learner-api.log" >&2; exit 1; }
  sleep 0.1
done
node "$work/out/flow.js" "http://127.0.0.1:$port" || { tail -20 "$run/learner-api.log" >&2; exit 1; }
