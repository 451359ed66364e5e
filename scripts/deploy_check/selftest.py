"""Planted mistakes: each must be found, so a check that cannot fail is noticed."""
import copy
import shutil

from common import Deploy
from ha import CNPG, CNPG_BACKUP, CNPG_RESTORE, PATRONI_YML
from run import run_checks

def find(docs, kind, name):
    return next(doc for _, doc in docs if doc.get("kind") == kind and doc["metadata"]["name"] == name)


def container(doc):
    return doc["spec"]["template"]["spec"]["containers"][0]


# Each planted mistake and a piece of the message it must produce.
def mutations():
    def k8s(kind, name, change):
        def apply(d):
            change(find(d.k8s, kind, name))
        return apply

    def compose(change):
        def apply(d):
            change(d.compose["services"])
        return apply

    def text(rel, old, new):
        def apply(d):
            assert old in d.text[rel], f"{rel} no longer contains {old!r}"
            d.text[rel] = d.text[rel].replace(old, new, 1)
        return apply

    def set_secret_ref(doc):
        container(doc)["env"][-1]["valueFrom"]["secretKeyRef"]["key"] = "JWT_SECRETX"

    def typo_probe(doc):
        c = container(doc)
        c["readinesProbe"] = c.pop("readinessProbe")

    def bad_backend(doc):
        doc["spec"]["rules"][0]["http"]["paths"][0]["backend"]["service"]["name"] = "learner"

    def yaml_file(rel, change):
        def apply(d):
            change(d.yaml_docs[rel][0])
        return apply

    def url(service, value):
        return compose(lambda s: s[service]["environment"].update({"DATABASE_URL": value}))

    def undeclared_volume(services):
        services["authoring-api"].setdefault("volumes", []).append("uploads:/tmp/uploads")

    def media_volume(d):
        d.compose.setdefault("volumes", {})["media"] = None
        d.compose["services"]["authoring-api"].setdefault("volumes", []).append(
            "media:/var/lib/langlearn/media")

    def media_claim(d):
        claim = {"apiVersion": "v1", "kind": "PersistentVolumeClaim",
                 "metadata": {"name": "langlearn-media"},
                 "spec": {"accessModes": ["ReadWriteMany"],
                          "resources": {"requests": {"storage": "20Gi"}}}}
        d.k8s.append(("k8s/media-pvc.yaml", claim))
        d.yaml_docs["k8s/media-pvc.yaml"] = [claim]
        d.yaml_docs["k8s/kustomization.yaml"][0]["resources"].append("media-pvc.yaml")
        pod = find(d.k8s, "Deployment", "learner-api")["spec"]["template"]["spec"]
        pod["volumes"].append({"name": "media", "persistentVolumeClaim": {
            "claimName": "langlearn-media", "readOnly": True}})
        pod["containers"][0]["volumeMounts"].append(
            {"name": "media", "mountPath": "/var/lib/langlearn/media", "readOnly": True})

    return [
        ("selector", k8s("Deployment", "learner-api", lambda doc: doc["spec"]["selector"]
                         ["matchLabels"].update({"app.kubernetes.io/name": "learner"})),
         "does not match the template labels"),
        ("field typo", k8s("Deployment", "learner-api", typo_probe), "unknown field 'readinesProbe'"),
        ("no readiness probe", k8s("Deployment", "authoring-api",
                                   lambda doc: container(doc).pop("readinessProbe")),
         "readinessProbe must GET /readyz"),
        ("wrong type", k8s("Deployment", "learner-api", lambda doc: container(doc)["resources"]
                           ["limits"].update({"memory": 256})), "expected a string, got 256"),
        ("missing required", k8s("Deployment", "learner-api",
                                 lambda doc: doc["spec"].pop("selector")),
         "missing required field 'selector'"),
        ("secret key", k8s("Deployment", "learner-api", set_secret_ref), "has no key JWT_SECRETX"),
        ("ingress backend", k8s("Ingress", "langlearn-learner", bad_backend), "no Service learner"),
        ("hpa target", k8s("HorizontalPodAutoscaler", "learner-api",
                           lambda doc: doc["spec"]["scaleTargetRef"].update({"name": "learner"})),
         "scaleTargetRef Deployment/learner"),
        ("job restart", k8s("Job", "langlearn-migrate", lambda doc: doc["spec"]["template"]["spec"]
                            .update({"restartPolicy": "Always"})), "restartPolicy must be Never"),
        ("root pod", k8s("Deployment", "learner-api", lambda doc: doc["spec"]["template"]["spec"]
                         ["securityContext"].pop("runAsNonRoot")), "runAsNonRoot must be true"),
        ("env typo", k8s("ConfigMap", "langlearn-config",
                         lambda doc: doc["data"].update({"LOG_LEVL": "info"})),
         "env LOG_LEVL is not a variable"),
        ("real secret", k8s("Secret", "langlearn-secrets", lambda doc: doc["stringData"].update(
            {"JWT_SECRET": "0123456789abcdef0123456789abcdef"})), "not a marked placeholder"),
        ("memory limit", k8s("Deployment", "learner-api", lambda doc: container(doc)["resources"]
                             ["limits"].update({"memory": "64Mi"})), "memory limit 64 MiB below"),
        ("depends_on", compose(lambda s: s["learner-api"]["depends_on"]["migrate"].update(
            {"condition": "service_started"})), "must depend on migrate: service_completed"),
        ("unknown dependency", compose(lambda s: s["nginx"]["depends_on"].update(
            {"learner": {"condition": "service_healthy"}})), "depends_on an unknown service learner"),
        ("no healthcheck", compose(lambda s: s["authoring-api"].pop("healthcheck")),
         "authoring-api: no health check"),
        ("undeclared volume", compose(undeclared_volume), "volume uploads is not declared"),
        # Media in the database (docs/operations.md "Media"), cached by nginx in front.
        ("media in a folder", compose(lambda s: s["learner-api"]["environment"].update(
            {"MEDIA_STORE": "folder"})), "learner-api: MEDIA_STORE must be database, not folder"),
        ("seed into the container", compose(lambda s: s["migrate"]["environment"].pop(
            "MEDIA_STORE")), "migrate: MEDIA_STORE must be database, not unset"),
        ("pods on a media folder", k8s("ConfigMap", "langlearn-config", lambda doc: doc["data"]
                                       .pop("MEDIA_STORE")),
         "container authoring-api: MEDIA_STORE must be database"),
        ("media volume again", media_volume, "authoring-api: mounts media at /var/lib/langlearn/media"),
        ("media claim again", media_claim, "volume media mounts the claim langlearn-media"),
        ("media pool uncounted", compose(lambda s: s["learner-api"]["environment"].update(
            {"MEDIA_POOL_SIZE": "30"})), "max_connections 100 below"),
        ("cnpg connections", yaml_file(CNPG, lambda c: c["spec"]["postgresql"]["parameters"].update(
            {"max_connections": "80"})), "postgres-cluster.yaml: max_connections 80 below the"),
        ("media not cached", text("nginx/routes.conf", "    proxy_cache langlearn_media;\n", ""),
         "location /media has no proxy_cache"),
        ("media cache unbounded", text("nginx/langlearn.conf", " max_size=1g", ""),
         "proxy_cache_path temp/media has no max_size"),
        ("cached request id", text("nginx/routes.conf", "    proxy_hide_header X-Request-Id;\n", ""),
         "would repeat the X-Request-Id of the request that filled the cache"),
        ("trusted proxies", compose(lambda s: s["learner-api"]["environment"].update(
            {"TRUSTED_PROXIES": "172.29.53.0/24"})), "is not nginx's address"),
        ("upstream port", compose(lambda s: s["authoring-api"]["environment"].update(
            {"PORT": "8082"})), "listens on 8082, nginx/upstreams.conf sends to 8081"),
        ("auto migrate", compose(lambda s: s["authoring-api"]["environment"].update(
            {"AUTO_MIGRATE": "1"})), "AUTO_MIGRATE must be 0"),
        ("pool size", compose(lambda s: s["learner-api"]["environment"].update(
            {"DB_POOL_SIZE": "40"})), "max_connections 100 below"),
        ("root user", text("Dockerfile", "USER 10001:10001", "USER root"), "is root"),
        ("dev package", text("Dockerfile", "libsodium23 ", "libsodium-dev "),
         "final stage installs the build package libsodium-dev"),
        # Needs --build-dir (what the binaries link): skipped without it.
        ("missing library", text("Dockerfile", "libsodium23 ", ""), "final stage lacks libsodium23"),
        ("not debian", text("Dockerfile", "FROM debian:12-slim\n", "FROM ubuntu:24.04\n"),
         "FROM ubuntu:24.04"),
        ("post retry", text("nginx/langlearn.conf", "timeout http_502;",
                            "timeout http_502 non_idempotent;"), "non_idempotent would retry"),
        ("retry 503", text("nginx/langlearn.conf", "timeout http_502;", "timeout http_502 http_503;"),
         "counts a database outage"),
        ("no keepalive header", text("nginx/langlearn.conf", 'proxy_set_header Connection "";', ""),
         'Connection "" missing'),
        ("upload limit", text("nginx/routes.conf", "client_max_body_size 11m;",
                              "client_max_body_size 1m;"), "must set client_max_body_size 11m"),
        ("pid in main", text("nginx.conf", "worker_processes auto;",
                             "worker_processes auto;\npid /run/nginx.pid;"), "has `pid`"),
        # The profile ha, deploy/patroni/ and the CloudNativePG Cluster (ha.py).
        ("two patroni nodes", compose(lambda s: s.pop("patroni3")),
         "profile ha has 2 Patroni node(s), three expected"),
        ("asynchronous", yaml_file(PATRONI_YML, lambda c: c["bootstrap"]["dcs"].update(
            {"synchronous_mode": False})), "synchronous_mode must be true"),
        ("no pg_rewind", yaml_file(PATRONI_YML, lambda c: c["bootstrap"]["dcs"]["postgresql"].update(
            {"use_pg_rewind": False})), "use_pg_rewind must be true"),
        ("url lacks a node", url("learner-api-ha", "postgresql://langlearn:pw@patroni1:5432,"
                                 "patroni2:5432/langlearn?target_session_attrs=read-write"),
         "learner-api-ha: DATABASE_URL does not list the node patroni3:5432"),
        ("url not read-write", url("authoring-api-ha", "postgresql://langlearn:pw@patroni1:5432,"
                                   "patroni2:5432,patroni3:5432/langlearn?connect_timeout=3"),
         "authoring-api-ha: DATABASE_URL lacks target_session_attrs=read-write"),
        ("single-host url", url("migrate-ha", "postgresql://langlearn:pw@postgres:5432/langlearn"),
         "DATABASE_URL lists postgres:5432, which is no Patroni node"),
        ("etcd by name", yaml_file(PATRONI_YML, lambda c: c["etcd3"].update({"hosts": "etcd1:2379"})),
         "no service etcd1 in the profile ha"),
        ("etcd port", compose(lambda s: s["etcd"].update({"command": [
            a.replace(":2379", ":2479") if a.startswith("http://0.0.0.0") else a
            for a in s["etcd"]["command"]]})), "service etcd does not listen for clients on 2379"),
        ("same node name", compose(lambda s: s["patroni2"]["environment"].update(
            {"PATRONI_NAME": "patroni1"})), "name patroni1 is not distinct"),
        ("same connect address", compose(lambda s: s["patroni3"]["environment"].update(
            {"PATRONI_POSTGRESQL_CONNECT_ADDRESS": "patroni2:5432"})),
         "postgresql.connect_address patroni2:5432 is not distinct"),
        ("shared data volume", compose(lambda s: s["patroni2"].update(
            {"volumes": ["patroni1:/var/lib/postgresql/patroni"]})), "shares the volume patroni1"),
        ("node health check", compose(lambda s: s["patroni1"].update(
            {"healthcheck": {"test": ["CMD", "pg_isready"]}})), "must GET Patroni's /health"),
        ("ha drift", compose(lambda s: s["learner-api-ha"]["environment"].update({"THREADS": "8"})),
         "differs from learner-api in environment.THREADS"),
        ("no network alias", compose(lambda s: s["learner-api-ha"].update({"networks": ["backend"]})),
         "needs the network alias learner-api"),
        ("migrate before the nodes", compose(lambda s: s["migrate-ha"]["depends_on"].pop("patroni2")),
         "migrate-ha: must depend on patroni2: service_healthy"),
        # Found only by Debian's `patroni --validate-config` (skipped without patroni).
        ("patroni validator", yaml_file(PATRONI_YML, lambda c: c["postgresql"].update(
            {"pg_hba": "host all all all scram-sha-256"})), "pg_hba host all all all"),
        # Hardening (docs/operations.md "Hardening").
        ("token mounted", k8s("Deployment", "authoring-api", lambda doc: doc["spec"]["template"]
                              ["spec"].pop("automountServiceAccountToken")),
         "automountServiceAccountToken must be false"),
        ("no seccomp", k8s("Job", "langlearn-migrate", lambda doc: doc["spec"]["template"]["spec"]
                           ["securityContext"].pop("seccompProfile")),
         "seccompProfile.type must be RuntimeDefault"),
        ("baseline namespace", k8s("Namespace", "langlearn", lambda doc: doc["metadata"]["labels"]
                                   .update({"pod-security.kubernetes.io/enforce": "baseline"})),
         "pod-security.kubernetes.io/enforce must be restricted"),
        ("no default deny", k8s("NetworkPolicy", "default-deny-ingress",
                                lambda doc: doc["spec"].update({"ingress": [{}]})),
         "no default deny"),
        ("open policy", k8s("NetworkPolicy", "learner-api-ingress",
                            lambda doc: doc["spec"]["ingress"][0]["from"].append(
                                {"namespaceSelector": {}})), "admits everything"),
        ("unguarded deployment", k8s("NetworkPolicy", "authoring-api-ingress",
                                     lambda doc: doc["spec"]["podSelector"]["matchLabels"].update(
                                         {"app.kubernetes.io/name": "authoring"})),
         "Deployment/authoring-api: no NetworkPolicy admits the edge"),
        ("policy port", k8s("NetworkPolicy", "learner-api-ingress",
                            lambda doc: doc["spec"]["ingress"][0]["ports"][0].update({"port": 9090})),
         "port 9090 is no port of Deployment/learner-api"),
        ("unrotated logs", compose(lambda s: s["nginx"].pop("logging")),
         "nginx: logging: no options.max-size"),
        ("text logs", compose(lambda s: s["learner-api"]["environment"].update(
            {"LOG_FORMAT": "text"})), "learner-api: LOG_FORMAT must be json"),
        ("open patroni api", yaml_file(PATRONI_YML, lambda c: c["restapi"].pop("authentication")),
         "no restapi.authentication"),
        ("patroni password optional", text("patroni/entrypoint.sh", " PATRONI_RESTAPI_PASSWORD", ""),
         "does not require PATRONI_RESTAPI_PASSWORD"),
        ("cnpg instances", yaml_file(CNPG, lambda c: c["spec"].update({"instances": 2})),
         "instances 2: three expected"),
        ("cnpg asynchronous", yaml_file(CNPG, lambda c: c["spec"]["postgresql"].pop("synchronous")),
         "no synchronous replica"),
        ("database policy", lambda d: d.yaml_docs[CNPG][1]["spec"]["ingress"][0]["from"][0]
         ["podSelector"]["matchExpressions"][0]["values"].remove("langlearn-migrate"),
         "admits langlearn-migrate"),
        ("patroni archive off", yaml_file(PATRONI_YML, lambda c: c["bootstrap"]["dcs"]["postgresql"]
                                          ["parameters"].update({"archive_mode": "off"})),
         "WAL is not archived to pgBackRest"),
        ("node without repository", compose(lambda s: s["patroni2"].update(
            {"volumes": ["patroni2:/var/lib/postgresql/patroni"]})),
         "patroni2: no volume at /var/lib/pgbackrest"),
        ("restored cluster cut off", lambda d: d.yaml_docs[CNPG][1]["spec"]["podSelector"]
         ["matchExpressions"][0]["values"].remove("langlearn-db-restored"),
         "no NetworkPolicy admits the services to the restored Cluster"),
        ("no wal archive", yaml_file(CNPG, lambda c: c["spec"].pop("plugins")),
         "isWALArchiver: true (no WAL archive)"),
        ("backup of another cluster", lambda d: d.yaml_docs[CNPG_BACKUP][2]["spec"]["cluster"]
         .update({"name": "other-db"}), "no ScheduledBackup of the Cluster langlearn-db"),
        ("restore without target", lambda d: d.yaml_docs[CNPG_RESTORE][0]["spec"]["bootstrap"]
         ["recovery"].pop("recoveryTarget"), "no bootstrap.recovery.recoveryTarget.targetTime"),
        ("restore archives as origin", lambda d: d.yaml_docs[CNPG_RESTORE][0]["spec"]["plugins"][0]
         ["parameters"].pop("serverName"), "would write over the origin's WAL"),
        ("cnpg in the base", yaml_file("k8s/kustomization.yaml", lambda k: k["resources"].append(
            "ha/postgres-cluster.yaml")), "must not be in the default kustomization"),
    ]


def selftest(repo, build_dir):
    base = Deploy(repo)
    baseline = run_checks(base, build_dir)
    failed = 0
    if baseline:
        print("selftest: the real files must pass first:", *baseline, sep="\n  ")
        return 1
    cases = [m for m in mutations() if (build_dir or m[0] != "missing library") and
             (shutil.which("patroni") or m[0] != "patroni validator")]
    for name, mutate, expected in cases:
        d = copy.deepcopy(base)
        mutate(d)
        found = run_checks(d, build_dir)
        if any(expected in p for p in found):
            print(f"ok    {name}: {next(p for p in found if expected in p)}")
        else:
            failed += 1
            print(f"FAIL  {name}: expected a problem containing {expected!r}, got {found}")
    print(f"{len(cases) - failed} passed, {failed} failed")
    return 1 if failed else 0
