#!/usr/bin/env python3
"""Prometheus scrapes both services (ctest prometheus_scrape, docs/observability.md).

learner-api and authoring-api on one SQLite file (migrated, demo seed), Debian's `prometheus`
on 127.0.0.1 with a generated config that scrapes both every second and loads
deploy/prometheus/alerts.yml. A learner registers and books one answer. Holds when, through
Prometheus' HTTP API: both targets are `up == 1`; `sum(langlearn_bookings_total)` reaches 1;
the recording rules give the memory limit of each process (its cgroup limit, or the default
of alerts.yml); and every query of deploy/grafana/langlearn.json evaluates without an error.
Then it writes the metric names both services export after the booking to NAMES_FILE, which
ctest grafana_dashboard (check_names.py) compares with every query and rule expression.

usage: prometheus_scrape.py BUILD_DIR SOURCE_DIR NAMES_FILE
"""
import json
import os
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "e2e"))
import harness as H  # noqa: E402

import dashboard_queries  # noqa: E402

NAMES_FILE = sys.argv[3] if len(sys.argv) > 3 else None
# The default limits of instance:langlearn_memory_limit_bytes (alerts.yml) without a cgroup one.
DEFAULT_LIMITS = {"learner-api": 268435456, "authoring-api": 536870912}
# Generous bounds for a busy 2-core machine (scraped every second; the time until the booking
# is seen is measured and reported): Prometheus ready and its first scrape of both targets, then
# a new sample or a rule's result. The alarm covers the services' start, the three waits and
# the work between them.
TARGETS_UP_S = 60
SCRAPED_S = 30
BUDGET_S = H.SERVICE_READY_S + TARGETS_UP_S + 2 * SCRAPED_S + 60


class Prometheus:
    """Debian's prometheus on a free loopback port, its data in the work folder."""

    def __init__(self, h, targets):
        self.h, self.port = h, H.free_port()
        folder = os.path.join(h.work, "prometheus")
        os.makedirs(folder)
        shutil.copy(os.path.join(h.source, "deploy/prometheus/alerts.yml"), folder)
        config = {
            "global": {"scrape_interval": "1s", "evaluation_interval": "1s"},
            "rule_files": ["alerts.yml"],
            "scrape_configs": [
                {"job_name": job, "metrics_path": "/metrics",
                 "static_configs": [{"targets": [address]}]}
                for job, address in targets.items()
            ],
        }
        self.config = os.path.join(folder, "prometheus.yml")
        with open(self.config, "w") as f:
            json.dump(config, f)  # JSON is YAML
        binary = shutil.which("prometheus")
        H.check(binary is not None, "prometheus missing: run scripts/deps.sh")
        log = open(os.path.join(h.work, "prometheus.log"), "ab")
        self.proc = subprocess.Popen(
            [binary, f"--config.file={self.config}", f"--storage.tsdb.path={folder}/data",
             f"--web.listen-address=127.0.0.1:{self.port}", "--log.level=warn"],
            stdout=log, stderr=log, stdin=subprocess.DEVNULL, preexec_fn=H._die_with_parent)
        log.close()
        h.on_cleanup(self.stop)

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def query(self, expr):
        """The result list of an instant query; raises Failure on an error answer."""
        url = f"http://127.0.0.1:{self.port}/api/v1/query?" + urllib.parse.urlencode(
            {"query": expr})
        try:
            with urllib.request.urlopen(url, timeout=5) as answer:
                body = json.load(answer)
        except urllib.error.HTTPError as e:
            raise H.Failure(f"query {expr!r}: {e.code} {e.read()[:300]!r}") from None
        H.check(body.get("status") == "success", f"query {expr!r}: {body}")
        return body["data"]["result"]

    def ready(self):
        """GET /-/ready: 200 once Prometheus serves queries. It listens before that and answers
        503 meanwhile, queries too (seen under make test's load)."""
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/-/ready", timeout=5) as r:
                return r.status == 200
        except urllib.error.HTTPError:
            return False

    def wait_for(self, what, condition, timeout):
        """Polls condition() (True, or a falsy value to go on) until it holds."""
        deadline = time.monotonic() + timeout
        while True:
            H.check(self.proc.poll() is None, "prometheus exited, see prometheus.log")
            try:
                if condition():
                    return
            except (urllib.error.URLError, ConnectionError):
                pass  # not listening yet
            H.check(time.monotonic() < deadline, f"{what} not seen within {timeout:.0f} s")
            time.sleep(0.25)


def values_by(result, label):
    return {r["metric"].get(label): float(r["value"][1]) for r in result}


def exported_names(service):
    """Metric names in a live /metrics answer (samples, not comment lines)."""
    answer = H.Client(service.port, timeout=5).call("GET", "/metrics")
    H.check(answer.status == 200, f"{service.name} /metrics: {answer.status}")
    names, helped, typed = set(), set(), set()
    for line in answer.body.decode().splitlines():
        if line.startswith("# HELP "):
            helped.add(line.split(" ")[2])
        elif line.startswith("# TYPE "):
            typed.add(line.split(" ")[2])
        elif line:
            names.add(line.split("{", 1)[0].split(" ", 1)[0])
    # Every family says what it is (HELP) and what kind it is (TYPE).
    H.check(helped == typed, f"{service.name}: HELP and TYPE differ: {helped ^ typed}")
    return names


def scenario(h):
    if NAMES_FILE and os.path.exists(NAMES_FILE):
        os.remove(NAMES_FILE)  # never leave a previous run's names for grafana_dashboard
    url = f"sqlite://{h.work}/langlearn.db"
    h.step("migrate, seed --demo")
    h.prepare_database(url)
    h.step("learner-api, authoring-api")
    learner = H.Learner(h, "learner-api", url).start(wait=False)
    authoring = H.Learner(h, "authoring-api", url, binary=h.authoring_bin).start(wait=False)
    H.wait_all_ready([learner, authoring])
    h.step("prometheus")
    prom = Prometheus(h, {"learner-api": learner.address, "authoring-api": authoring.address})

    h.step("a learner books one answer")
    token, pairs, _, _ = H.new_learner(learner.port)
    booked = H.Client(learner.port).call(
        "POST", "/auth/progress", {"pair_id": pairs[0], "correct": True, "points": 5}, token)
    H.check(booked.status == 200, f"booking: {booked.status} {booked.body[:200]!r}")

    h.step("query prometheus")
    started = time.monotonic()
    prom.wait_for("prometheus ready", prom.ready, TARGETS_UP_S)
    prom.wait_for("both targets up",
                  lambda: values_by(prom.query("up"), "job") == {"learner-api": 1,
                                                                 "authoring-api": 1},
                  TARGETS_UP_S - (time.monotonic() - started))
    prom.wait_for("langlearn_bookings_total >= 1",
                  lambda: any(v >= 1 for v in values_by(
                      prom.query("sum(langlearn_bookings_total)"), None).values()), SCRAPED_S)
    h.figure(booking_seen_after_s=round(time.monotonic() - started, 1))

    # The recording rules ran on the scraped series: each process's memory limit.
    def limits_recorded():
        limits = values_by(prom.query("instance:langlearn_memory_limit_bytes"), "job")
        return set(limits) == set(DEFAULT_LIMITS) and limits
    prom.wait_for("instance:langlearn_memory_limit_bytes", limits_recorded, SCRAPED_S)
    limits = limits_recorded()
    cgroup = values_by(prom.query("langlearn_memory_limit_bytes"), "job")
    for job, default in DEFAULT_LIMITS.items():
        expected = cgroup.get(job, default)
        H.check(limits[job] == expected, f"{job}: memory limit {limits[job]}, expected {expected}")
    rss = values_by(prom.query("process_resident_memory_bytes"), "job")
    H.check(all(rss.get(job, 0) > 1 << 20 for job in DEFAULT_LIMITS), f"resident memory {rss}")
    # The series the alerts and the dashboard need beside the services' own: each process's
    # CPU time and start, and the build it runs (one series per service, version and revision).
    cpu = values_by(prom.query("process_cpu_seconds_total"), "job")
    H.check(all(cpu.get(job, 0) > 0 for job in DEFAULT_LIMITS), f"process_cpu_seconds_total {cpu}")
    start = values_by(prom.query("process_start_time_seconds"), "job")
    H.check(all(abs(start.get(job, 0) - time.time()) < 3600 for job in DEFAULT_LIMITS),
            f"process_start_time_seconds {start}")
    builds = prom.query("langlearn_build_info")
    H.check(sorted(b["metric"]["service"] for b in builds) == ["authoring-api", "learner-api"]
            and all(b["metric"].get("version") and b["metric"].get("revision") for b in builds),
            f"langlearn_build_info {builds}")

    # Every dashboard query is valid PromQL over these series (Grafana's variables replaced).
    dashboard = os.path.join(h.source, "deploy/grafana/langlearn.json")
    queries = dashboard_queries.queries(dashboard)
    for title, expr in queries:
        prom.query(dashboard_queries.substitute(expr, "10s"))
    h.figure(dashboard_queries=len(queries))

    names = exported_names(learner) | exported_names(authoring)
    if NAMES_FILE:
        with open(NAMES_FILE, "w") as f:
            f.write("\n".join(sorted(names)) + "\n")
    h.figure(metric_names=len(names))


if __name__ == "__main__":
    H.main(scenario, budget_seconds=BUDGET_S)
