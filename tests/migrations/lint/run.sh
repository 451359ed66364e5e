#!/usr/bin/env bash
# squawk (npm squawk-cli, pinned in package-lock.json) over the PostgreSQL migrations, with
# squawk.toml beside this script: operations that would lock a busy table for long must be
# fixed, or waived in the file with the reason (docs/operations.md "Migrations"). Then the same
# lint must refuse planted.sql, so a lint that stopped checking fails too. The npm package goes
# to WORK_DIR (in the build tree), installed with `npm ci` when missing or when the lock file
# changed.
#   run.sh WORK_DIR MIGRATION...
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=${1:?usage: run.sh WORK_DIR MIGRATION...}
shift
export NO_UPDATE_NOTIFIER=1 npm_config_update_notifier=false npm_config_fund=false \
  npm_config_audit=false

mkdir -p "$work"
if ! cmp -s "$here/package-lock.json" "$work/package-lock.json" || [ ! -x "$work/node_modules/.bin/squawk" ]; then
  cp "$here/package.json" "$here/package-lock.json" "$work/"
  # npm install, not npm ci: the registry has squawk's binary package for this platform only,
  # and npm ci refuses a lock file without the other platforms' optional packages.
  (cd "$work" && npm install --no-save --loglevel=error)
fi
squawk=("$work/node_modules/.bin/squawk" --config "$here/squawk.toml" --reporter gcc)

"${squawk[@]}" "$@"
echo "migrations lint: $# files, no finding"

if out=$("${squawk[@]}" "$here/planted.sql" 2>&1); then
  echo "migrations lint: planted.sql passed the lint; the rules are not applied" >&2
  exit 1
fi
for rule in require-concurrent-index-creation adding-required-field; do
  grep -q "$rule" <<<"$out" || { echo "migrations lint: planted.sql not refused by $rule" >&2; echo "$out" >&2; exit 1; }
done
echo "migrations lint: planted.sql refused (require-concurrent-index-creation, adding-required-field), as it must be"
