#!/usr/bin/env bash
# ctest prometheus_rules: deploy/prometheus/ as Prometheus itself reads it. promtool (Debian's
# prometheus package) checks the scrape config (and the rule files it names), the rules'
# syntax, and runs the rules' unit tests (alerts.test.yml); any failure fails the test.
set -euo pipefail
cd "${1:?usage: check_rules.sh SOURCE_DIR}/deploy/prometheus"
command -v promtool >/dev/null || { echo "promtool missing: run scripts/deps.sh" >&2; exit 1; }
promtool check config prometheus.yml
promtool check rules alerts.yml
promtool test rules alerts.test.yml
