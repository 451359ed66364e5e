"""High availability: the compose profile `ha` (etcd, three Patroni nodes, the services on the
multi-host DATABASE_URL), deploy/patroni/ and the CloudNativePG manifest deploy/k8s/ha/."""
import copy
import os
import re
import shutil
import socket
import subprocess
import tempfile
import urllib.parse

import yaml

from common import admin_sessions, process_sessions
from compose import env_map, volume_mounts
from docker import apt_packages, dockerfile_stages
from k8s import k8s_sessions

PROFILE = "ha"
PATRONI_YML = "patroni/patroni.yml"
CNPG = "k8s/ha/postgres-cluster.yaml"
CNPG_BACKUP = "k8s/ha/backup.yaml"
CNPG_RESTORE = "k8s/ha/restore.yaml"
BARMAN_PLUGIN = "barman-cloud.cloudnative-pg.io"
LANGLEARN = ("migrate", "learner-api", "authoring-api")
# What a *-ha service may set apart from its default namesake; everything else is inherited.
HA_OWN = {"profiles", "depends_on", "networks"}
# The environment variables Patroni reads over its YAML file, and where each goes.
PATRONI_ENV = {
    "PATRONI_NAME": ("name",),
    "PATRONI_SCOPE": ("scope",),
    "PATRONI_RESTAPI_LISTEN": ("restapi", "listen"),
    "PATRONI_RESTAPI_CONNECT_ADDRESS": ("restapi", "connect_address"),
    "PATRONI_POSTGRESQL_LISTEN": ("postgresql", "listen"),
    "PATRONI_POSTGRESQL_CONNECT_ADDRESS": ("postgresql", "connect_address"),
    "PATRONI_POSTGRESQL_DATA_DIR": ("postgresql", "data_dir"),
    "PATRONI_ETCD3_HOSTS": ("etcd3", "hosts"),
}
PATRONI_OWN_SESSIONS = 3  # Patroni's own connection, pg_rewind/basebackup, a patronictl query
CNPG_OWN_SESSIONS = 3  # the instance manager's status and metrics queries, a backup
RESERVED_SESSIONS = 3  # superuser_reserved_connections


def in_profile(service):
    return PROFILE in ((service or {}).get("profiles") or [])


def dig(node, *keys):
    for key in keys:
        node = node.get(key) if isinstance(node, dict) else None
    return node


def host_port(address):
    host, _, port = str(address or "").rpartition(":")
    return host, port


def node_config(base, env):
    """A node's effective Patroni configuration: the YAML file with its environment over it."""
    config = copy.deepcopy(base)
    for var, path in PATRONI_ENV.items():
        if var in env:
            parent = config
            for key in path[:-1]:
                parent = parent.setdefault(key, {})
            parent[path[-1]] = env[var]
    return config


def database_url_parts(url):
    """(hosts, query parameters) of a libpq URI, multi-host lists included."""
    m = re.fullmatch(r"postgres(?:ql)?://(?:[^@/]*@)?([^/?]*)(?:/[^?]*)?(?:\?(.*))?", url or "")
    if not m:
        return None, {}
    hosts = [h for h in m.group(1).split(",") if h]
    hosts = [h if ":" in h else h + ":5432" for h in hosts]
    return hosts, urllib.parse.parse_qs(m.group(2) or "")


def networks_of(service):
    nets = service.get("networks") or []
    return set(nets) if isinstance(nets, (list, dict)) else set()


def network_aliases(service):
    nets = service.get("networks")
    if not isinstance(nets, dict):
        return set()
    return {a for net in nets.values() if isinstance(net, dict) for a in net.get("aliases") or []}


def condition(service, dep):
    deps = service.get("depends_on") or {}
    if isinstance(deps, list):
        return "service_started" if dep in deps else None
    return (deps.get(dep) or {}).get("condition") if dep in deps else None


def check_ha(d, problems):
    services = (d.compose or {}).get("services") or {}
    if not isinstance(services, dict) or not any(in_profile(s) for s in services.values()):
        problems.add("deploy/compose.yaml", "no profile ha (etcd and three Patroni nodes)")
    else:
        config = check_patroni_file(d, services, problems)
        nodes = check_nodes(d, services, config, problems)
        check_ha_services(services, nodes, config, problems)
        check_patroni_image(d, problems)
    check_cnpg(d, problems)


def check_patroni_file(d, services, problems):
    where = f"deploy/{PATRONI_YML}"
    config = (d.yaml_docs.get(PATRONI_YML) or [None])[0]
    if not isinstance(config, dict):
        problems.add(where, "missing or not a YAML mapping")
        return {}
    dcs = dig(config, "bootstrap", "dcs") or {}
    if dcs.get("synchronous_mode") is not True:
        problems.add(where, "bootstrap.dcs.synchronous_mode must be true (an acknowledged booking "
                     "is on two nodes)")
    if dig(dcs, "postgresql", "use_pg_rewind") is not True:
        problems.add(where, "bootstrap.dcs.postgresql.use_pg_rewind must be true (an old leader "
                     "rejoins without a full copy)")
    params = dig(dcs, "postgresql", "parameters") or {}
    if str(params.get("archive_mode")) not in ("on", "True", "always") or \
            "pgbackrest" not in str(params.get("archive_command")) or \
            "archive-push" not in str(params.get("archive_command")):
        problems.add(where, "WAL is not archived to pgBackRest (bootstrap.dcs.postgresql.parameters "
                     "archive_mode on, archive_command pgbackrest ... archive-push): no "
                     "point-in-time recovery")
    auth = dig(config, "restapi", "authentication") or {}
    if not auth.get("username") or not auth.get("password"):
        problems.add(where, "no restapi.authentication: anyone who reaches port 8008 could "
                     "switch over, restart or reinitialize a node")
    if "PATRONI_RESTAPI_PASSWORD" not in (d.text.get("patroni/entrypoint.sh") or ""):
        problems.add("deploy/patroni/entrypoint.sh", "does not require PATRONI_RESTAPI_PASSWORD")
    if not dig(config, "bootstrap", "post_bootstrap"):
        problems.add(where, "no bootstrap.post_bootstrap: nothing creates the services' role")
    etcd = config.get("etcd3")
    if not isinstance(etcd, dict) or not etcd.get("hosts"):
        problems.add(where, "no etcd3.hosts (the cluster's state lives in etcd, API v3)")
        return config
    hosts = etcd["hosts"]
    for address in (hosts.split(",") if isinstance(hosts, str) else hosts):
        host, port = host_port(address.strip())
        etcd_service = services.get(host)
        if not etcd_service or not in_profile(etcd_service):
            problems.add(where, f"etcd3 host {address.strip()}: no service {host} in the profile ha")
        elif not re.search(rf"--listen-client-urls \S*:{port}\b",
                           " ".join(map(str, etcd_service.get("command") or []))):
            problems.add(where, f"etcd3 host {address.strip()}: service {host} does not listen "
                         f"for clients on {port}")
    return config


def check_nodes(d, services, config, problems):
    """The Patroni nodes: {service name: effective configuration}."""
    where = "deploy/compose.yaml"
    nodes = {name: node_config(config, env_map(s)) for name, s in services.items()
             if "PATRONI_NAME" in env_map(s)}
    if len(nodes) != 3:
        problems.add(where, f"profile ha has {len(nodes)} Patroni node(s), three expected "
                     "(a leader and two replicas, one of them synchronous)")
    etcd_hosts = {host_port(h.strip())[0] for h in str(dig(config, "etcd3", "hosts") or "").split(",")}
    seen = {}
    for name, cfg in nodes.items():
        s = services[name]
        nw = f"{where} {name}"
        if not in_profile(s):
            problems.add(nw, "a Patroni node outside the profile ha")
        for field, value in (("name", cfg.get("name")),
                             ("restapi.connect_address", dig(cfg, "restapi", "connect_address")),
                             ("postgresql.connect_address", dig(cfg, "postgresql", "connect_address"))):
            if value in seen.setdefault(field, {}):
                problems.add(nw, f"{field} {value} is not distinct (also {seen[field][value]})")
            seen[field][value] = name
        for section in ("restapi", "postgresql"):
            host, port = host_port(dig(cfg, section, "connect_address"))
            if host != name:
                problems.add(nw, f"{section}.connect_address {dig(cfg, section, 'connect_address')}"
                             f" must name the service itself ({name}), which the others resolve")
            if port != host_port(dig(cfg, section, "listen"))[1]:
                problems.add(nw, f"{section}.connect_address port {port} is not the port it "
                             f"listens on ({dig(cfg, section, 'listen')})")
        rest_port = host_port(dig(cfg, "restapi", "listen"))[1]
        test = " ".join(map(str, (s.get("healthcheck") or {}).get("test") or []))
        if not re.search(rf":{rest_port}/(health|leader|liveness|readiness)\b", test):
            problems.add(nw, f"health check must GET Patroni's /health or /leader on {rest_port}")
        for host in etcd_hosts:
            if host in services and not networks_of(s) & networks_of(services[host]):
                problems.add(nw, f"shares no network with {host}: etcd not reachable by name")
            if host in services and condition(s, host) != "service_healthy":
                problems.add(nw, f"must depend on {host}: service_healthy")
        data_dir = str(dig(cfg, "postgresql", "data_dir") or "")
        mounts = [m for m in volume_mounts(s) if m["type"] == "volume" and
                  data_dir.startswith(m["target"].rstrip("/") + "/")]
        if not mounts:
            problems.add(nw, f"no volume holds the data directory {data_dir}")
        elif mounts[0]["source"] in seen.setdefault("volume", {}):
            problems.add(nw, f"shares the volume {mounts[0]['source']} with "
                         f"{seen['volume'][mounts[0]['source']]}")
        else:
            seen["volume"][mounts[0]["source"]] = name
        # pgBackRest's repository (pgbackrest.conf repo1-path): one volume that every node
        # mounts, so whichever leads archives and backs up into the same repository.
        repo = [m["source"] for m in volume_mounts(s) if m["type"] == "volume" and
                m["target"].rstrip("/") == "/var/lib/pgbackrest"]
        if not repo:
            problems.add(nw, "no volume at /var/lib/pgbackrest (pgBackRest's repository)")
        elif repo[0] != seen.setdefault("repo", repo[0]):
            problems.add(nw, f"pgBackRest repository volume {repo[0]}, not {seen['repo']} like "
                         "the other nodes")
    validate_with_patroni(nodes, problems)
    return nodes


def check_ha_services(services, nodes, config, problems):
    where = "deploy/compose.yaml"
    node_addresses = {dig(cfg, "postgresql", "connect_address") for cfg in nodes.values()}
    sessions = admin_sessions(env_map(services.get("migrate-ha") or {}))
    for base in LANGLEARN + ("nginx",):
        name = f"{base}-ha"
        s, default = services.get(name), services.get(base)
        nw = f"{where} {name}"
        if not s or not in_profile(s):
            problems.add(where, f"no service {name} in the profile ha")
            continue
        for key in sorted(set(s) | set(default or {})):
            if key in HA_OWN or key == "environment":
                continue
            if s.get(key) != (default or {}).get(key):
                problems.add(nw, f"differs from {base} in {key}: only DATABASE_URL, profiles, "
                             "depends_on and networks may")
        env, default_env = env_map(s), env_map(default or {})
        for var in sorted((set(env) | set(default_env)) - {"DATABASE_URL"}):
            if env.get(var) != default_env.get(var):
                problems.add(nw, f"differs from {base} in environment.{var}")
        if base == "nginx":
            if condition(s, "learner-api-ha") != "service_healthy":
                problems.add(nw, "must depend on learner-api-ha: service_healthy")
            continue
        hosts, params = database_url_parts(env.get("DATABASE_URL"))
        if hosts is None:
            problems.add(nw, "DATABASE_URL is not a postgresql:// URI")
            continue
        for address in sorted(node_addresses - set(hosts)):
            problems.add(nw, f"DATABASE_URL does not list the node {address}")
        for address in sorted(set(hosts) - node_addresses):
            problems.add(nw, f"DATABASE_URL lists {address}, which is no Patroni node")
        if params.get("target_session_attrs") != ["read-write"]:
            problems.add(nw, "DATABASE_URL lacks target_session_attrs=read-write (libpq would "
                         "stay on a replica)")
        if not networks_of(s) & set().union(*(networks_of(services[n]) for n in nodes)):
            problems.add(nw, "shares no network with the Patroni nodes")
        if base == "migrate":
            for node in sorted(nodes):
                if condition(s, node) != "service_healthy":
                    problems.add(nw, f"must depend on {node}: service_healthy")
        else:
            if condition(s, "migrate-ha") != "service_completed_successfully":
                problems.add(nw, "must depend on migrate-ha: service_completed_successfully")
            if base not in network_aliases(s):
                problems.add(nw, f"needs the network alias {base} (nginx/upstreams.conf sends there)")
            replicas = (s.get("deploy") or {}).get("replicas", 1)
            sessions += replicas * process_sessions(env)
    max_conn = int(dig(config, "bootstrap", "dcs", "postgresql", "parameters", "max_connections")
                   or 100)
    needed = sessions + PATRONI_OWN_SESSIONS + RESERVED_SESSIONS
    if needed > max_conn:
        problems.add(f"deploy/{PATRONI_YML}", f"max_connections {max_conn} below the {needed} "
                     "sessions of the profile ha (services, Patroni, reserved)")


def check_patroni_image(d, problems):
    where = "deploy/patroni/Dockerfile"
    stages = dockerfile_stages(d.text.get("patroni/Dockerfile"))
    if not stages or not stages[-1][0].startswith("debian:12"):
        problems.add(where, "FROM debian:12-slim expected (Debian's patroni and postgresql-15)")
        return
    final = stages[-1][2]
    installed = apt_packages(final)
    for needed in ("patroni", "postgresql-15", "python3-etcd", "etcd-server", "curl"):
        if needed not in installed:
            problems.add(where, f"does not install {needed}")
    users = [a for i, a in final if i == "USER"]
    if not users or users[-1].split(":")[0] in ("root", "0"):
        problems.add(where, "the final USER is root (Patroni and PostgreSQL run as postgres)")
    for i, a in final:
        if i == "COPY":
            for src in a.split()[:-1]:
                if not os.path.exists(os.path.join(d.root, src)):
                    problems.add(where, f"COPY {src}: no such file in deploy/")


_validated = {}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def validate_with_patroni(nodes, problems):
    """Debian's `patroni --validate-config` on each node's effective configuration. It connects
    to the etcd hosts and binds the listen ports, so those three point at this machine (a socket
    that listens, free ports); the rest is validated as the node would read it."""
    patroni = shutil.which("patroni") or ("/usr/bin/patroni" if os.path.exists("/usr/bin/patroni")
                                          else None)
    if not nodes:
        return
    if not patroni:
        problems.add("patroni", "Debian's patroni is not installed (run scripts/deps.sh)")
        return
    with socket.socket() as etcd, tempfile.TemporaryDirectory() as tmp:
        etcd.bind(("127.0.0.1", 0))
        etcd.listen()
        for name, cfg in sorted(nodes.items()):
            local = copy.deepcopy(cfg)
            local.setdefault("etcd3", {})["hosts"] = f"127.0.0.1:{etcd.getsockname()[1]}"
            text = yaml.safe_dump(cfg, sort_keys=True)
            if text not in _validated:
                local.setdefault("restapi", {})["listen"] = f"127.0.0.1:{free_port()}"
                local.setdefault("postgresql", {})["listen"] = f"127.0.0.1:{free_port()}"
                path = os.path.join(tmp, f"{name}.yml")
                with open(path, "w", encoding="utf-8") as f:
                    yaml.safe_dump(local, f)
                run = subprocess.run([patroni, "--validate-config", path], capture_output=True,
                                     text=True, env={"PATH": os.environ.get("PATH", "/usr/bin")},
                                     timeout=60)
                _validated[text] = [] if run.returncode == 0 else \
                    [line for line in (run.stderr + run.stdout).splitlines() if line.strip()] or \
                    [f"exit status {run.returncode}"]
            for line in _validated[text]:
                problems.add(f"patroni --validate-config ({name})", line.strip())


def check_cnpg_backups(d, name, spec, problems):
    """The Cluster archives its WAL through the Barman Cloud plugin into an ObjectStore of
    backup.yaml, a ScheduledBackup backs it up, and restore.yaml bootstraps a new Cluster from
    that store and server name to a target time (docs/operations.md "Backups and restore")."""
    archivers = [p for p in spec.get("plugins") or [] if p.get("name") == BARMAN_PLUGIN
                 and p.get("isWALArchiver") is True]
    where = f"deploy/{CNPG}"
    if not archivers:
        problems.add(where, f"no {BARMAN_PLUGIN} plugin with isWALArchiver: true (no WAL archive)")
        return
    store = dig(archivers[0], "parameters", "barmanObjectName")
    docs = [doc for doc in d.yaml_docs.get(CNPG_BACKUP) or [] if isinstance(doc, dict)]
    stores = {dig(doc, "metadata", "name") for doc in docs if doc.get("kind") == "ObjectStore"}
    if store not in stores:
        problems.add(where, f"the archive's ObjectStore {store} is not in deploy/{CNPG_BACKUP}")
    schedules = [doc for doc in docs if doc.get("kind") == "ScheduledBackup"]
    if not any(dig(s, "spec", "cluster", "name") == name and dig(s, "spec", "method") == "plugin"
               and dig(s, "spec", "pluginConfiguration", "name") == BARMAN_PLUGIN
               for s in schedules):
        problems.add(f"deploy/{CNPG_BACKUP}", f"no ScheduledBackup of the Cluster {name} through "
                     f"the {BARMAN_PLUGIN} plugin")
    restore = next((doc for doc in d.yaml_docs.get(CNPG_RESTORE) or []
                    if isinstance(doc, dict) and doc.get("kind") == "Cluster"), None)
    rwhere = f"deploy/{CNPG_RESTORE}"
    if restore is None:
        problems.add(rwhere, "missing: no restore manifest")
        return
    recovery = dig(restore, "spec", "bootstrap", "recovery") or {}
    source = next((c for c in dig(restore, "spec", "externalClusters") or []
                   if c.get("name") == recovery.get("source")), None)
    if source is None:
        problems.add(rwhere, f"bootstrap.recovery.source {recovery.get('source')} is no "
                     "externalClusters entry")
    elif dig(source, "plugin", "parameters", "barmanObjectName") != store or \
            dig(source, "plugin", "parameters", "serverName") != name:
        problems.add(rwhere, f"the recovery source must read ObjectStore {store}, server {name}")
    if not dig(recovery, "recoveryTarget", "targetTime"):
        problems.add(rwhere, "no bootstrap.recovery.recoveryTarget.targetTime")
    if dig(restore, "metadata", "name") == name:
        problems.add(rwhere, f"restores over the Cluster {name}: a new name is needed")
    for plugin in dig(restore, "spec", "plugins") or []:
        if plugin.get("isWALArchiver") and \
                dig(plugin, "parameters", "serverName") in (None, name):
            problems.add(rwhere, f"archives as server {name}: it would write over the origin's WAL")


def check_cnpg(d, problems):
    where = f"deploy/{CNPG}"
    docs = d.yaml_docs.get(CNPG)
    if not docs:
        problems.add(where, "missing (CloudNativePG Cluster of docs/operations.md)")
        return
    clusters = [doc for doc in docs if isinstance(doc, dict) and doc.get("kind") == "Cluster"
                and doc.get("apiVersion") == "postgresql.cnpg.io/v1"]
    if len(clusters) != 1:
        problems.add(where, "one Cluster (postgresql.cnpg.io/v1) expected")
        return
    cluster = clusters[0]
    spec = cluster.get("spec") or {}
    name = dig(cluster, "metadata", "name")
    # Only the services and the Job reach the database (docs/operations.md "Hardening").
    def selects_cluster(doc, cluster):
        selector = dig(doc, "spec", "podSelector") or {}
        return (selector.get("matchLabels") or {}).get("cnpg.io/cluster") == cluster or any(
            e.get("key") == "cnpg.io/cluster" and e.get("operator") == "In"
            and cluster in (e.get("values") or []) for e in selector.get("matchExpressions") or [])
    policies = [doc for doc in docs if isinstance(doc, dict) and doc.get("kind") == "NetworkPolicy"
                and selects_cluster(doc, name)]
    restored = next((dig(doc, "metadata", "name") for doc in d.yaml_docs.get(CNPG_RESTORE) or []
                     if isinstance(doc, dict) and doc.get("kind") == "Cluster"), None)
    if restored and not any(selects_cluster(p, restored) for p in policies):
        problems.add(where, f"no NetworkPolicy admits the services to the restored Cluster "
                     f"{restored} (the default deny would cut it off)")
    admitted = {value for p in policies for rule in dig(p, "spec", "ingress") or []
                for source in rule.get("from") or []
                for expr in dig(source, "podSelector", "matchExpressions") or []
                if expr.get("key") == "app.kubernetes.io/name" for value in expr.get("values") or []}
    for app in ("learner-api", "authoring-api", "langlearn-migrate"):
        if app not in admitted:
            problems.add(where, f"no NetworkPolicy of the Cluster {name} admits {app}")
    if spec.get("instances") != 3:
        problems.add(where, f"instances {spec.get('instances')}: three expected")
    # Every pod of deploy/k8s at its maximum (the HPA's), both pools each; the restored Cluster
    # takes the origin's place, so the same.
    sessions, how = k8s_sessions(d)
    needed = sessions + CNPG_OWN_SESSIONS + RESERVED_SESSIONS
    for rel, doc in ((CNPG, cluster), (CNPG_RESTORE, next(
            (c for c in d.yaml_docs.get(CNPG_RESTORE) or []
             if isinstance(c, dict) and c.get("kind") == "Cluster"), None))):
        max_conn = int(dig(doc, "spec", "postgresql", "parameters", "max_connections") or 100) \
            if doc else None
        if max_conn is not None and needed > max_conn:
            problems.add(f"deploy/{rel}", f"max_connections {max_conn} below the {needed} sessions "
                         f"of deploy/k8s ({how}; the operator's {CNPG_OWN_SESSIONS}, reserved "
                         f"{RESERVED_SESSIONS})")
    check_cnpg_backups(d, name, spec, problems)
    sync = dig(spec, "postgresql", "synchronous") or {}
    if not (int(sync.get("number") or 0) >= 1 or int(spec.get("minSyncReplicas") or 0) >= 1):
        problems.add(where, "no synchronous replica (postgresql.synchronous.number or "
                     "minSyncReplicas at least 1)")
    initdb = dig(spec, "bootstrap", "initdb") or {}
    if initdb.get("database") != "langlearn" or initdb.get("owner") != "langlearn":
        problems.add(where, "bootstrap.initdb must create database langlearn owned by langlearn")
    kust = (d.yaml_docs.get("k8s/kustomization.yaml") or [{}])[0] or {}
    if dig(cluster, "metadata", "namespace") != kust.get("namespace"):
        problems.add(where, f"namespace {dig(cluster, 'metadata', 'namespace')} is not the "
                     f"services' ({kust.get('namespace')}): the Secret {name}-app must be theirs")
    if any(str(r).startswith("ha/") for r in kust.get("resources") or []):
        problems.add("deploy/k8s/kustomization.yaml", "lists ha/: the CloudNativePG Cluster must "
                     "not be in the default kustomization (it needs the operator)")
    if f"{name}-rw" not in (d.operations or ""):
        problems.add("docs/operations.md", f"does not name the Service {name}-rw (the "
                     "DATABASE_URL to use with CloudNativePG)")
