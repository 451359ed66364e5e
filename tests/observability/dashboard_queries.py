"""The PromQL of deploy/grafana/langlearn.json and deploy/prometheus/alerts.yml, and the metric
names each expression reads (prometheus_scrape.py, check_names.py). Standard library only."""
import json
import re

# Words of PromQL that look like metric names: operators, modifiers, literals.
KEYWORDS = {"and", "or", "unless", "by", "without", "on", "ignoring", "group_left",
            "group_right", "offset", "bool", "inf", "nan", "atan2"}
GRAFANA_VARIABLES = {"job": ".*", "instance": ".*"}
LABEL_VALUES = re.compile(r"^\s*label_values\((.*),\s*[A-Za-z_][A-Za-z0-9_]*\s*\)\s*$")


def queries(dashboard_path):
    """(where, expr) for every panel target and every query variable; label_values(SELECTOR,
    LABEL) gives its SELECTOR."""
    with open(dashboard_path) as f:
        dashboard = json.load(f)
    found = []

    def panels(items):
        for panel in items:
            yield panel
            yield from panels(panel.get("panels", []))

    for panel in panels(dashboard.get("panels", [])):
        for target in panel.get("targets", []):
            found.append((f"panel {panel['title']!r} {target['refId']}", target["expr"]))
    for variable in dashboard.get("templating", {}).get("list", []):
        if variable.get("type") == "query":
            query = variable["query"]
            text = query["query"] if isinstance(query, dict) else query
            match = LABEL_VALUES.match(text)
            found.append((f"variable {variable['name']}", match.group(1) if match else text))
    return found


def substitute(expr, rate_interval):
    """The expression as Grafana sends it: variables replaced by their "All" value."""
    expr = expr.replace("$__rate_interval", rate_interval)
    for name, value in GRAFANA_VARIABLES.items():
        expr = expr.replace("$" + name, value)
    return expr


def metric_names(expr):
    """Metric names an expression selects (recording rule names included), without functions,
    label names, keywords, numbers and durations."""
    text = re.sub(r'"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\'|`[^`]*`', '""', expr)  # strings
    text = re.sub(r"\{[^}]*\}", " ", text)  # label matchers
    text = re.sub(r"\[[^\]]*\]", " ", text)  # ranges and subqueries
    text = re.sub(r"\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)", " ", text)
    names = set()
    for match in re.finditer(r"[A-Za-z_:][A-Za-z0-9_:]*", text):
        before = text[match.start() - 1] if match.start() > 0 else " "
        if before.isdigit() or before in ".$":  # 1e9, 5m, 0.5, Grafana variables
            continue
        if text[match.end():].lstrip().startswith("("):  # a function or aggregation
            continue
        if match.group(0).lower() not in KEYWORDS:
            names.add(match.group(0))
    return names


def rule_expressions(rules_path):
    """(where, expr) of every rule, and the names the recording rules define."""
    import yaml  # python3-yaml (scripts/deps.sh)

    with open(rules_path) as f:
        rules = yaml.safe_load(f)
    found, recorded = [], set()
    for group in rules["groups"]:
        for rule in group["rules"]:
            name = rule.get("alert") or rule.get("record")
            found.append((f"rule {name}", rule["expr"]))
            if "record" in rule:
                recorded.add(rule["record"])
    return found, recorded
