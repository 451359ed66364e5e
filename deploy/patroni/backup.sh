#!/bin/sh
# langlearn-backup: the scheduled backups of the compose profile `ha` (docs/operations.md
# "Backups and restore"), started by entrypoint.sh beside Patroni on every node. Only the node
# that leads backs up (a replica's copy would need a connection to the leader's files): every
# BACKUP_INTERVAL_SECONDS (3600) it makes an incremental backup, a full one when the last full
# backup is older than BACKUP_FULL_DAYS (7) or there is none; the stanza is created on first use.
# WAL is archived continuously by archive_command (patroni.yml), so a restore reaches any moment
# between backups. With PUSHGATEWAY_URL, each run's outcome goes to that Prometheus Pushgateway
# (job langlearn-backup): langlearn_backup_last_run_success (1 or 0) and, after a good backup,
# langlearn_backup_last_success_timestamp_seconds, which LanglearnBackupStale watches.
#   langlearn-backup          the loop
#   langlearn-backup --once   one run now (an operator's backup; the restore drill's test)
set -u
interval=${BACKUP_INTERVAL_SECONDS:-3600}
full_days=${BACKUP_FULL_DAYS:-7}
rest=${PATRONI_REST_URL:-http://127.0.0.1:8008}
leads() {
  python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1] + "/primary", timeout=5)' \
    "$rest" >/dev/null 2>&1
}
# push NAME VALUE...: metric lines to the Pushgateway (POST: other metrics of the job stay).
push() {
  [ -n "${PUSHGATEWAY_URL:-}" ] || return 0
  python3 - "$PUSHGATEWAY_URL" "$@" <<'PY' ||
import sys, urllib.request
url, pairs = sys.argv[1].rstrip("/") + "/metrics/job/langlearn-backup", sys.argv[2:]
body = "".join(f"# TYPE {n} gauge\n{n} {v}\n" for n, v in zip(pairs[::2], pairs[1::2]))
urllib.request.urlopen(urllib.request.Request(url, data=body.encode(), method="POST"), timeout=10)
PY
    echo "langlearn-backup: could not push to $PUSHGATEWAY_URL" >&2
}
run() {
  leads || return 0
  pgbackrest --stanza=langlearn stanza-create >/dev/null 2>&1 || true
  last_full=$(pgbackrest --stanza=langlearn --output=json info 2>/dev/null | python3 -c '
import json, sys
backups = [b for s in json.load(sys.stdin) for b in s.get("backup", []) if b["type"] == "full"]
print(max((b["timestamp"]["stop"] for b in backups), default=0))' 2>/dev/null || echo 0)
  if [ $(( $(date +%s) - ${last_full:-0} )) -ge $(( full_days * 86400 )) ]; then
    type=full
  else
    type=incr
  fi
  if pgbackrest --stanza=langlearn --type=$type backup; then
    push langlearn_backup_last_success_timestamp_seconds "$(date +%s)" \
      langlearn_backup_last_run_success 1
  else
    echo "langlearn-backup: the $type backup failed (above); retrying in ${interval}s" >&2
    push langlearn_backup_last_run_success 0
    return 1
  fi
}
if [ "${1:-}" = --once ]; then
  run
  exit
fi
sleep 60  # let Patroni bootstrap or join first
while :; do
  run
  sleep "$interval"
done
