#!/usr/bin/env python3
"""ctest grafana_dashboard (docs/observability.md): every metric that a query of
deploy/grafana/langlearn.json or an expression of deploy/prometheus/alerts.yml reads is one the
running services export. NAMES_FILE holds the names of a live /metrics of learner-api and
authoring-api after a booking (written by prometheus_scrape.py, this test's fixture). Names
with a colon must be recording rules of alerts.yml. Also the dashboard's shape: a Prometheus
datasource variable that every panel and query uses, unique panel ids.

usage: check_names.py SOURCE_DIR NAMES_FILE
"""
import json
import os
import sys

import dashboard_queries as Q

# Exported only under a condition the test machine may not meet, and tested where it is met.
CONDITIONAL = {
    # Only when the process runs under a cgroup memory limit (a container, a systemd unit);
    # tests/http/process_metrics_test.cpp checks that it is there exactly then.
    "langlearn_memory_limit_bytes",
    # Prometheus' own series for each target.
    "up",
    # The edge's series, exported by the ingress-nginx controller in front of learner-api (the
    # SLO rules' `source: edge`, docs/observability.md "SLOs"), not by the services.
    "nginx_ingress_controller_requests",
    # Pushed by deploy/patroni/backup.sh to a Pushgateway (tests/e2e/restore_drill.py checks it).
    "langlearn_backup_last_success_timestamp_seconds",
    "nginx_ingress_controller_response_duration_seconds_bucket",
    "nginx_ingress_controller_response_duration_seconds_count",
}


def self_test():
    """The name extraction finds the names and only them (else this test could not fail)."""
    cases = {
        'sum by (job) (rate(a_total{route!~"/x|/y", s=~"5.."}[5m])) / on (job) b > 1e9':
            {"a_total", "b"},
        'histogram_quantile(0.99, sum by (le) (rate(c_bucket{job=~"$job"}[$__rate_interval])))':
            {"c_bucket"},
        "x:y:z or (d * 0 + 536870912) unless ignoring(pool) e offset 5m": {"x:y:z", "d", "e"},
        'clamp_min(f{p="w"} - ignoring(p) g, 0) and bool h': {"f", "g", "h"},
    }
    for expr, expected in cases.items():
        got = Q.metric_names(expr)
        assert got == expected, f"metric_names({expr!r}) = {got}, expected {expected}"


def check_dashboard_shape(dashboard_path, problems):
    with open(dashboard_path) as f:
        dashboard = json.load(f)
    variables = {v["name"]: v for v in dashboard["templating"]["list"]}
    source = variables.get("datasource", {})
    if source.get("type") != "datasource" or source.get("query") != "prometheus":
        problems.append("no Prometheus datasource variable named datasource")
    ids = [p["id"] for p in dashboard["panels"]]
    if len(ids) != len(set(ids)):
        problems.append(f"panel ids repeat: {ids}")
    uses = [(p["title"], p.get("datasource")) for p in dashboard["panels"] if p["type"] != "row"]
    uses += [(p["title"] + " " + t["refId"], t.get("datasource")) for p in dashboard["panels"]
             for t in p.get("targets", [])]
    uses += [("variable " + v["name"], v.get("datasource")) for v in variables.values()
             if v["type"] == "query"]
    for where, ds in uses:
        if not ds or ds.get("uid") != "${datasource}":
            problems.append(f"{where}: datasource {ds}, not the ${{datasource}} variable")


def main():
    source, names_file = sys.argv[1], sys.argv[2]
    self_test()
    with open(names_file) as f:
        exported = {line.strip() for line in f if line.strip()}
    dashboard = os.path.join(source, "deploy/grafana/langlearn.json")
    rules, recorded = Q.rule_expressions(os.path.join(source, "deploy/prometheus/alerts.yml"))
    problems = []
    check_dashboard_shape(dashboard, problems)
    expressions = Q.queries(dashboard) + rules
    for where, expr in expressions:
        names = Q.metric_names(expr)
        if not names:
            problems.append(f"{where}: no metric found in {expr!r}")
        for name in sorted(names):
            if ":" in name:
                if name not in recorded:
                    problems.append(f"{where}: {name} is no recording rule of alerts.yml")
            elif name not in exported and name not in CONDITIONAL:
                problems.append(f"{where}: {name} is not exported by the services")
    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"grafana_dashboard: {len(expressions)} expressions, {len(exported)} exported names, "
          f"{len(problems)} problems")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
