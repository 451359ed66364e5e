#!/usr/bin/env bash
# Renders the compose load-balancer config (deploy/nginx.conf + deploy/nginx/) for services on
# this machine, for the local end-to-end test and for scripts/check-deploy.sh:
#
#   deploy/nginx/render-local.sh DIR LISTEN_PORT AUTHORING_PORT LEARNER_PORT [LEARNER_PORT...]
#
# DIR gets nginx.conf and nginx/*.conf: the same files, except that the listener is
# 127.0.0.1:LISTEN_PORT, the access log goes to DIR/access.log (one JSON line per request, with
# the answering replica in "upstream"), and each upstream's `server` line is replaced by one line
# per 127.0.0.1 port (same parameters). Then run, as root or not:
#
#   nginx -p DIR/ -c DIR/nginx.conf -g 'daemon off; pid DIR/nginx.pid;'
#
# With TLS_CERT and TLS_KEY (PEM files) in the environment, the listener speaks HTTPS with them
# (the studio's browser test over TLS, tests/browser/edge.spec.js), as a TLS-terminating edge
# in front of the services would.
#
# (prefix DIR: temp files go to DIR/temp; as root the workers run as nobody, so DIR is made
# world-traversable, and a warning names any folder above it that is not, e.g. mktemp -d's). Stop it with SIGQUIT (graceful) or SIGTERM. AUTHORING_PORT may be a port
# nothing listens on: /api and /pictures then answer 503.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 4 ] || { sed -n '2,17p' "$0" >&2; exit 2; }
dir=$1 listen=$2 authoring=$3
shift 3
learners=("$@")

mkdir -p "$dir/nginx" "$dir/temp"
dir=$(cd "$dir" && pwd)
if [ "$(id -u)" -eq 0 ]; then
  # The workers (nobody) write buffered bodies to DIR/temp: every folder above must let them by.
  chmod 755 "$dir" "$dir/temp"
  p=$dir
  while p=$(dirname "$p") && [ "$p" != / ]; do
    [ "$(stat -c %A "$p" | cut -c10)" = x ] || [ "$(stat -c %A "$p" | cut -c10)" = t ] ||
      echo "render-local: warning: $p is not traversable for nobody (chmod o+x it), so request" \
        "bodies over 16k will fail" >&2
  done
fi
cp "$here/langlearn.conf" "$here/routes.conf" "$dir/nginx/"

sed -e "s|^\(\s*\)listen 8080;|\1listen 127.0.0.1:$listen;|" \
    -e "s|^\(\s*\)access_log /dev/stdout langlearn;|\1access_log $dir/access.log langlearn;|" \
    "$here/../nginx.conf" > "$dir/nginx.conf"
grep -q "listen 127.0.0.1:$listen;" "$dir/nginx.conf" &&
  grep -q "access_log $dir/access.log langlearn;" "$dir/nginx.conf" ||
  { echo "render-local: deploy/nginx.conf no longer has 'listen 8080;' and the stdout access_log" >&2; exit 1; }
if [ -n "${TLS_CERT:-}" ] || [ -n "${TLS_KEY:-}" ]; then
  [ -r "${TLS_CERT:-}" ] && [ -r "${TLS_KEY:-}" ] ||
    { echo "render-local: TLS_CERT and TLS_KEY must both name readable PEM files" >&2; exit 1; }
  sed -i -e "s|^\(\s*\)listen 127.0.0.1:$listen;|\1listen 127.0.0.1:$listen ssl;\n\1ssl_certificate $TLS_CERT;\n\1ssl_certificate_key $TLS_KEY;\n\1ssl_protocols TLSv1.2 TLSv1.3;|" \
    "$dir/nginx.conf"
  grep -q "listen 127.0.0.1:$listen ssl;" "$dir/nginx.conf" ||
    { echo "render-local: could not turn the listener into TLS" >&2; exit 1; }
fi

# Inside `upstream NAME { ... }`: the first `server ADDRESS PARAMS;` becomes one line per port.
awk -v learner="${learners[*]}" -v authoring="$authoring" '
  /^[ \t]*upstream[ \t]+[a-z]+[ \t]*\{/ { name = $2; done = 0 }
  /^[ \t]*server[ \t]/ && name != "" {
    if (!done) {
      params = $0; sub(/^[ \t]*server[ \t]+[^ \t;]+/, "", params)
      n = split(name == "learner" ? learner : authoring, ports, " ")
      for (i = 1; i <= n; i++) printf "    server 127.0.0.1:%s%s\n", ports[i], params
      done = 1; replaced[name] = 1
    }
    next
  }
  /^[ \t]*\}/ { name = "" }
  { print }
  END { if (!replaced["learner"] || !replaced["authoring"]) exit 1 }
' "$here/upstreams.conf" > "$dir/nginx/upstreams.conf" ||
  { echo "render-local: deploy/nginx/upstreams.conf has no learner/authoring server lines" >&2; exit 1; }

echo "nginx -p $dir/ -c $dir/nginx.conf -g 'daemon off; pid $dir/nginx.pid;'"
