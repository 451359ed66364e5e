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
cleanup() {
  [ -n "$learner_pid" ] && kill "$learner_pid" 2>/dev/null && wait "$learner_pid" 2>/dev/null
  rm -rf "$work"
}
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

if [ "$failures" -ne 0 ]; then
  echo "check-deploy: $failures failure(s)"
  exit 1
fi
echo "check-deploy: ok"
