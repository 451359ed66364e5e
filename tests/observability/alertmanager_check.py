#!/usr/bin/env python3
"""ctest alertmanager_routing (docs/observability.md "Paging"): deploy/prometheus/alertmanager.yml
in Debian's real Alertmanager. amtool checks the file and where each severity goes; then an
Alertmanager on a free loopback port (no cluster, a scratch storage folder) is sent the alerts
of a database outage seen by both services, with the 5xx alerts it causes:

- the outage is one notification group (alert name and deployment), not one per service;
- the 5xx and budget alerts of the same service and deployment are inhibited (suppressed) while
  it lasts, those of another deployment are not, and neither is the edge's own budget alert.

usage: alertmanager_check.py SOURCE_DIR
"""
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

CONFIG = "deploy/prometheus/alertmanager.yml"


def fail(message):
    print(f"alertmanager_check: {message}", file=sys.stderr)
    sys.exit(1)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def amtool(*args):
    return subprocess.run(["amtool", *args], check=True, capture_output=True, text=True,
                          timeout=30).stdout


def call(port, method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, method=method,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=5) as answer:
        text = answer.read()
        return json.loads(text) if answer.headers.get_content_type() == "application/json" \
            else text


def alert(name, severity, **labels):
    return {"labels": {"alertname": name, "severity": severity, **labels},
            "annotations": {"summary": name}}


def main():
    source = sys.argv[1]
    config = os.path.join(source, CONFIG)
    amtool("check-config", config)
    routes = {"critical": "pager", "warning": "tickets"}
    for severity, receiver in routes.items():
        got = amtool("config", "routes", "test", f"--config.file={config}",
                     f"severity={severity}", "alertname=X").strip().splitlines()[-1]
        if got != receiver:
            fail(f"severity={severity} goes to {got!r}, not {receiver!r}")

    port, cluster = free_port(), free_port()
    with tempfile.TemporaryDirectory(prefix="ll-alertmanager-") as storage:
        process = subprocess.Popen(
            ["prometheus-alertmanager", f"--config.file={config}",
             f"--storage.path={storage}", f"--web.listen-address=127.0.0.1:{port}",
             f"--cluster.listen-address=", "--log.level=warn"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            deadline = time.monotonic() + 60  # a generous bound on a busy machine
            while True:
                try:
                    call(port, "GET", "/-/ready")
                    break
                except OSError:
                    if process.poll() is not None or time.monotonic() > deadline:
                        fail(f"alertmanager did not start: {process.stderr.read()[:500]!r}")
                    time.sleep(0.2)
            call(port, "POST", "/api/v2/alerts", [
                alert("LanglearnDatabaseUnavailable", "critical", job="learner-api",
                      deployment="langlearn"),
                alert("LanglearnDatabaseUnavailable", "critical", job="authoring-api",
                      deployment="langlearn"),
                alert("LanglearnHighErrorRatio", "critical", job="learner-api",
                      deployment="langlearn"),
                alert("LanglearnErrorBudgetBurnFast", "critical", source="service",
                      slo="availability", job="learner-api", deployment="langlearn"),
                alert("LanglearnErrorBudgetBurnSlow", "critical", source="edge",
                      slo="availability", job="learner-api", deployment="langlearn"),
                alert("LanglearnHighErrorRatio", "critical", job="authoring-api",
                      deployment="langlearn"),
                alert("LanglearnHighErrorRatio", "critical", job="learner-api",
                      deployment="other"),
            ])
            # Inhibitions are computed as alerts arrive; give the API a moment to show them.
            deadline = time.monotonic() + 30
            while True:
                alerts = call(port, "GET", "/api/v2/alerts")
                state = {(a["labels"]["alertname"], a["labels"].get("job", ""),
                          a["labels"].get("source", ""), a["labels"]["deployment"]):
                         a["status"]["state"] for a in alerts}
                expected = {
                    ("LanglearnDatabaseUnavailable", "learner-api", "", "langlearn"): "active",
                    ("LanglearnDatabaseUnavailable", "authoring-api", "", "langlearn"): "active",
                    ("LanglearnHighErrorRatio", "learner-api", "", "langlearn"): "suppressed",
                    ("LanglearnErrorBudgetBurnFast", "learner-api", "service", "langlearn"):
                        "suppressed",
                    # The edge's own burn pages whatever the services say.
                    ("LanglearnErrorBudgetBurnSlow", "learner-api", "edge", "langlearn"): "active",
                    ("LanglearnHighErrorRatio", "authoring-api", "", "langlearn"): "suppressed",
                    ("LanglearnHighErrorRatio", "learner-api", "", "other"): "active",
                }
                if state == expected:
                    break
                if time.monotonic() > deadline:
                    fail(f"alert states {state}, expected {expected}")
                time.sleep(0.5)
            groups = call(port, "GET", "/api/v2/alerts/groups")
            outage = [g for g in groups
                      if g["labels"].get("alertname") == "LanglearnDatabaseUnavailable"]
            if len(outage) != 1 or len(outage[0]["alerts"]) != 2:
                fail(f"the outage is not one group of two alerts: {outage}")
            if outage[0]["receiver"]["name"] != "pager":
                fail(f"the outage goes to {outage[0]['receiver']}")
            print(f"alertmanager_check: {len(alerts)} alerts, {len(groups)} groups, "
                  "outage one page, its symptoms inhibited")
        finally:
            process.terminate()
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()


if __name__ == "__main__":
    main()
