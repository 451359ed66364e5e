"""Checks deploy/ without Docker or a cluster (scripts/check-deploy.sh runs it).

  python3 scripts/deploy_check REPO [--build-dir DIR]   check; exit 1 with one line per problem
  python3 scripts/deploy_check REPO --selftest [...]    plant known mistakes; each must be found

What is checked:
- every YAML file under deploy/ parses;
- Kubernetes manifests against the models of Debian's python3-kubernetes (generated from the
  Kubernetes OpenAPI; unknown fields, wrong types, missing required fields), then how they fit
  together: selectors match template labels, Services select a Deployment and name its ports,
  the HPA and PDB target the Deployment, Ingress backends name Services and their ports and
  route the public paths of docs/spec/decisions.md 1, secretKeyRefs name keys of the Secret, probes,
  resources and securityContexts are there, kustomization.yaml lists every manifest, the pods
  keep media in the database (MEDIA_STORE=database, no PersistentVolumeClaim);
- compose.yaml: services, depends_on conditions, health checks, declared volumes, media in the
  database and no volume on a langlearn service, TRUSTED_PROXIES equal to nginx's fixed address,
  PostgreSQL max_connections against replicas x (DB_POOL_SIZE + MEDIA_POOL_SIZE), every ${VAR}
  documented in .env.example;
- both Dockerfiles: Debian 12 bases, a non-root USER and no -dev package in the final stage,
  the runtime packages against the libraries the built binaries really link (dpkg -S);
- the nginx files: keep-alive upstreams, no retry of non-idempotent requests, body limits,
  /media behind a bounded proxy_cache with a lock, no user/pid/daemon in the main file (nginx -t
  itself runs in check-deploy.sh);
- every environment variable set anywhere is one docs/configuration.md documents;
- the profile ha: three Patroni nodes with distinct names, addresses and volumes, etcd3 hosts
  that are services of the profile, synchronous_mode and use_pg_rewind, every langlearn *-ha
  service's DATABASE_URL listing all three nodes with target_session_attrs=read-write and
  otherwise equal to its default namesake; each node's configuration through Debian's
  `patroni --validate-config`; deploy/k8s/ha/postgres-cluster.yaml (CloudNativePG: 3 instances,
  a synchronous replica, max_connections against deploy/k8s at the HPA's maximum, outside the
  default kustomization).
"""
import sys

from common import Deploy
from run import run_checks
from selftest import selftest


def main(argv):
    args = argv[1:]
    if not args:
        print(__doc__, file=sys.stderr)
        return 2
    repo = args[0]
    build_dir = args[args.index("--build-dir") + 1] if "--build-dir" in args else None
    if "--selftest" in args:
        return selftest(repo, build_dir)
    problems = run_checks(Deploy(repo), build_dir)
    for p in problems:
        print(p)
    note = "" if build_dir else " (runtime packages not checked: no --build-dir)"
    print(f"deploy_check: {len(problems)} problem(s){note}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
