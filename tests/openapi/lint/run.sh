#!/usr/bin/env bash
# redocly lint (npm @redocly/cli, pinned in package-lock.json) of the OpenAPI documents given,
# with redocly.yaml beside this script; then the same lint must refuse planted.yaml, so a lint
# that stopped checking fails too. The npm packages go to WORK_DIR (in the build tree), installed
# with `npm ci` when missing or when the lock file changed.
#   run.sh WORK_DIR DOCUMENT...
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=${1:?usage: run.sh WORK_DIR DOCUMENT...}
shift
export REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true NO_UPDATE_NOTIFIER=1 \
  npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false

mkdir -p "$work"
if ! cmp -s "$here/package-lock.json" "$work/package-lock.json" || [ ! -x "$work/node_modules/.bin/redocly" ]; then
  cp "$here/package.json" "$here/package-lock.json" "$work/"
  (cd "$work" && npm ci --loglevel=error)
fi
redocly=("$work/node_modules/.bin/redocly" lint --config "$here/redocly.yaml" --format=stylish)

"${redocly[@]}" "$@"

if out=$("${redocly[@]}" "$here/planted.yaml" 2>&1); then
  echo "openapi lint: planted.yaml passed the lint; the rules are not applied" >&2
  exit 1
fi
for rule in operation-operationId security-defined; do
  grep -q "$rule" <<<"$out" || { echo "openapi lint: planted.yaml not refused by $rule" >&2; exit 1; }
done
echo "openapi lint: planted.yaml refused (operation-operationId, security-defined), as it must be"
