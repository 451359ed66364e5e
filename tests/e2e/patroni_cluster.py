"""A PostgreSQL high-availability cluster on 127.0.0.1 for the failover test (docs/testing.md
"Failover"): Debian's etcd-server (one member) and three PostgreSQL 15 nodes, each under
Debian's patroni, with synchronous replication (`synchronous_mode`). The layout is the one
docs/operations.md "High availability" describes, shrunk to one machine; timings are shorter
than production's (ttl 10 s, loop_wait 1 s) so a failover fits the test's time.

Every process runs as the postgres system user when we are root (PostgreSQL refuses root), in
its own process group, and is killed at cleanup. Standard library only.
"""

import json
import os
import shutil
import signal
import subprocess
import time
import urllib.error
import urllib.request

import harness as H

PGBIN = max((os.path.join("/usr/lib/postgresql", v, "bin")
             for v in os.listdir("/usr/lib/postgresql")), default="")
NODES = ("node1", "node2", "node3")


def _as_postgres(args):
    """The command as the postgres user when we are root (initdb and postgres refuse root)."""
    return ["runuser", "-u", "postgres", "--", *args] if os.getuid() == 0 else args


def _own(path):
    if os.getuid() == 0:
        shutil.chown(path, "postgres", "postgres")


class Node:
    """One Patroni + PostgreSQL member: its ports, config file and processes."""

    def __init__(self, cluster, name):
        self.cluster, self.name = cluster, name
        self.dir = os.path.join(cluster.dir, name)
        self.pg_port, self.rest_port = H.free_port(), H.free_port()
        self.config = os.path.join(self.dir, "patroni.yml")
        self.proc = None
        os.makedirs(self.dir, mode=0o700)
        _own(self.dir)
        with open(self.config, "w") as f:
            f.write(self._config_text())
        _own(self.config)

    def _config_text(self):
        # JSON is YAML: no YAML writer needed.
        config = {
            "scope": "langlearn-e2e",
            "name": self.name,
            "log": {"level": "INFO", "dir": self.dir, "file_num": 1},
            "restapi": {"listen": f"127.0.0.1:{self.rest_port}",
                        "connect_address": f"127.0.0.1:{self.rest_port}"},
            "etcd3": {"hosts": [f"127.0.0.1:{self.cluster.etcd_port}"]},
            "bootstrap": {
                "dcs": {
                    # A dead leader's key expires after ttl; a replica takes over at its next
                    # loop. loop_wait + 2 * retry_timeout <= ttl (Patroni's rule).
                    "ttl": 10, "loop_wait": 1, "retry_timeout": 4,
                    "maximum_lag_on_failover": 1048576,
                    # A commit returns only when the synchronous standby has it too, and only
                    # that standby may be promoted: no acknowledged booking is lost.
                    "synchronous_mode": True,
                    "postgresql": {
                        "use_pg_rewind": True,
                        "parameters": {
                            "max_connections": 100, "wal_level": "replica",
                            "hot_standby": "on", "wal_log_hints": "on",
                            "max_wal_senders": 10, "max_replication_slots": 10,
                            "wal_keep_size": "128MB", "fsync": "off",
                        },
                    },
                },
                "initdb": [{"encoding": "UTF8"}, {"locale": "C.UTF-8"}, "data-checksums"],
                "pg_hba": ["local all all trust",
                           "host replication replicator 127.0.0.1/32 trust",
                           "host all all 127.0.0.1/32 trust"],
            },
            "postgresql": {
                "listen": f"127.0.0.1:{self.pg_port}",
                "connect_address": f"127.0.0.1:{self.pg_port}",
                "data_dir": os.path.join(self.dir, "data"),
                "bin_dir": PGBIN,
                "pgpass": os.path.join(self.dir, "pgpass"),
                "authentication": {
                    "superuser": {"username": "postgres", "password": "e2e"},
                    "replication": {"username": "replicator", "password": "e2e"},
                    "rewind": {"username": "postgres", "password": "e2e"},
                },
                "parameters": {"unix_socket_directories": self.dir,
                               "cluster_name": f"ll-{self.name}"},
            },
            "tags": {"nofailover": False, "noloadbalance": False},
        }
        return json.dumps(config, indent=1)

    def start(self):
        out = open(os.path.join(self.dir, "patroni.out"), "ab")
        self.proc = subprocess.Popen(
            _as_postgres(["patroni", self.config]), stdout=out, stderr=out,
            stdin=subprocess.DEVNULL, start_new_session=True,
        )
        out.close()
        return self

    def postmaster_pid(self):
        try:
            with open(os.path.join(self.dir, "data", "postmaster.pid")) as f:
                return int(f.readline())
        except (FileNotFoundError, ValueError):
            return None

    def postgres_pids(self):
        """The node's postmaster and every child (cluster_name is in their process titles)."""
        done = subprocess.run(["pgrep", "-f", f"ll-{self.name}"], capture_output=True, text=True)
        pids = {int(p) for p in done.stdout.split()}
        if (pm := self.postmaster_pid()) is not None:
            pids.add(pm)
        return pids

    def crash(self):
        """A machine loss as far as the database sees it: Patroni and the postmaster SIGKILLed
        at the same moment. The orphaned backends notice the postmaster's death and exit."""
        postmaster = self.postmaster_pid()
        for pid in self.patroni_pids():
            _kill(pid)
        if postmaster is not None:
            _kill(postmaster)
        self.proc.wait()

    def patroni_pids(self):
        """Patroni (and runuser, its parent when we are root): both name the config file.
        Patroni starts the postmaster in a session of its own, so no process group holds both."""
        done = subprocess.run(["pgrep", "-f", f"patroni {self.config}"], capture_output=True,
                              text=True)
        return {int(p) for p in done.stdout.split()} | ({self.proc.pid} if self.proc else set())

    def wait_gone(self, timeout=15):
        """Until no process of this node's PostgreSQL is left: the orphaned backends finish what
        they were doing when the postmaster died (a restart also needs their shared memory)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            alive = [p for p in self.postgres_pids() if _alive(p)]
            if not alive:
                return
            time.sleep(0.1)
        for p in self.postgres_pids():
            _kill(p)

    def stop(self):
        for pid in self.patroni_pids() | self.postgres_pids():
            _kill(pid)
        if self.proc is not None:
            self.proc.wait()

    def rest(self, path):
        """Patroni's REST API: (status, JSON or None)."""
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.rest_port}{path}",
                                        timeout=2) as r:
                return r.status, json.loads(r.read() or b"null")
        except urllib.error.HTTPError as e:
            return e.code, None
        except (OSError, ValueError):
            return None, None


def _alive(pid):
    """Running (a zombie no init reaps here counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, IndexError, ProcessLookupError):
        return False


def _kill(pid):
    try:
        os.kill(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


class PatroniCluster:
    """etcd + three Patroni nodes. `url` is the services' DATABASE_URL: every node in a libpq
    multi-host list with target_session_attrs=read-write, so a connection always lands on the
    leader, whichever node that is."""

    def __init__(self, harness):
        self.h = harness
        self.dir = os.path.join(harness.work, "patroni")
        os.makedirs(self.dir)
        os.chmod(self.dir, 0o755)
        self.etcd_port, self.etcd_peer_port = H.free_port(), H.free_port()
        self.etcd = None
        self.nodes = []
        harness.on_cleanup(self.stop)

    def start(self):
        self.h.step("etcd")
        etcd_dir = os.path.join(self.dir, "etcd")
        log = open(os.path.join(self.dir, "etcd.log"), "ab")
        self.etcd = subprocess.Popen(
            ["etcd", "--name", "e2e", "--data-dir", etcd_dir,
             "--listen-client-urls", f"http://127.0.0.1:{self.etcd_port}",
             "--advertise-client-urls", f"http://127.0.0.1:{self.etcd_port}",
             "--listen-peer-urls", f"http://127.0.0.1:{self.etcd_peer_port}",
             "--initial-advertise-peer-urls", f"http://127.0.0.1:{self.etcd_peer_port}",
             "--initial-cluster", f"e2e=http://127.0.0.1:{self.etcd_peer_port}",
             "--enable-v2=false"],
            stdout=log, stderr=log, stdin=subprocess.DEVNULL, start_new_session=True,
        )
        log.close()
        self._wait(lambda: self._etcd_healthy(), 15, "etcd did not become healthy")
        self.h.step("Patroni: three nodes")
        self.nodes = [Node(self, name) for name in NODES]
        self.nodes[0].start()
        self._wait(lambda: self.leader() is not None, 60, "no leader bootstrapped")
        for node in self.nodes[1:]:
            node.start()
        self.wait_healthy(90)
        leader = self.leader()
        self.sql(leader, "CREATE ROLE langlearn LOGIN")
        self.sql(leader, "CREATE DATABASE langlearn OWNER langlearn")
        return self

    @property
    def url(self):
        hosts = ",".join(f"127.0.0.1:{n.pg_port}" for n in self.nodes)
        return (f"postgresql://langlearn@{hosts}/langlearn"
                "?target_session_attrs=read-write&connect_timeout=2")

    def _etcd_healthy(self):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.etcd_port}/health",
                                        timeout=1) as r:
                return json.loads(r.read()).get("health") == "true"
        except (OSError, ValueError):
            return False

    def _wait(self, condition, timeout, message):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if condition():
                return
            time.sleep(0.2)
        raise H.Failure(f"{message} within {timeout} s; {self.describe()}")

    def members(self):
        """Patroni's view ({name: {role, state, lag, ...}}) from any node that answers."""
        for node in self.nodes:
            if node.proc is None or node.proc.poll() is not None:
                continue
            status, body = node.rest("/cluster")
            if status == 200 and body:
                return {m["name"]: m for m in body.get("members", [])}
        return {}

    def describe(self):
        return "; ".join(f"{n}: {m.get('role')} {m.get('state')} lag={m.get('lag')}"
                         for n, m in sorted(self.members().items())) or "no member answers"

    def leader(self):
        """The node that is leader and running, or None."""
        for name, m in self.members().items():
            if m.get("role") == "leader" and m.get("state") == "running":
                return self.node(name)
        return None

    def node(self, name):
        return next(n for n in self.nodes if n.name == name)

    def wait_healthy(self, timeout, leader_not=None):
        """A running leader (other than `leader_not`), a synchronous standby and every other
        node streaming as a replica."""

        def healthy():
            m = self.members()
            roles = sorted(x.get("role") for x in m.values())
            streaming = all(x.get("state") in ("running", "streaming") for x in m.values())
            leader = self.leader()
            return (len(m) == len(self.nodes) and streaming and leader is not None
                    and leader is not leader_not
                    and roles == ["leader", "replica", "sync_standby"])

        self._wait(healthy, timeout, "cluster not healthy (leader, sync standby, replica)")

    def sql(self, node, query):
        out = subprocess.run(
            _as_postgres(["psql", "-X", "-At", "-h", "127.0.0.1", "-p", str(node.pg_port),
                          "-U", "postgres", "-d", "postgres", "-c", query]),
            capture_output=True, text=True)
        H.check(out.returncode == 0, f"psql on {node.name}: {out.stderr.strip()}")
        return out.stdout.strip()

    def switchover(self, candidate):
        """A planned switchover with patronictl (as an operator runs it)."""
        leader = self.leader()
        done = subprocess.run(
            _as_postgres(["patronictl", "-c", leader.config, "switchover", "--leader",
                          leader.name, "--candidate", candidate.name, "--force"]),
            capture_output=True, text=True, timeout=60)
        H.check(done.returncode == 0,
                f"patronictl switchover: {done.stdout.strip()} {done.stderr.strip()}")

    def stop(self):
        for node in self.nodes:
            node.stop()
        if self.etcd is not None and self.etcd.poll() is None:
            os.killpg(self.etcd.pid, signal.SIGKILL)
            self.etcd.wait()
