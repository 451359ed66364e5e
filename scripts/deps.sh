#!/usr/bin/env bash
# Installs the Debian 12 packages the project needs, only those that are missing.
# Quiet and fast (one dpkg-query) when everything is present.
set -euo pipefail

packages=(
  build-essential cmake ninja-build ccache pkg-config git
  libboost1.81-dev libboost-json1.81-dev libboost-url1.81-dev
  libsoci-dev libsqlite3-dev sqlite3 libpq-dev
  libsodium-dev libssl-dev zlib1g-dev ca-certificates libfmt-dev libspdlog-dev catch2
  libvips-dev
  # Typed answers compared in NFC and case-folded (docs/learning.md "Graded answers").
  libutf8proc-dev
  # Password reset mails: the SMTP adapter on libcurl, and the real SMTP server its tests send to
  # (tests/http/support/smtp_sink.py).
  libcurl4-openssl-dev python3-aiosmtpd
  postgresql-15 postgresql-client-15 tzdata python3 python3-yaml python3-jsonschema
  python3-kubernetes docker-compose
  espeak-ng sox dict-freedict-deu-eng dict-freedict-deu-swe
  # The audio's Opus and AAC copies for phones (docs/audio.md): libopus and the native AAC encoder.
  ffmpeg
  webp libjpeg-turbo-progs
  wrk nginx-light curl procps
  # The failover test (tests/e2e/failover.py): etcd and PostgreSQL nodes under Patroni, whose
  # etcd client library is python3-etcd. Their Debian services are never started here (no init).
  patroni python3-etcd etcd-server
  # Backups and point-in-time recovery (deploy/patroni/pgbackrest.conf; the restore drill,
  # tests/e2e/restore_drill.py), and the Pushgateway backup.sh reports to
  pgbackrest prometheus-pushgateway
  # promtool and a Prometheus that the observability tests start themselves (tests/observability);
  # amtool and an Alertmanager for the paging configuration's test
  prometheus prometheus-alertmanager
  # The studio's browser tests (tests/browser): Playwright drives Debian's chromium; a font so
  # that text is laid out and measured (axe-core's contrast checks).
  chromium fonts-dejavu-core
)
# The libFuzzer targets (scripts/fuzz.sh) only: the deploy image builds none of them.
fuzz_packages=(clang libclang-rt-14-dev)

missing=()
for p in "${packages[@]}" "${fuzz_packages[@]}"; do
  dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null | grep -q '^installed$' || missing+=("$p")
done
# Node.js and npm for the OpenAPI lint (tests/openapi/lint): the machine's own when it has them
# (@redocly/cli needs Node.js 20.19 or later), otherwise Debian's.
command -v npm >/dev/null 2>&1 || missing+=(nodejs npm)

[ ${#missing[@]} -eq 0 ] && exit 0

echo "deps.sh: installing ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  echo "deps.sh: missing packages and not root; run: sudo $0" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
# Debian's prometheus and etcd-server packages start system-wide servers (ports 9090, 2379)
# and enable them at boot; patroni's unit waits for a config. The project only needs their
# binaries (the tests run their own on free ports; make run starts none): stop and disable each
# that was just installed. Where policy-rc.d kept them from starting (containers), and without
# systemd running, the stop is a no-op and disabling just removes the boot link.
for service in prometheus prometheus-alertmanager prometheus-pushgateway etcd patroni; do
  package=$service
  [ "$service" = etcd ] && package=etcd-server
  if [[ " ${missing[*]} " == *" $package "* ]]; then
    invoke-rc.d "$service" stop >/dev/null 2>&1 || true
    systemctl disable "$service" >/dev/null 2>&1 || true
  fi
done
echo "deps.sh: done"
