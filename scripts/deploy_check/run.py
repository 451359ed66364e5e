"""All checks over one loaded deploy/."""
from common import Problems
from compose import check_compose
from docker import check_dockerfiles
from ha import check_ha
from k8s import check_k8s_schema, check_k8s_structure
from nginx import check_nginx


def run_checks(d, build_dir=None):
    problems = Problems()
    problems.extend(d.parse_errors)
    check_k8s_schema(d, problems)
    check_k8s_structure(d, problems)
    check_compose(d, problems)
    check_dockerfiles(d, build_dir, problems)
    check_nginx(d, problems)
    check_ha(d, problems)
    return problems
