#!/usr/bin/env python3
"""The end-to-end tests from a checkout only its owner can reach (docs/testing.md "From a
checkout anywhere"). Run as root, the tests start PostgreSQL and Patroni as the postgres user and
nginx's workers as nobody; a clone in a 0700 folder (`mktemp -d`, /root on Debian) is out of
those users' reach, and so is the build folder in it, where ctest starts every test.

The scenario copies deploy/ and scripts/ into a fresh 0700 folder and works from there, in it
(every child starts in a folder its own user may not enter, as under ctest in such a clone):

1. scripts/pg-throwaway.sh starts and stops a PostgreSQL; nothing run as postgres complains
   (stderr empty; PostgreSQL's programs cannot return to a directory they cannot enter).
2. One Patroni node from deploy/patroni/render-local.py bootstraps and leads, and its
   post-bootstrap script ran: the services' role logs in to its database.
3. nginx rendered by deploy/nginx/render-local.sh passes a request body over its 16 KiB
   buffer (written to a temp file by a worker) to learner-api, which answers it as it answers
   the same request sent directly.

Only as root: as another user nothing runs as another user, and the script says it skipped
(exit 77, ctest's SKIP_RETURN_CODE).
"""
import os
import shutil
import subprocess
import sys
import tempfile

import harness as H
import patroni_cluster as P


def private_checkout(h):
    """deploy/ and scripts/ copied into a new 0700 folder, removed at the end."""
    folder = tempfile.mkdtemp(prefix="ll-e2e-private-")
    h.on_cleanup(lambda: shutil.rmtree(folder, ignore_errors=True))
    for part in ("deploy", "scripts"):
        shutil.copytree(os.path.join(h.source, part), os.path.join(folder, part), symlinks=True)
    H.check(os.stat(folder).st_mode & 0o777 == 0o700, f"{folder} is not 0700")
    return folder


def throwaway_postgres(h):
    script = os.path.join(h.source, "scripts/pg-throwaway.sh")
    pg_dir = os.path.join(h.work, "pg")
    start = subprocess.run([script, "start", pg_dir], capture_output=True, text=True)
    stop = subprocess.run([script, "stop", pg_dir], capture_output=True, text=True)
    H.check(start.returncode == 0 and start.stdout.startswith("postgresql://"),
            f"pg-throwaway.sh start: exit {start.returncode}, {start.stdout!r} {start.stderr!r}")
    H.check(stop.returncode == 0, f"pg-throwaway.sh stop: exit {stop.returncode}, {stop.stderr!r}")
    H.check(start.stderr == "" and stop.stderr == "",
            f"pg-throwaway.sh complained: {(start.stderr + stop.stderr).strip()!r}")


def patroni_bootstrap(h):
    cluster = P.PatroniCluster(h, names=("node1",)).bootstrap()
    who = H.psql(cluster.url, "SELECT current_user, current_database()")
    H.check(who == [["langlearn", "langlearn"]],
            f"after post-init.sh the services' role found {who}{cluster.logs()}")
    cluster.stop()


def nginx_buffered_body(h):
    url = f"sqlite://{h.work}/langlearn.db"
    h.admin(url, "migrate")
    learner = H.Learner(h, "learner-a", url).start()
    nginx = h.nginx([learner])
    # Over client_body_buffer_size (16 KiB): nginx's worker writes it to DIR/temp/client_body.
    body = {"email": "x" * 20000 + "@example.com", "password": "correct horse"}
    direct = H.Client(learner.port).call("POST", "/auth/register", body)
    through = H.Client(nginx.port).call("POST", "/auth/register", body)
    H.check((through.status, through.body) == (direct.status, direct.body),
            f"a 20 KB body through nginx: {through.status} {through.body[:200]!r}, directly: "
            f"{direct.status} {direct.body[:200]!r}; nginx said: {nginx.error_tail()}")
    h.figure(big_body_status=through.status)


def scenario(h):
    h.source = private_checkout(h)
    os.chdir(h.source)
    h.step(f"from {h.source} (0700)")
    failures = []
    for name, phase in (("pg-throwaway.sh", throwaway_postgres),
                        ("one Patroni node", patroni_bootstrap),
                        ("nginx with a buffered body", nginx_buffered_body)):
        h.step(name)
        try:
            phase(h)
        except H.Failure as e:  # the next phases still run: each names its own cause
            failures.append(f"{name}: {e}")
    H.check(not failures, "\n".join(failures))


if __name__ == "__main__":
    if os.getuid() != 0:
        print("private_checkout: skipped: not root, so nothing runs as another user")
        sys.exit(77)
    H.main(scenario, budget_seconds=P.ETCD_START_S + P.BOOTSTRAP_S + 2 * H.SERVICE_READY_S
           + 60)
