#!/usr/bin/env bash
# Checks deploy/ on this machine, without Docker or a cluster (ctest deploy_check):
#   scripts/check-deploy.sh [BUILD_DIR]
# 1. scripts/deploy_check/: YAML, Kubernetes manifests (python3-kubernetes models and how the
#    objects fit together), compose.yaml, both Dockerfiles (runtime packages against what the
#    binaries in BUILD_DIR link), the nginx files, the profile ha (Patroni, also with
#    `patroni --validate-config`) and deploy/k8s/ha/; then its self-test (planted mistakes).
# 2. docker-compose config (Debian's 1.29): compose.yaml against the Compose schema, with
#    secrets set and refused with the empty ones of .env.example.
# 3. nginx -t (Debian's nginx) on deploy/nginx.conf rendered for 127.0.0.1 upstreams, as this
#    user, and as root also the way the compose image runs it (workers as www-data).
# 4. deploy/healthcheck.sh (the image's HEALTHCHECK) against a real learner-api from BUILD_DIR.
# 5. The rendered nginx's /media cache in front of that learner-api with MEDIA_STORE=database
#    (SQLite; the file put there by langlearn-admin migrate-media): a miss, then hits for the
#    whole file and a range, each with its own X-Request-Id, and a hit with the replica gone.
# No network: everything comes from scripts/deps.sh.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
build_dir=${1:-}
py=/usr/bin/python3   # Debian's python3-yaml and python3-kubernetes, whatever python3 is on PATH
export PYTHONDONTWRITEBYTECODE=1   # no __pycache__ in the source tree
build_args=()
[ -n "$build_dir" ] && build_args=(--build-dir "$build_dir")

failures=0
step() { echo "== $*"; }
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

work=$(mktemp -d /tmp/check-deploy.XXXXXX)
chmod 755 "$work"   # nginx workers (nobody, when run as root) reach its temp folder
learner_pid=
nginx_pid=
cleanup() {
  for pid in $learner_pid $nginx_pid; do
    kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  done
  rm -rf "$work"
}
free_port() { "$py" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
trap cleanup EXIT

step "deploy_check"
"$py" "$repo/scripts/deploy_check" "$repo" "${build_args[@]}" || fail "deploy_check"
step "deploy_check --selftest"
"$py" "$repo/scripts/deploy_check" "$repo" --selftest "${build_args[@]}" >"$work/selftest.log" ||
  { cat "$work/selftest.log"; fail "deploy_check --selftest"; }
tail -1 "$work/selftest.log"

step "shell syntax"
for f in "$repo/deploy/healthcheck.sh" "$repo/deploy/nginx/render-local.sh"; do
  bash -n "$f" || fail "bash -n $f"
done
# The Patroni image's scripts run under Debian's sh (dash).
for f in "$repo/deploy/patroni/entrypoint.sh" "$repo/deploy/patroni/post-init.sh"; do
  sh -n "$f" || fail "sh -n $f"
done

step "docker-compose config"
# Debian's docker-compose 1.29 validates compose.yaml against the Compose schema and interpolates
# it (no Docker engine needed): with every secret set it passes; .env.example as committed (empty
# secrets) must be refused.
compose() {
  env -u JWT_SECRET -u DEV_TOKENS -u POSTGRES_PASSWORD \
    docker-compose --env-file "$1" -f "$repo/deploy/compose.yaml" config -q 2>"$work/compose.err"
}
printf '%s\n' COMPOSE_PROJECT_NAME=langlearn "JWT_SECRET=$(printf 'k%.0s' {1..40})" \
  "DEV_TOKENS=$(printf 't%.0s' {1..30})" POSTGRES_PASSWORD=0123abcd >"$work/filled.env"
if compose "$work/filled.env"; then
  echo "docker-compose config: ok with every secret set"
else
  cat "$work/compose.err"
  fail "docker-compose config refuses deploy/compose.yaml"
fi
if compose "$repo/deploy/.env.example"; then
  fail "docker-compose accepts the empty secrets of .env.example"
elif grep -q "set [A-Z_]* in deploy/.env" "$work/compose.err"; then
  echo "docker-compose config: refused with .env.example ($(grep -o 'set [A-Z_]* in deploy/.env' "$work/compose.err" | head -1))"
else
  cat "$work/compose.err"
  fail "docker-compose failed on .env.example for another reason than a missing secret"
fi

step "nginx -t"
nginx=$(command -v nginx || echo /usr/sbin/nginx)
"$repo/deploy/nginx/render-local.sh" "$work/nginx" 18080 18081 18082 18083 >/dev/null ||
  fail "render-local.sh"
if "$nginx" -t -q -p "$work/nginx/" -c "$work/nginx/nginx.conf" -g "pid $work/nginx/nginx.pid;"; then
  echo "nginx -t: ok ($("$nginx" -v 2>&1))"
else
  fail "nginx -t on the rendered deploy/nginx.conf"
fi
if [ "$(id -u)" -eq 0 ]; then
  "$nginx" -t -q -p "$work/nginx/" -c "$work/nginx/nginx.conf" \
    -g "pid $work/nginx/nginx.pid; user www-data;" || fail "nginx -t with user www-data (as compose runs it)"
fi
# Every upstream of the rendered config points at this machine.
grep -q "server 127.0.0.1:18082 " "$work/nginx/nginx/upstreams.conf" &&
  grep -q "server 127.0.0.1:18083 " "$work/nginx/nginx/upstreams.conf" &&
  ! grep -Eq "server (learner|authoring)-api" "$work/nginx/nginx/upstreams.conf" ||
  fail "render-local.sh left compose upstreams in place"

step "healthcheck.sh against learner-api"
learner="$build_dir/apps/learner-api/learner-api"
if [ -z "$build_dir" ]; then
  echo "skipped: no BUILD_DIR"
elif [ ! -x "$learner" ]; then
  fail "$learner is not built"
else
  hc="$repo/deploy/healthcheck.sh"
  for attempt in 1 2 3 4 5; do
    port=$((20000 + RANDOM % 30000))
    DATABASE_URL="sqlite://$work/langlearn.db" MEDIA_DIR="$work/media" THREADS=1 PORT=$port \
      JWT_SECRET=check-deploy-secret-0123456789abcdef "$learner" >"$work/learner.log" 2>&1 &
    learner_pid=$!
    for _ in $(seq 50); do
      PORT=$port "$hc" /livez 2>/dev/null && break
      kill -0 "$learner_pid" 2>/dev/null || break
      sleep 0.1
    done
    kill -0 "$learner_pid" 2>/dev/null && break
    wait "$learner_pid" 2>/dev/null || true
    learner_pid=
  done
  if [ -z "$learner_pid" ]; then
    cat "$work/learner.log"
    fail "learner-api did not start"
  else
    PORT=$port "$hc" || fail "healthcheck /livez (default path) on a running learner-api"
    PORT=$port "$hc" /readyz || fail "healthcheck /readyz on a migrated SQLite learner-api"
    PORT=$port "$hc" /no-such-route 2>/dev/null && fail "healthcheck passed on a 404"
    kill "$learner_pid" && wait "$learner_pid" 2>/dev/null || true
    learner_pid=
    PORT=$port "$hc" /livez 2>/dev/null && fail "healthcheck passed with nothing listening"
    echo "healthcheck: 200 passes, 404 and a closed port fail"
  fi
fi

step "nginx media cache against learner-api (MEDIA_STORE=database)"
admin="$build_dir/apps/langlearn-admin/langlearn-admin"
if [ -z "$build_dir" ]; then
  echo "skipped: no BUILD_DIR"
elif [ ! -x "$admin" ] || [ ! -x "$learner" ]; then
  fail "$admin or $learner is not built"
else
  # env execs the program: $! below is learner-api itself.
  media_env=(env DATABASE_URL="sqlite://$work/media.db" MEDIA_STORE=database MEDIA_POOL_SIZE=2)
  mkdir -p "$work/old-media"
  head -c 70000 /dev/urandom >"$work/blob"
  name="$(sha256sum "$work/blob" | cut -c1-64).wav"
  mv "$work/blob" "$work/old-media/$name"
  if ! "${media_env[@]}" "$admin" migrate >"$work/admin.log" 2>&1 ||
     ! "${media_env[@]}" "$admin" migrate-media --from "$work/old-media" >>"$work/admin.log" 2>&1; then
    cat "$work/admin.log"
    fail "langlearn-admin migrate-media into SQLite"
  else
    port=$(free_port)
    "${media_env[@]}" THREADS=1 PORT=$port JWT_SECRET=check-deploy-secret-0123456789abcdef \
      "$learner" >"$work/learner-media.log" 2>&1 &
    learner_pid=$!
    listen=$(free_port)
    "$repo/deploy/nginx/render-local.sh" "$work/nginx-media" "$listen" "$(free_port)" "$port" \
      >/dev/null || fail "render-local.sh for the media cache"
    "$nginx" -p "$work/nginx-media/" -c "$work/nginx-media/nginx.conf" \
      -g "daemon off; pid $work/nginx-media/nginx.pid;" >/dev/null 2>"$work/nginx-media.err" &
    nginx_pid=$!
    for _ in $(seq 50); do
      PORT=$port "$hc" /readyz 2>/dev/null &&
        curl -fsS -o /dev/null "http://127.0.0.1:$listen/nginx-health" 2>/dev/null && break
      sleep 0.1
    done
    url="http://127.0.0.1:$listen/media/$name"
    # get ID [RANGE]: the answer's status, X-Cache-Status and X-Request-Id in one line.
    get() {
      curl -sS -o "$work/body" -D "$work/head" -H "X-Request-Id: $1" ${2:+-H "Range: bytes=$2"} "$url" ||
        true
      printf '%s %s %s\n' "$(head -1 "$work/head" | cut -d' ' -f2)" \
        "$(grep -i '^x-cache-status:' "$work/head" | cut -d' ' -f2 | tr -d '\r' | paste -sd,)" \
        "$(grep -i '^x-request-id:' "$work/head" | cut -d' ' -f2 | tr -d '\r' | paste -sd,)"
    }
    same() { cmp -s "$work/body" "$1"; }
    before=$failures
    head -c 200 "$work/old-media/$name" | tail -c 100 >"$work/range"
    got=$(get media-1)
    [ "$got" = "200 MISS media-1" ] && same "$work/old-media/$name" ||
      fail "first /media fetch through nginx: '$got', 200 MISS media-1 and the file expected"
    got=$(get media-2)
    [ "$got" = "200 HIT media-2" ] && same "$work/old-media/$name" ||
      fail "second /media fetch: '$got', a hit with the whole file and its own X-Request-Id expected"
    got=$(get media-3 100-199)
    [ "$got" = "206 HIT media-3" ] && same "$work/range" ||
      fail "a range of a cached file: '$got', 206 HIT media-3 with those bytes expected"
    kill "$learner_pid" && wait "$learner_pid" 2>/dev/null || true
    learner_pid=
    PORT=$port "$hc" /livez 2>/dev/null && fail "learner-api still answers after SIGTERM"
    got=$(get media-4)
    [ "$got" = "200 HIT media-4" ] && same "$work/old-media/$name" ||
      fail "a cached file with the replica gone: '$got', served from the cache expected"
    kill "$nginx_pid" && wait "$nginx_pid" 2>/dev/null || true
    nginx_pid=
    [ "$failures" -eq "$before" ] &&
      echo "media cache: miss, then hits (whole, range, replica gone), each with its own request id"
  fi
fi

if [ "$failures" -ne 0 ]; then
  echo "check-deploy: $failures failure(s)"
  exit 1
fi
echo "check-deploy: ok"
