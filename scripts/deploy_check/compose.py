"""deploy/compose.yaml and deploy/.env.example."""
import ipaddress
import os
import re

from common import ARGON2_MIB, BASE_RSS_MIB, admin_sessions, process_sessions, size_mib

INTERPOLATION = re.compile(r"\$\{([A-Z_][A-Z0-9_]*)(?:(:?[-?])([^}]*))?\}")


def interpolate(value):
    """The value with defaults applied; required variables become <NAME>."""
    if not isinstance(value, str):
        return value
    def one(m):
        name, op, arg = m.group(1), m.group(2), m.group(3)
        if op in (":-", "-"):
            return arg
        return f"<{name}>"
    return INTERPOLATION.sub(one, value)


def compose_variables(node, found):
    if isinstance(node, dict):
        for k, v in node.items():
            compose_variables(k, found)
            compose_variables(v, found)
    elif isinstance(node, list):
        for v in node:
            compose_variables(v, found)
    elif isinstance(node, str):
        for m in INTERPOLATION.finditer(node):
            found.add((m.group(1), m.group(2) or ""))
    return found


def env_map(service):
    env = service.get("environment") or {}
    if isinstance(env, list):
        env = dict(item.split("=", 1) if "=" in item else (item, None) for item in env)
    return {k: interpolate(v) for k, v in env.items()}


def volume_mounts(service):
    mounts = []
    for v in service.get("volumes") or []:
        if isinstance(v, str):
            parts = v.split(":")
            mounts.append({"source": parts[0], "target": parts[1] if len(parts) > 1 else parts[0],
                           "read_only": len(parts) > 2 and "ro" in parts[2].split(","),
                           "type": "bind" if parts[0].startswith((".", "/")) else "volume"})
        else:
            mounts.append({"source": v.get("source"), "target": v.get("target"),
                           "read_only": bool(v.get("read_only")), "type": v.get("type", "volume")})
    return mounts


def default_name(service_name):
    """The default service a profile `ha` variant stands for (learner-api-ha -> learner-api)."""
    return service_name[:-len("-ha")] if service_name.endswith("-ha") else service_name


def check_compose(d, problems):
    where = "deploy/compose.yaml"
    c = d.compose
    if not isinstance(c, dict) or not isinstance(c.get("services"), dict):
        problems.add(where, "no services")
        return
    services = c["services"]
    for needed in ("postgres", "migrate", "learner-api", "authoring-api", "nginx"):
        if needed not in services:
            problems.add(where, f"no service {needed}")
    if problems and any("no service" in p for p in problems):
        return
    declared_volumes = set((c.get("volumes") or {}).keys())
    networks = c.get("networks") or {}
    conditions = {"service_started", "service_healthy", "service_completed_successfully"}

    for name, s in services.items():
        sw = f"{where} {name}"
        if not s.get("image") and not s.get("build"):
            problems.add(sw, "neither image nor build")
        build = s.get("build")
        if isinstance(build, dict):
            context = os.path.normpath(os.path.join(d.root, build.get("context", ".")))
            dockerfile = os.path.join(context, build.get("dockerfile", "Dockerfile"))
            if not os.path.isfile(dockerfile):
                problems.add(sw, f"build.dockerfile {dockerfile} does not exist")
        deps = s.get("depends_on") or {}
        if isinstance(deps, list):
            deps = {n: {"condition": "service_started"} for n in deps}
        for dep, spec in deps.items():
            if dep not in services:
                problems.add(sw, f"depends_on an unknown service {dep}")
            if (spec or {}).get("condition", "service_started") not in conditions:
                problems.add(sw, f"depends_on {dep}: unknown condition {spec.get('condition')}")
            if (spec or {}).get("condition") == "service_healthy" and \
                    (services.get(dep, {}).get("healthcheck") or {}).get("disable"):
                problems.add(sw, f"waits for {dep} to be healthy, which has no health check")
        health = s.get("healthcheck") or {}
        if default_name(name) != "migrate" and (health.get("disable") or not health.get("test")):
            problems.add(sw, "no health check")
        for m in volume_mounts(s):
            if m["type"] == "volume" and m["source"] not in declared_volumes:
                problems.add(sw, f"volume {m['source']} is not declared under volumes:")
        for net in (s.get("networks") or []):
            if net not in networks:
                problems.add(sw, f"network {net} is not declared under networks:")
        if s.get("ports") and default_name(name) != "nginx":
            problems.add(sw, "publishes ports: only nginx should be reachable from outside")
        # Logs rotated (docs/operations.md "Logs and metrics"): Docker's default keeps them all.
        logging = s.get("logging") or {}
        if logging.get("driver", "json-file") in ("json-file", "local") and \
                not (logging.get("options") or {}).get("max-size"):
            problems.add(sw, "logging: no options.max-size: the container's log grows without end")
        env = env_map(s)
        if default_name(name) in ("migrate", "learner-api", "authoring-api"):
            for var in env:
                if var not in d.documented_env:
                    problems.add(sw, f"env {var} is not a variable of docs/configuration.md")
            # Media live in the database (docs/operations.md "Media"): replicated and backed up
            # with the rows that reference them. migrate too: `run --rm migrate langlearn-admin
            # seed --demo` would otherwise store into its container, gone after the run.
            if env.get("MEDIA_STORE") != "database":
                problems.add(sw, f"MEDIA_STORE must be database, not "
                             f"{env.get('MEDIA_STORE') or 'unset (folder)'}: media in a folder are "
                             "neither replicated nor backed up")
            for m in volume_mounts(s):
                if m["type"] in ("volume", "bind"):
                    problems.add(sw, f"mounts {m['source']} at {m['target']}: media live in the "
                                 "database (MEDIA_STORE=database), no langlearn service needs a "
                                 "volume")

    def condition(svc, dep):
        deps = services[svc].get("depends_on") or {}
        return (deps.get(dep) or {}).get("condition") if isinstance(deps, dict) else None

    if condition("migrate", "postgres") != "service_healthy":
        problems.add(where, "migrate must depend on postgres: service_healthy")
    if (services["migrate"].get("command") or [])[:2] != ["langlearn-admin", "migrate"]:
        problems.add(where, "migrate must run langlearn-admin migrate")
    for svc in ("learner-api", "authoring-api"):
        if condition(svc, "migrate") != "service_completed_successfully":
            problems.add(where, f"{svc} must depend on migrate: service_completed_successfully")
        env = env_map(services[svc])
        if env.get("AUTO_MIGRATE") != "0":
            problems.add(where, f"{svc}: AUTO_MIGRATE must be 0 (the migrate job migrates)")
        if not env.get("THREADS"):
            problems.add(where, f"{svc}: THREADS unset (the default is the host's core count)")
        if env.get("LOG_FORMAT") != "json":
            problems.add(where, f"{svc}: LOG_FORMAT must be json (one JSON object a line, like the "
                         "access log)")
        if not str(env.get("DATABASE_URL", "")).startswith("postgresql://"):
            problems.add(where, f"{svc}: DATABASE_URL must point at the postgres service")
        if "<JWT_SECRET>" != env.get("JWT_SECRET"):
            problems.add(where, f"{svc}: JWT_SECRET must come from .env as ${{JWT_SECRET:?...}}")
        # nginx sends to NAME:PORT (deploy/nginx/upstreams.conf): the service must listen there.
        port = env.get("PORT") or ("8080" if svc == "learner-api" else "8081")
        upstream = re.findall(rf"^\s*server\s+{svc}:(\d+)", d.text.get("nginx/upstreams.conf") or "",
                              re.M)
        if upstream != [port]:
            problems.add(where, f"{svc}: listens on {port}, nginx/upstreams.conf sends to "
                         f"{', '.join(upstream) or 'nothing'}")
        limit = size_mib((((services[svc].get("deploy") or {}).get("resources") or {})
                          .get("limits") or {}).get("memory", ""))
        # Worker threads: one argon2id hash each at most (the media pool hashes nothing).
        pool = int(env.get("DB_POOL_SIZE") or 2 * int(env.get("THREADS") or 1))
        if limit is not None and limit < BASE_RSS_MIB + ARGON2_MIB * pool:
            problems.add(where, f"{svc}: memory limit below {BASE_RSS_MIB} + {ARGON2_MIB} x "
                         f"DB_POOL_SIZE {pool} MiB")
        grace = str(services[svc].get("stop_grace_period", "10s"))
        if int(grace.rstrip("s")) <= int(env.get("SHUTDOWN_GRACE_SECONDS") or 10):
            problems.add(where, f"{svc}: stop_grace_period must exceed SHUTDOWN_GRACE_SECONDS")
    if "<DEV_TOKENS>" != env_map(services["authoring-api"]).get("DEV_TOKENS"):
        problems.add(where, "authoring-api: DEV_TOKENS must come from .env as ${DEV_TOKENS:?...}")
    if "DEV_TOKENS" in env_map(services["learner-api"]):
        problems.add(where, "learner-api does not need DEV_TOKENS")
    if ((services["learner-api"].get("deploy") or {}).get("replicas")) != 3:
        problems.add(where, "learner-api: deploy.replicas must be 3")
    if "media" in declared_volumes:
        problems.add(where, "declares the volume media: media live in the database "
                     "(MEDIA_STORE=database); an old volume is copied in once (deploy/README.md)")

    # TRUSTED_PROXIES: exactly nginx's fixed address, inside the network's subnet.
    nginx_nets = services["nginx"].get("networks") or {}
    addresses = [interpolate((v or {}).get("ipv4_address")) for v in nginx_nets.values()] \
        if isinstance(nginx_nets, dict) else []
    address = addresses[0] if addresses and addresses[0] else None
    if not address:
        problems.add(where, "nginx has no fixed ipv4_address (TRUSTED_PROXIES needs one)")
    else:
        for svc in ("learner-api", "authoring-api"):
            trusted = env_map(services[svc]).get("TRUSTED_PROXIES")
            if trusted != address:
                problems.add(where, f"{svc}: TRUSTED_PROXIES {trusted} is not nginx's address {address}")
        subnets = [interpolate(cfg.get("subnet")) for net in networks.values()
                   for cfg in (((net or {}).get("ipam") or {}).get("config") or [])]
        try:
            if not any(ipaddress.ip_address(address) in ipaddress.ip_network(s) for s in subnets):
                problems.add(where, f"nginx address {address} is in no declared subnet {subnets}")
        except ValueError as e:
            problems.add(where, f"bad address or subnet: {e}")

    # PostgreSQL connections: every replica's pools (DB_POOL_SIZE + MEDIA_POOL_SIZE),
    # authoring's, a migrate/admin run's.
    command = services["postgres"].get("command") or []
    max_conn = next((int(a.split("=", 1)[1]) for a in command if str(a).startswith("max_connections=")), 100)
    needed = admin_sessions(env_map(services["migrate"]))
    for svc in ("learner-api", "authoring-api"):
        env = env_map(services[svc])
        replicas = (services[svc].get("deploy") or {}).get("replicas", 1)
        needed += replicas * process_sessions(env)
    if needed + 3 > max_conn:  # superuser_reserved_connections
        problems.add(where, f"postgres max_connections {max_conn} below the {needed} sessions "
                     "the services open (+3 reserved)")

    # Every ${VAR} is explained in .env.example; required ones are secrets there.
    example = d.text.get(".env.example") or ""
    example_vars = set(re.findall(r"^#?([A-Z][A-Z0-9_]*)=", example, re.M))
    for var, op in sorted(compose_variables(c, set())):
        if var not in example_vars:
            problems.add("deploy/.env.example", f"does not mention {var} (used in compose.yaml)")
        if op in (":?", "?") and not re.search(rf"^{var}=", example, re.M):
            problems.add("deploy/.env.example", f"{var} is required: list it uncommented")
    for secret in ("JWT_SECRET", "DEV_TOKENS", "POSTGRES_PASSWORD"):
        m = re.search(rf"^{secret}=(.*)$", example, re.M)
        if not m:
            problems.add("deploy/.env.example", f"no {secret}=")
        elif m.group(1).strip():
            problems.add("deploy/.env.example", f"{secret} has a value: leave it empty so compose "
                         "refuses to start until it is set")
    if "/deploy/.env" not in (d.gitignore or "").split():
        problems.add(".gitignore", "does not ignore /deploy/.env")
