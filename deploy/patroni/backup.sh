#!/bin/sh
# langlearn-backup: the scheduled backups of the compose profile `ha` (docs/operations.md
# "Backups and restore"), started by entrypoint.sh beside Patroni on every node. Only the node
# that leads backs up (a replica's copy would need a connection to the leader's files): every
# BACKUP_INTERVAL_SECONDS (3600) it makes an incremental backup, a full one when the last full
# backup is older than BACKUP_FULL_DAYS (7) or there is none; the stanza is created on first use.
# WAL is archived continuously by archive_command (patroni.yml), so a restore reaches any moment
# between backups.
set -u
interval=${BACKUP_INTERVAL_SECONDS:-3600}
full_days=${BACKUP_FULL_DAYS:-7}
leads() {
  python3 -c 'import urllib.request,sys; urllib.request.urlopen("http://127.0.0.1:8008/primary", timeout=5)' \
    >/dev/null 2>&1
}
sleep 60  # let Patroni bootstrap or join first
while :; do
  if leads; then
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
    pgbackrest --stanza=langlearn --type=$type backup ||
      echo "langlearn-backup: the $type backup failed (above); retrying in ${interval}s" >&2
  fi
  sleep "$interval"
done
