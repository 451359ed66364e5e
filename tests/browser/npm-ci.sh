#!/usr/bin/env bash
# Installs tests/browser's npm packages (pinned in package-lock.json: Playwright and axe-core for
# the browser tests, ESLint and Prettier for lint/run.sh) into WORK_DIR/node_modules with
# `npm ci`, when they are missing or the lock file changed. The browser runs, studio_unit,
# studio_lint and `make fmt` share the one install: flock makes a second caller wait for the
# first's `npm ci` instead of running its own into the same folder.
#   npm-ci.sh WORK_DIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=${1:?usage: npm-ci.sh WORK_DIR}
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 NO_UPDATE_NOTIFIER=1 npm_config_update_notifier=false \
  npm_config_fund=false npm_config_audit=false
mkdir -p "$work"
exec 9>"$work/.npm-ci.lock"
flock 9
installed() {
  local bin
  for bin in playwright eslint prettier; do [ -x "$work/node_modules/.bin/$bin" ] || return 1; done
}
if ! cmp -s "$here/package-lock.json" "$work/package-lock.json" || ! installed; then
  cp "$here/package.json" "$here/package-lock.json" "$work/"
  (cd "$work" && npm ci --loglevel=error)
fi
