#!/bin/sh
# langlearn-restore: Patroni's custom bootstrap method `pgbackrest` (docs/operations.md "Backups
# and restore"): a NEW cluster (a fresh etcd namespace or scope, empty data directories) whose
# first node restores the pgBackRest backup instead of running initdb, and recovers the archived
# WAL up to RESTORE_TARGET_TIME (e.g. "2026-12-06 03:59:01.123+00"; empty: to the end of the
# archive), then promotes. The other nodes copy it as usual. Patroni calls it with
# --scope=NAME --datadir=PATH; pgBackRest writes the recovery settings that Patroni keeps
# (keep_existing_recovery_conf).
set -eu
datadir=
for arg; do
  case $arg in --datadir=*) datadir=${arg#--datadir=} ;; esac
done
[ -n "$datadir" ] || { echo "langlearn-restore: Patroni gave no --datadir" >&2; exit 1; }
mkdir -p "$datadir" && chmod 0700 "$datadir"
if [ -n "${RESTORE_TARGET_TIME:-}" ]; then
  exec pgbackrest --stanza=langlearn --pg1-path="$datadir" --type=time \
    --target="$RESTORE_TARGET_TIME" --target-action=promote restore
fi
exec pgbackrest --stanza=langlearn --pg1-path="$datadir" --type=default restore
