#!/usr/bin/env bash
# The studio's browser tests (docs/testing.md "Browser tests"): Playwright (npm @playwright/test,
# pinned in package-lock.json) driving Debian's chromium against the built authoring-api on a
# fresh database of BACKEND (fixtures.js starts and stops it). The npm packages go to
# BUILD_DIR/tests/browser (npm-ci.sh: `npm ci` when missing or when the lock file changed);
# screenshots and traces of failures to BUILD_DIR/tests/browser/results/BACKEND.
#   run.sh BUILD_DIR sqlite|postgresql [playwright test arguments...]
#   run.sh BUILD_DIR unit [playwright test arguments...]   the studio's pure logic (unit/), no browser
# postgresql needs LL_TEST_PG_URL (a server where a fresh database may be created and dropped).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:?usage: run.sh BUILD_DIR sqlite|postgresql [args...]}" && pwd)
backend=${2:?usage: run.sh BUILD_DIR sqlite|postgresql [args...]}
shift 2
case "$backend" in
  sqlite|unit) ;;
  postgresql) [ -n "${LL_TEST_PG_URL:-}" ] || { echo "browser: LL_TEST_PG_URL is not set" >&2; exit 1; } ;;
  *) echo "browser: backend must be sqlite, postgresql or unit" >&2; exit 2 ;;
esac
[ "$backend" = unit ] || for binary in apps/authoring-api/authoring-api apps/learner-api/learner-api apps/langlearn-admin/langlearn-admin; do
  [ -x "$build/$binary" ] || { echo "browser: $build/$binary missing: build it first" >&2; exit 1; }
done
[ "$backend" = unit ] || [ -x /usr/bin/chromium ] || { echo "browser: /usr/bin/chromium missing (Debian package chromium)" >&2; exit 1; }

work="$build/tests/browser"
"$here/npm-ci.sh" "$work"

# The specs live in the source tree and the packages in the build tree: NODE_PATH lets the
# specs' require('@playwright/test') find them (one copy, so the runner and the specs agree).
export NODE_PATH="$work/node_modules"
export LL_BUILD_DIR="$build" LL_BROWSER_BACKEND="$backend" LL_BROWSER_RESULTS="$work/results/$backend"
rm -rf "$LL_BROWSER_RESULTS"
if [ "$backend" = unit ]; then
  # The studio's modules beside a package.json of type "module" (unit/studio-modules.js says why).
  export LL_STUDIO_MODULES="$work/studio-modules"
  rm -rf "$LL_STUDIO_MODULES" && mkdir -p "$LL_STUDIO_MODULES"
  cp "$here"/../../adapters/web/studio/*.js "$LL_STUDIO_MODULES/"
  echo '{"type": "module"}' > "$LL_STUDIO_MODULES/package.json"
  exec "$work/node_modules/.bin/playwright" test --config "$here/unit.config.js" "$@"
fi
exec "$work/node_modules/.bin/playwright" test --config "$here/playwright.config.js" "$@"
