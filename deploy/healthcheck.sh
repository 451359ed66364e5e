#!/bin/bash
# langlearn-healthcheck [PATH]: exits 0 when GET PATH (default /livez) on 127.0.0.1:$PORT
# answers 200. Without PORT it tries the services' defaults, 8080 (learner-api) and then 8081
# (authoring-api), so the image's HEALTHCHECK fits either program. The runtime image has no
# curl; bash's /dev/tcp is enough for one HTTP/1.1 request. Used by the image's HEALTHCHECK and
# by deploy/compose.yaml.
set -u
path=${1:-/livez}

check() {
  local port=$1 status
  exec 3<>"/dev/tcp/127.0.0.1/$port" 2>/dev/null || { echo "no answer on port $port" >&2; return 1; }
  printf 'GET %s HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n' "$path" >&3
  # The status line: "HTTP/1.1 200 OK".
  IFS=' ' read -r -t 5 _ status _ <&3 || { echo "no status line from port $port" >&2; return 1; }
  exec 3<&-
  [ "$status" = 200 ] || { echo "GET $path on port $port answered $status" >&2; return 1; }
}

for port in ${PORT:-8080 8081}; do
  check "$port" && exit 0
done
exit 1
