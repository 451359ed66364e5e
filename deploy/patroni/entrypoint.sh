#!/bin/sh
# The Patroni node of the compose profile `ha`: refuses to start without its secrets (compose
# cannot require them with ${VAR:?} without also refusing the default profile), then runs
# Patroni in the foreground on deploy/patroni/patroni.yml, with the backup loop beside it.
set -eu
for var in POSTGRES_PASSWORD PATRONI_NAME PATRONI_SUPERUSER_PASSWORD PATRONI_REPLICATION_PASSWORD \
           PATRONI_REWIND_PASSWORD PATRONI_RESTAPI_PASSWORD; do
  eval "value=\${$var:-}"
  if [ -z "$value" ]; then
    echo "langlearn-patroni: set $var (deploy/.env)" >&2
    exit 1
  fi
done
# Scheduled backups beside Patroni: the node that leads backs up (backup.sh).
langlearn-backup &
exec patroni /etc/patroni/patroni.yml
