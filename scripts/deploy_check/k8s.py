"""Kubernetes manifests: the python3-kubernetes models (schema), then how the objects fit."""
import inspect
import re

from common import (ARGON2_MIB, AUTHORING_PATHS, BASE_RSS_MIB, LEARNER_PATHS, admin_sessions,
                    is_k8s_base, process_sessions, size_mib)

try:
    import kubernetes.client as k8s_models
except ImportError:  # scripts/deps.sh installs python3-kubernetes
    k8s_models = None

# autoscaling/v2 (GA in 1.23) has the fields of v2beta2, which Debian's client (1.22) models.
MODEL_FALLBACK = {("autoscaling/v2", "HorizontalPodAutoscaler"): "V2beta2HorizontalPodAutoscaler"}


def model_for(api_version, kind):
    name = MODEL_FALLBACK.get((api_version, kind))
    if not name:
        version = api_version.split("/")[-1]
        name = version[0].upper() + version[1:] + kind
    return getattr(k8s_models, name, None)


_required_cache = {}


def required_fields(cls):
    # The generated constructors assign required fields unconditionally (the setter refuses None).
    if cls not in _required_cache:
        src = inspect.getsource(cls.__init__)
        _required_cache[cls] = set(re.findall(r"^ {8}self\.(\w+) = \1$", src, re.M)) - {
            "local_vars_configuration"}
    return _required_cache[cls]


def check_schema(value, typ, where, problems):
    if typ in ("object", "datetime", "date"):
        return
    if typ == "str":
        if not isinstance(value, str):
            problems.add(where, f"expected a string, got {value!r}")
        return
    if typ == "int":
        if not isinstance(value, int) or isinstance(value, bool):
            problems.add(where, f"expected an integer, got {value!r}")
        return
    if typ == "float":
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            problems.add(where, f"expected a number, got {value!r}")
        return
    if typ == "bool":
        if not isinstance(value, bool):
            problems.add(where, f"expected true or false, got {value!r}")
        return
    if typ.startswith("list["):
        if not isinstance(value, list):
            problems.add(where, f"expected a list, got {value!r}")
            return
        for i, item in enumerate(value):
            check_schema(item, typ[5:-1], f"{where}[{i}]", problems)
        return
    if typ.startswith("dict("):
        if not isinstance(value, dict):
            problems.add(where, f"expected a map, got {value!r}")
            return
        inner = typ[5:-1].split(", ", 1)[1]
        for key, item in value.items():
            check_schema(item, inner, f"{where}.{key}", problems)
        return
    cls = getattr(k8s_models, typ, None)
    if cls is None:
        problems.add(where, f"no model {typ} in python3-kubernetes")
        return
    if not isinstance(value, dict):
        problems.add(where, f"expected an object ({typ}), got {value!r}")
        return
    by_json = {v: k for k, v in cls.attribute_map.items()}
    for key, item in value.items():
        if key not in by_json:
            problems.add(where, f"unknown field {key!r} ({typ})")
            continue
        check_schema(item, cls.openapi_types[by_json[key]], f"{where}.{key}", problems)
    for attr in sorted(required_fields(cls)):
        if cls.attribute_map[attr] not in value:
            problems.add(where, f"missing required field {cls.attribute_map[attr]!r} ({typ})")


def check_k8s_schema(d, problems):
    if k8s_models is None:
        problems.add("k8s", "python3-kubernetes is not installed (run scripts/deps.sh)")
        return
    once = [(rel, doc) for rel, docs in sorted(d.yaml_docs.items()) if rel.startswith("k8s/once/")
            for doc in docs if isinstance(doc, dict)]
    for rel, doc in d.k8s + once:
        if rel == "k8s/kustomization.yaml":
            continue
        where = f"deploy/{rel} {doc.get('kind')}/{(doc.get('metadata') or {}).get('name')}"
        cls = model_for(str(doc.get("apiVersion", "")), str(doc.get("kind", "")))
        if cls is None:
            problems.add(where, f"unknown apiVersion/kind {doc.get('apiVersion')}/{doc.get('kind')}")
            continue
        check_schema(doc, cls.__name__, where, problems)


# ---------------------------------------------------------------------------------------------
# Kubernetes: how the objects fit together


def pod_spec(doc):
    kind = doc.get("kind")
    if kind == "Deployment":
        return ((doc.get("spec") or {}).get("template") or {}).get("spec") or {}
    if kind == "Job":
        return ((doc.get("spec") or {}).get("template") or {}).get("spec") or {}
    return None


def container_env(container, objects):
    """name -> literal value (None when from a Secret); envFrom ConfigMaps included."""
    env = {}
    for ref in container.get("envFrom") or []:
        cm = objects.get(("ConfigMap", (ref.get("configMapRef") or {}).get("name")))
        if cm:
            env.update(cm.get("data") or {})
    for e in container.get("env") or []:
        env[e.get("name")] = e.get("value")
    return env


def selects(selector, labels):
    return bool(selector) and all((labels or {}).get(k) == v for k, v in selector.items())


def base_objects(d):
    """(kind, name) -> object of the default kustomization's manifests."""
    return {(doc.get("kind"), (doc.get("metadata") or {}).get("name")): doc for rel, doc in d.k8s
            if rel != "k8s/kustomization.yaml" and isinstance(doc, dict)}


def k8s_sessions(d):
    """(sessions, how) the base opens on the database at most: each Deployment's pods (the HPA's
    maxReplicas where one scales it) x (DB_POOL_SIZE + MEDIA_POOL_SIZE), plus one langlearn-admin
    Job with the ConfigMap's settings."""
    objects = base_objects(d)
    hpa_max = {((o.get("spec") or {}).get("scaleTargetRef") or {}).get("name"):
               (o.get("spec") or {}).get("maxReplicas") for (k, _), o in objects.items()
               if k == "HorizontalPodAutoscaler"}
    total, parts = 0, []
    for (kind, name), doc in sorted(objects.items(), key=lambda kv: str(kv[0])):
        if kind != "Deployment":
            continue
        pods = hpa_max.get(name) or (doc.get("spec") or {}).get("replicas", 1)
        per_pod = sum(process_sessions(container_env(c, objects))
                      for c in pod_spec(doc).get("containers") or [])
        total += pods * per_pod
        parts.append(f"{name} {pods} x {per_pod}")
    config = (objects.get(("ConfigMap", "langlearn-config")) or {}).get("data") or {}
    total += admin_sessions(config)
    parts.append(f"langlearn-admin {admin_sessions(config)}")
    return total, " + ".join(parts)


def check_k8s_structure(d, problems):
    objects = {}
    for rel, doc in d.k8s:
        if rel == "k8s/kustomization.yaml":
            continue
        meta = doc.get("metadata") or {}
        where = f"deploy/{rel}"
        for field in ("apiVersion", "kind"):
            if not doc.get(field):
                problems.add(where, f"no {field}")
        if not meta.get("name"):
            problems.add(where, f"{doc.get('kind')} without metadata.name")
            continue
        key = (doc.get("kind"), meta["name"])
        if key in objects:
            problems.add(where, f"{key[0]}/{key[1]} defined twice")
        objects[key] = doc
    deployments = {n: o for (k, n), o in objects.items() if k == "Deployment"}
    services = {n: o for (k, n), o in objects.items() if k == "Service"}
    secrets = {n: o for (k, n), o in objects.items() if k == "Secret"}

    for (kind, name), doc in objects.items():
        where = f"{kind}/{name}"
        spec = doc.get("spec") or {}
        if kind == "Deployment":
            selector = (spec.get("selector") or {}).get("matchLabels")
            labels = ((spec.get("template") or {}).get("metadata") or {}).get("labels")
            if not selects(selector, labels):
                problems.add(where, f"spec.selector.matchLabels {selector} does not match the "
                             f"template labels {labels}")
        if kind == "Job":
            policy = (pod_spec(doc) or {}).get("restartPolicy")
            if policy not in ("Never", "OnFailure"):
                problems.add(where, f"restartPolicy must be Never or OnFailure, not {policy}")
        if kind in ("Deployment", "Job"):
            check_pod(where, kind, pod_spec(doc), objects, secrets, d, problems)
        if kind == "Service":
            selector = spec.get("selector")
            targets = [n for n, dep in deployments.items() if selects(
                selector, ((dep["spec"].get("template") or {}).get("metadata") or {}).get("labels"))]
            if len(targets) != 1:
                problems.add(where, f"selector {selector} matches {len(targets)} Deployments "
                             f"({', '.join(targets) or 'none'}), not one")
                continue
            container_ports = [p for c in pod_spec(deployments[targets[0]]).get("containers") or []
                               for p in c.get("ports") or []]
            for port in spec.get("ports") or []:
                target = port.get("targetPort", port.get("port"))
                if not any(target in (p.get("name"), p.get("containerPort")) for p in container_ports):
                    problems.add(where, f"targetPort {target} is no port of Deployment/{targets[0]}")
        if kind == "HorizontalPodAutoscaler":
            if doc.get("apiVersion") != "autoscaling/v2":
                problems.add(where, "use autoscaling/v2")
            ref = spec.get("scaleTargetRef") or {}
            if ref.get("kind") != "Deployment" or ref.get("name") not in deployments:
                problems.add(where, f"scaleTargetRef {ref.get('kind')}/{ref.get('name')} is no "
                             "Deployment here")
            if not any((m.get("resource") or {}).get("name") == "cpu" for m in spec.get("metrics") or []):
                problems.add(where, "no CPU metric")
            if (spec.get("minReplicas") or 1) > (spec.get("maxReplicas") or 0):
                problems.add(where, "minReplicas above maxReplicas")
        if kind == "PodDisruptionBudget":
            selector = (spec.get("selector") or {}).get("matchLabels")
            if not any(selects(selector, ((dep["spec"].get("template") or {}).get("metadata") or {})
                               .get("labels")) for dep in deployments.values()):
                problems.add(where, f"selector {selector} matches no Deployment")
        if kind == "Ingress":
            for rule in spec.get("rules") or []:
                for path in ((rule.get("http") or {}).get("paths")) or []:
                    svc = ((path.get("backend") or {}).get("service")) or {}
                    target = services.get(svc.get("name"))
                    p = svc.get("port") or {}
                    if target is None:
                        problems.add(where, f"path {path.get('path')}: no Service {svc.get('name')}")
                    elif not any(p.get("name", object()) == sp.get("name") or
                                 p.get("number", object()) == sp.get("port")
                                 for sp in target["spec"].get("ports") or []):
                        problems.add(where, f"path {path.get('path')}: Service {svc.get('name')} "
                                     f"has no port {p}")
        if kind == "Secret":
            values = dict(doc.get("stringData") or {}, **(doc.get("data") or {}))
            for key, value in values.items():
                if "CHANGE-ME" not in str(value):
                    problems.add(where, f"{key} is not a marked placeholder (CHANGE-ME): real "
                                 "secrets do not belong in the repository")

    # The public routes (docs/spec/decisions.md 1) through the Ingress objects.
    routes = {}
    for (kind, name), doc in objects.items():
        if kind == "Ingress":
            for rule in (doc.get("spec") or {}).get("rules") or []:
                for path in ((rule.get("http") or {}).get("paths")) or []:
                    routes.setdefault(path.get("path"), (((path.get("backend") or {})
                                                          .get("service")) or {}).get("name"))
    for path in LEARNER_PATHS + AUTHORING_PATHS:
        expected = "learner-api" if path in LEARNER_PATHS else "authoring-api"
        if routes.get(path) != expected:
            problems.add("Ingress", f"{path} routes to {routes.get(path)}, not {expected}")

    check_namespace_and_policies(objects, deployments, problems)

    hpa = objects.get(("HorizontalPodAutoscaler", "learner-api"))
    if not hpa:
        problems.add("k8s", "no HorizontalPodAutoscaler learner-api")
    for needed in (("Deployment", "learner-api"), ("Deployment", "authoring-api"),
                   ("Service", "learner-api"), ("Service", "authoring-api")):
        if needed not in objects:
            problems.add("k8s", f"no {needed[0]}/{needed[1]}")
    if not any(k == "Job" for k, _ in objects):
        problems.add("k8s", "no migration Job")
    # Media live in the database (MEDIA_STORE=database, docs/operations.md "Media"): the pods
    # are stateless and the base has no claim (an old one is copied in by k8s/once/).
    for kind, name in objects:
        if kind == "PersistentVolumeClaim":
            problems.add(f"PersistentVolumeClaim/{name}", "no volume belongs in the base: media "
                         "live in the database (MEDIA_STORE=database)")

    # kustomization.yaml lists exactly the manifests.
    kust = (d.yaml_docs.get("k8s/kustomization.yaml") or [None])[0]
    if not kust:
        problems.add("deploy/k8s", "no kustomization.yaml")
    else:
        listed = set(kust.get("resources") or [])
        present = {rel[len("k8s/"):] for rel in d.yaml_docs
                   if is_k8s_base(rel) and rel != "k8s/kustomization.yaml"}
        for missing in sorted(present - listed):
            problems.add("deploy/k8s/kustomization.yaml", f"does not list {missing}")
        for extra in sorted(listed - present):
            problems.add("deploy/k8s/kustomization.yaml", f"lists {extra}, which does not exist")


def check_namespace_and_policies(objects, deployments, problems):
    """Pod Security `restricted` on the namespace; NetworkPolicies: a default deny of ingress,
    and each Deployment reachable only from the namespaces its policy names, on its ports."""
    namespace = objects.get(("Namespace", "langlearn"))
    labels = ((namespace or {}).get("metadata") or {}).get("labels") or {}
    if labels.get("pod-security.kubernetes.io/enforce") != "restricted":
        problems.add("Namespace/langlearn", "label pod-security.kubernetes.io/enforce must be "
                     "restricted")
    policies = {n: o for (k, n), o in objects.items() if k == "NetworkPolicy"}
    def spec_of(policy):
        return policy.get("spec") or {}
    if not any(spec_of(p).get("podSelector") == {} and "Ingress" in (spec_of(p).get("policyTypes") or [])
               and not spec_of(p).get("ingress") for p in policies.values()):
        problems.add("NetworkPolicy", "no default deny: a NetworkPolicy with podSelector {}, "
                     "policyTypes [Ingress] and no ingress rule")
    for name, policy in policies.items():
        for rule in spec_of(policy).get("ingress") or []:
            sources = rule.get("from")
            if not sources:
                problems.add(f"NetworkPolicy/{name}", "an ingress rule without `from` admits every "
                             "pod and address")
            for source in sources or []:
                if source.get("namespaceSelector") == {} or \
                        (source.get("ipBlock") or {}).get("cidr") in ("0.0.0.0/0", "::/0"):
                    problems.add(f"NetworkPolicy/{name}", f"source {source} admits everything")
    for dep_name, dep in deployments.items():
        pod_labels = ((dep["spec"].get("template") or {}).get("metadata") or {}).get("labels")
        ports = {p.get(k) for c in pod_spec(dep).get("containers") or [] for p in c.get("ports") or []
                 for k in ("name", "containerPort")}
        chosen = [n for n, p in policies.items() if spec_of(p).get("podSelector") and
                  selects((spec_of(p).get("podSelector") or {}).get("matchLabels"), pod_labels)
                  and spec_of(p).get("ingress")]
        if not chosen:
            problems.add(f"Deployment/{dep_name}", "no NetworkPolicy admits the edge to it")
        for n in chosen:
            for rule in spec_of(policies[n]).get("ingress") or []:
                for port in rule.get("ports") or []:
                    if port.get("port") not in ports:
                        problems.add(f"NetworkPolicy/{n}", f"port {port.get('port')} is no port "
                                     f"of Deployment/{dep_name}")


def check_pod(where, kind, spec, objects, secrets, d, problems):
    pod_security = spec.get("securityContext") or {}
    # The Pod Security `restricted` profile (namespace.yaml enforces it) and no API token.
    if spec.get("automountServiceAccountToken") is not False:
        problems.add(where, "automountServiceAccountToken must be false (the services never call "
                     "the Kubernetes API)")
    if (pod_security.get("seccompProfile") or {}).get("type") not in ("RuntimeDefault", "Localhost"):
        problems.add(where, "pod securityContext.seccompProfile.type must be RuntimeDefault "
                     "(Pod Security restricted)")
    if pod_security.get("runAsNonRoot") is not True:
        problems.add(where, "pod securityContext.runAsNonRoot must be true")
    if not pod_security.get("runAsUser"):
        problems.add(where, "pod securityContext.runAsUser must be a non-zero uid")
    volumes = {v.get("name"): v for v in spec.get("volumes") or []}
    for v in volumes.values():
        claim = (v.get("persistentVolumeClaim") or {}).get("claimName")
        if claim and ("PersistentVolumeClaim", claim) not in objects:
            problems.add(where, f"volume {v.get('name')}: no PersistentVolumeClaim {claim}")
        if claim:
            problems.add(where, f"volume {v.get('name')} mounts the claim {claim}: media live in "
                         "the database (MEDIA_STORE=database), the pods need no volume")
    grace = spec.get("terminationGracePeriodSeconds", 30)
    for c in spec.get("containers") or []:
        cw = f"{where} container {c.get('name')}"
        if not c.get("image"):
            problems.add(cw, "no image")
        res = c.get("resources") or {}
        for part in ("requests", "limits"):
            for resource in ("cpu", "memory"):
                if resource not in (res.get(part) or {}):
                    problems.add(cw, f"no resources.{part}.{resource}")
        security = c.get("securityContext") or {}
        if security.get("allowPrivilegeEscalation") is not False:
            problems.add(cw, "securityContext.allowPrivilegeEscalation must be false")
        if security.get("readOnlyRootFilesystem") is not True:
            problems.add(cw, "securityContext.readOnlyRootFilesystem must be true")
        if "ALL" not in ((security.get("capabilities") or {}).get("drop") or []):
            problems.add(cw, "securityContext.capabilities.drop must contain ALL")
        for m in c.get("volumeMounts") or []:
            if m.get("name") not in volumes:
                problems.add(cw, f"volumeMount {m.get('name')} names no volume")
        for ref in c.get("envFrom") or []:
            name = (ref.get("configMapRef") or {}).get("name")
            if name and ("ConfigMap", name) not in objects:
                problems.add(cw, f"envFrom: no ConfigMap {name}")
        for e in c.get("env") or []:
            ref = (e.get("valueFrom") or {}).get("secretKeyRef")
            if ref:
                secret = secrets.get(ref.get("name"))
                keys = set((secret or {}).get("stringData") or {}) | set((secret or {}).get("data") or {})
                if secret is None:
                    problems.add(cw, f"env {e.get('name')}: no Secret {ref.get('name')}")
                elif ref.get("key") not in keys:
                    problems.add(cw, f"env {e.get('name')}: Secret {ref.get('name')} has no key "
                                 f"{ref.get('key')}")
        env = container_env(c, objects)
        for name in env:
            if name not in d.documented_env:
                problems.add(cw, f"env {name} is not a variable of docs/configuration.md")
        if kind != "Deployment":
            continue
        if env.get("MEDIA_STORE") != "database":
            problems.add(cw, f"MEDIA_STORE must be database, not "
                         f"{env.get('MEDIA_STORE') or 'unset (folder)'}: media in a pod's folder "
                         "are neither shared, replicated nor backed up")
        ports = c.get("ports") or []
        if not ports:
            problems.add(cw, "no ports")
        port_names = {p.get("name") for p in ports} | {p.get("containerPort") for p in ports}
        if env.get("PORT") and int(env["PORT"]) not in {p.get("containerPort") for p in ports}:
            problems.add(cw, f"PORT {env['PORT']} is not a containerPort")
        for probe, path in (("livenessProbe", "/healthz"), ("readinessProbe", "/readyz")):
            get = (c.get(probe) or {}).get("httpGet") or {}
            if get.get("path") != path:
                problems.add(cw, f"{probe} must GET {path}")
            elif get.get("port") not in port_names:
                problems.add(cw, f"{probe} port {get.get('port')} is no container port")
        # Memory: the process plus one argon2id hash per worker (DB_POOL_SIZE of them at once).
        pool = int(env.get("DB_POOL_SIZE") or 2 * int(env.get("THREADS") or 0) or 0)
        if not env.get("THREADS"):
            problems.add(cw, "THREADS unset: the default is the node's core count")
        limit = size_mib((res.get("limits") or {}).get("memory", ""))
        if limit is not None and limit < BASE_RSS_MIB + ARGON2_MIB * pool:
            problems.add(cw, f"memory limit {limit:.0f} MiB below {BASE_RSS_MIB} + "
                         f"{ARGON2_MIB} x DB_POOL_SIZE {pool} MiB")
        stop = int(env.get("SHUTDOWN_GRACE_SECONDS") or 10)
        pause = 0
        cmd = (((c.get("lifecycle") or {}).get("preStop") or {}).get("exec") or {}).get("command")
        if cmd and cmd[0] == "sleep":
            pause = int(cmd[1])
        if grace <= pause + stop:
            problems.add(cw, f"terminationGracePeriodSeconds {grace} must exceed preStop {pause} + "
                         f"SHUTDOWN_GRACE_SECONDS {stop}")
