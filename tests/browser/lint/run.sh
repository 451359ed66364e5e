#!/usr/bin/env bash
# The studio's lint (docs/testing.md "Studio lint"): ESLint (eslint.config.js) and Prettier's
# check (prettier.json) over the studio's scripts (adapters/web/studio) and its browser tests
# (tests/browser); any finding fails. Then both must refuse planted.js, so a lint that stopped
# checking fails too. With --write (make fmt), Prettier formats the same files instead.
# The npm packages are the browser tests' (tests/browser/package-lock.json, npm-ci.sh).
#   lint/run.sh BUILD_DIR [--write]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
mkdir -p "${1:?usage: lint/run.sh BUILD_DIR [--write]}/tests/browser"
work=$(cd "$1/tests/browser" && pwd)
mode=${2:-check}

"$here/../npm-ci.sh" "$work"
# The configuration lives here, the packages in the build tree: NODE_PATH lets
# eslint.config.js's require() find them.
export NODE_PATH="$work/node_modules"
# ESLint keeps a cache in the build tree, and so does Prettier's check: a file unchanged since
# it passed is not read again. Not --write: Prettier would note a file it wrote as formatted,
# and its output can still change on a second pass (a file formatted very differently before),
# so --write runs twice and the check reads the files afresh.
eslint=("$work/node_modules/.bin/eslint" --config "$here/eslint.config.js" --max-warnings 0
  --cache --cache-location "$work/lint-cache/eslint")
prettier=("$work/node_modules/.bin/prettier" --config "$here/prettier.json" --log-level warn)
checked=(--cache --cache-location "$work/lint-cache/prettier")

cd "$root"
planted=tests/browser/lint/planted.js
mapfile -t files < <(find adapters/web/studio tests/browser -name '*.js' -not -path '*/node_modules/*' \
  -not -path "$planted" | sort)

if [ "$mode" = --write ]; then
  "${prettier[@]}" --write "${files[@]}"
  exec "${prettier[@]}" --write "${files[@]}"
fi

status=0
"${eslint[@]}" "${files[@]}" || status=1
if ! "${prettier[@]}" "${checked[@]}" --check "${files[@]}"; then
  echo "studio lint: make fmt formats them" >&2
  status=1
fi

if out=$("${eslint[@]}" "$planted" 2>&1); then
  echo "studio lint: ESLint passed $planted; the rules are not applied" >&2
  status=1
fi
for rule in no-unused-vars no-undef; do
  grep -q "$rule" <<<"$out" || { echo "studio lint: $planted not refused by $rule" >&2; status=1; }
done
if "${prettier[@]}" --check "$planted" >/dev/null 2>&1; then
  echo "studio lint: Prettier passed $planted; the style is not applied" >&2
  status=1
fi
[ "$status" = 0 ] && echo "studio lint: ${#files[@]} files clean; $planted refused, as it must be"
exit "$status"
