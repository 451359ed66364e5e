#!/usr/bin/env bash
# The shipped Patroni configuration, run for real on this machine (ctest patroni_config): one
# etcd and three Patroni nodes on 127.0.0.1, each rendered from deploy/patroni/patroni.yml by
# deploy/patroni/render-local.py. Checks what deploy_check cannot: the cluster bootstraps,
# post-init.sh creates the services' role and database, one replica is synchronous, the
# multi-host DATABASE_URL with target_session_attrs=read-write lands on the leader, a planned
# `patronictl switchover` moves writes within seconds, and the old leader follows the new one.
# The failover under booking load, with the services, is the failover end-to-end test.
#   scripts/patroni-config-check.sh
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
for tool in patroni patronictl etcd psql; do
  command -v "$tool" >/dev/null || { echo "patroni-config-check: $tool missing (scripts/deps.sh)"; exit 1; }
done

work=$(mktemp -d /tmp/patroni-check.XXXXXX)
chmod 755 "$work"
# initdb refuses root: the nodes and etcd run as the postgres system user then.
as_owner() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" -eq 0 ] && chown postgres: "$work"
started=()   # PIDs of what this script started (runuser or the program itself)

# The program itself: under runuser it is runuser's child.
program_pid() { pgrep -P "$1" 2>/dev/null || echo "$1"; }
stop_all() {
  local pid program
  for pid in "${started[@]}"; do
    program=$(program_pid "$pid")
    kill -TERM "$program" 2>/dev/null || true
  done
  for pid in "${started[@]}"; do
    for _ in $(seq 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$(program_pid "$pid")" "$pid" 2>/dev/null || true
  done
}
cleanup() {
  local status=$?
  stop_all
  if [ "$status" -ne 0 ]; then
    for log in "$work"/*.log; do echo "--- $log"; tail -n 20 "$log"; done
  fi
  rm -rf "$work"
}
trap cleanup EXIT

free_ports() {
  python3 -c "
import socket
sockets = [socket.socket() for _ in range($1)]
for s in sockets:
    s.bind(('127.0.0.1', 0))
print(' '.join(str(s.getsockname()[1]) for s in sockets))"
}
read -r etcd_client etcd_peer pg1 rest1 pg2 rest2 pg3 rest3 <<<"$(free_ports 8)"
pg_ports=("$pg1" "$pg2" "$pg3")
rest_ports=("$rest1" "$rest2" "$rest3")

as_owner etcd --name etcd --data-dir "$work/etcd" \
  --listen-client-urls "http://127.0.0.1:$etcd_client" --advertise-client-urls "http://127.0.0.1:$etcd_client" \
  --listen-peer-urls "http://127.0.0.1:$etcd_peer" --initial-advertise-peer-urls "http://127.0.0.1:$etcd_peer" \
  --initial-cluster "etcd=http://127.0.0.1:$etcd_peer" >"$work/etcd.log" 2>&1 &
started+=($!)
for _ in $(seq 100); do curl -fsS "http://127.0.0.1:$etcd_client/health" >/dev/null 2>&1 && break; sleep 0.1; done

secrets=(POSTGRES_PASSWORD=app-secret-1 PATRONI_SUPERUSER_PASSWORD=su-secret-1
         PATRONI_REPLICATION_PASSWORD=repl-secret-1 PATRONI_REWIND_PASSWORD=rewind-secret-1)
begin=$(date +%s.%N)
for n in 1 2 3; do
  mkdir -p "$work/patroni$n"
  "$repo/deploy/patroni/render-local.py" "$work/patroni$n.yml" --name "patroni$n" \
    --pg-port "${pg_ports[n - 1]}" --rest-port "${rest_ports[n - 1]}" \
    --etcd "127.0.0.1:$etcd_client" --dir "$work/patroni$n"
  [ "$(id -u)" -eq 0 ] && chown -R postgres: "$work/patroni$n" "$work/patroni$n.yml"
  as_owner env "${secrets[@]}" patroni "$work/patroni$n.yml" >"$work/patroni$n.log" 2>&1 &
  started+=($!)
done

members() { as_owner patronictl -c "$work/patroni1.yml" list -f json 2>/dev/null || echo "[]"; }
# Prints "leader sync running" (names; running = members running or streaming).
roles() {
  members | python3 -c "
import json, sys
m = json.load(sys.stdin)
role = lambda r: next((x['Member'] for x in m if x['Role'] == r), '-')
print(role('Leader'), role('Sync Standby'), sum(x['State'] in ('running', 'streaming') for x in m))"
}
wait_for() {  # SECONDS CONDITION...: until the roles satisfy the condition
  local limit=$1 deadline=$(($(date +%s) + $1))
  shift
  while [ "$(date +%s)" -lt "$deadline" ]; do
    read -r leader sync running <<<"$(roles)"
    eval "$*" && return 0
    sleep 0.2
  done
  echo "FAIL: not within $limit s: $* (leader $leader, sync $sync, running $running)"
  as_owner patronictl -c "$work/patroni1.yml" list || true
  return 1
}
elapsed() { python3 -c "print(f'{$(date +%s.%N) - $1:.1f}')"; }

wait_for 90 '[ "$leader" != - ] && [ "$sync" != - ] && [ "$running" -eq 3 ]'
echo "cluster: leader $leader, synchronous $sync, 3 running after $(elapsed "$begin") s"

url="postgresql://langlearn:app-secret-1@127.0.0.1:$pg1,127.0.0.1:$pg2,127.0.0.1:$pg3/langlearn?target_session_attrs=read-write&connect_timeout=3"
sql() { psql -X -q -At -v ON_ERROR_STOP=1 "$url" -c "$1"; }
port_of() { echo "${pg_ports[${1#patroni} - 1]}"; }

# post-init.sh made the role and database; the URL reaches the leader, which names a
# synchronous standby and waits for it on commit.
read -r user port recovery standby <<<"$(sql "SELECT current_user, inet_server_port(),
  pg_is_in_recovery(), current_setting('synchronous_standby_names')" | tr '|' ' ')"
[ "$user" = langlearn ] || { echo "FAIL: connected as $user, not langlearn"; exit 1; }
[ "$port" = "$(port_of "$leader")" ] && [ "$recovery" = f ] ||
  { echo "FAIL: the read-write URL reached port $port (recovery $recovery), leader is $leader"; exit 1; }
[ "$standby" = "$sync" ] || { echo "FAIL: synchronous_standby_names '$standby', patronictl says $sync"; exit 1; }
sql "CREATE TABLE booked (id int PRIMARY KEY); INSERT INTO booked VALUES (1)"
echo "role langlearn, database langlearn; URL on the leader ($port); synchronous standby $standby"

# A planned switchover to the synchronous standby: writes move within seconds.
old=$leader new=$sync
# patronictl returns once the candidate leads; the stall counts from the command's start.
switched=$(date +%s.%N)
as_owner patronictl -c "$work/patroni1.yml" switchover --leader "$old" --candidate "$new" --force >/dev/null
for _ in $(seq 150); do
  sql "INSERT INTO booked VALUES (2)" 2>/dev/null && break
  sleep 0.1
done
stall=$(elapsed "$switched")
[ "$(sql "SELECT inet_server_port()")" = "$(port_of "$new")" ] ||
  { echo "FAIL: after the switchover writes did not reach $new"; exit 1; }
wait_for 60 '[ "$leader" = "$new" ] && [ "$sync" != - ] && [ "$running" -eq 3 ]'
[ "$(sql "SELECT count(*) FROM booked")" = 2 ] || { echo "FAIL: a committed row is missing"; exit 1; }
echo "switchover $old -> $new: the first write $stall s after the command started; $old follows as a replica; no row lost"
echo "patroni-config-check: ok"
