"""What every check shares: the loaded deploy/ files, problems, constants."""
import os
import re

import yaml

MIB = 1024 * 1024
BASE_IMAGE_PACKAGES = {"libc6", "libgcc-s1", "libstdc++6"}  # in debian:12-slim (apt needs them)
RUNTIME_EXTRA = {"espeak-ng", "dict-freedict-deu-eng", "dict-freedict-deu-swe", "ca-certificates",
                 "tzdata"}
BINARIES = ("learner-api", "authoring-api", "langlearn-admin")
LEARNER_PATHS = ("/auth", "/feed", "/media")
AUTHORING_PATHS = ("/api", "/pictures", "/studio")
ARGON2_MIB = 19  # PASSWORD_HASH_MEMORY_KIB default, per concurrent hash
BASE_RSS_MIB = 64  # headroom for the process itself (measured: tens of MiB)
MEDIA_POOL_DEFAULT = 2  # MEDIA_POOL_SIZE's default (docs/configuration.md)


class Problems(list):
    def add(self, where, message):
        self.append(f"{where}: {message}")


# ---------------------------------------------------------------------------------------------
# Loading


class Deploy:
    """The files under deploy/, loaded once; the self-test mutates copies of these."""

    def __init__(self, repo):
        self.repo = repo
        self.root = os.path.join(repo, "deploy")
        self.yaml_docs = {}  # relative path -> [documents]
        self.parse_errors = []
        for dirpath, _, files in os.walk(self.root):
            for name in sorted(files):
                if name.endswith((".yaml", ".yml")):
                    path = os.path.join(dirpath, name)
                    rel = os.path.relpath(path, self.root)
                    try:
                        with open(path, encoding="utf-8") as f:
                            self.yaml_docs[rel] = [d for d in yaml.safe_load_all(f) if d is not None]
                    except yaml.YAMLError as e:
                        self.parse_errors.append(f"deploy/{rel}: not YAML: {e}")
        self.compose = (self.yaml_docs.get("compose.yaml") or [None])[0]
        # k8s/ha/ holds optional objects of operators (CloudNativePG), outside the base: ha.py.
        self.k8s = [(rel, doc) for rel, docs in sorted(self.yaml_docs.items())
                    if is_k8s_base(rel) for doc in docs]
        self.text = {}
        for rel in ("Dockerfile", "nginx/Dockerfile", "patroni/Dockerfile", ".env.example", "nginx.conf",
                    "nginx/langlearn.conf", "nginx/routes.conf", "nginx/upstreams.conf",
                    "patroni/entrypoint.sh"):
            self.text[rel] = read(os.path.join(self.root, rel))
        self.dockerignore = read(os.path.join(repo, ".dockerignore"))
        self.gitignore = read(os.path.join(repo, ".gitignore"))
        self.deps = read(os.path.join(repo, "scripts", "deps.sh"))
        self.documented_env = documented_variables(read(os.path.join(repo, "docs", "configuration.md")))
        self.operations = read(os.path.join(repo, "docs", "operations.md"))


def is_k8s_base(rel):
    # k8s/ha/: objects of operators (CloudNativePG); k8s/once/: one-off Jobs an operator applies
    # by hand (the first admin). Neither is in the default kustomization.
    return rel.startswith("k8s/") and not rel.startswith(("k8s/ha/", "k8s/once/"))


def read(path):
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except FileNotFoundError:
        return None


def documented_variables(markdown):
    names = set()
    for line in (markdown or "").splitlines():
        if line.startswith("| `"):
            names.update(re.findall(r"`([A-Z][A-Z0-9_]+)`", line.split("|")[1]))
    return names


def media_sessions(env):
    """The media store's own database sessions (MEDIA_STORE=database): MEDIA_POOL_SIZE."""
    if env.get("MEDIA_STORE") != "database":
        return 0
    return int(env.get("MEDIA_POOL_SIZE") or MEDIA_POOL_DEFAULT)


def process_sessions(env):
    """Database sessions one service process opens at start and keeps: DB_POOL_SIZE (default
    2 x THREADS) plus the media store's (docs/configuration.md)."""
    return int(env.get("DB_POOL_SIZE") or 2 * int(env.get("THREADS") or 1)) + media_sessions(env)


def admin_sessions(env):
    """One langlearn-admin run: its session, plus its media store's (seed --demo, migrate-media)."""
    return 1 + media_sessions(env)


def size_mib(quantity):
    m = re.fullmatch(r"(\d+)(Mi|Gi|M|G)?", str(quantity).strip())
    if not m:
        return None
    n = int(m.group(1))
    return {"Mi": n, "Gi": n * 1024, "M": n * 1e6 / MIB, "G": n * 1e9 / MIB, None: n / MIB}[m.group(2)]
