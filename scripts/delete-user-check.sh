#!/usr/bin/env bash
# `langlearn-admin delete-user EMAIL` (docs/accounts.md "Deleting an account and
# exporting its data") against a learner-api on a fresh SQLite database: two learners practise,
# support deletes one; every row of that learner is gone, the other's are all there, the login
# is refused and the username is free. Exit codes: 0 deleted, 1 no such account or a staff
# account, 2 usage.
#   delete-user-check.sh BUILD_DIR        (ctest `admin_delete_user`)
set -euo pipefail
build=${1:?usage: delete-user-check.sh BUILD_DIR}
work=$(mktemp -d /tmp/langlearn-delete-user.XXXXXX)
pid=
cleanup() { [ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
export DATABASE_URL="sqlite://$work/ll.db" MEDIA_DIR="$work/media" LOG_LEVEL=warn
export JWT_SECRET=delete-user-secret-0123456789abcdefghij
admin="$build/apps/langlearn-admin/langlearn-admin"
db="$work/ll.db"
fail() { echo "delete-user-check: $*" >&2; exit 1; }
rows() { sqlite3 "$db" "$1"; }

"$admin" migrate >/dev/null
rows "INSERT INTO pairs (answer_type, status) VALUES ('word', 'published')"
pair=$(rows "SELECT MAX(id) FROM pairs")
rows "INSERT INTO pair_categories (pair_id, category_id) SELECT $pair, MIN(id) FROM categories"
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
PORT=$PORT "$build/apps/learner-api/learner-api" >"$work/learner.log" 2>&1 & pid=$!
L=http://127.0.0.1:$PORT
for _ in $(seq 100); do curl -sf "$L/readyz" >/dev/null 2>&1 && break; sleep 0.1; done

learner() {  # EMAIL USERNAME -> token; a profile and one booking with an Idempotency-Key
  local token
  token=$(curl -sf -X POST $L/auth/register -H 'Content-Type: application/json' \
            -d "{\"email\":\"$1\",\"password\":\"correct horse\"}" \
          | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
  curl -sf -X POST $L/auth/profile -H "Authorization: Bearer $token" \
    -d "{\"username\":\"$2\",\"nativeLang\":1,\"targetLang\":3}" >/dev/null || fail "profile $2"
  curl -sf -X POST $L/auth/progress -H "Authorization: Bearer $token" -H 'Idempotency-Key: k1' \
    -d "{\"pair_id\":$pair,\"correct\":true,\"points\":25}" >/dev/null || fail "progress $2"
  echo "$token"
}
learner ada@example.com Ada >/dev/null
learner bob@example.com bob >/dev/null
ada=$(rows "SELECT id FROM users WHERE email = 'ada@example.com'")
bob=$(rows "SELECT id FROM users WHERE email = 'bob@example.com'")

tables="users_public user_names user_pair_progress user_daily_activity user_category_stats user_achievements idempotency_keys card_memory review_log"
count_of() {  # USER_ID -> "table=n ..." over the learner tables (users by id)
  local out="users=$(rows "SELECT COUNT(*) FROM users WHERE id = $1")"
  for t in $tables; do out="$out $t=$(rows "SELECT COUNT(*) FROM $t WHERE user_id = $1")"; done
  echo "$out"
}
before_bob=$(count_of "$bob")
case "$(count_of "$ada")" in *=0*) fail "ada has no row in some table before: $(count_of "$ada")";; esac

# Usage and refusals.
set +e
"$admin" delete-user >/dev/null 2>&1; [ $? -eq 2 ] || fail "no EMAIL is not exit 2"
err=$("$admin" delete-user nobody@example.com 2>&1 >/dev/null); code=$?
[ $code -eq 1 ] || fail "an unknown e-mail is exit $code"
[ "$err" = "delete-user: no account nobody@example.com" ] || fail "unknown e-mail said: $err"
printf 'staff-password-1\n' | "$admin" create-staff --email ed@example.com --role editor >/dev/null
err=$("$admin" delete-user ed@example.com 2>&1 >/dev/null); code=$?
[ $code -eq 1 ] || fail "a staff account is exit $code"
case "$err" in *"is a staff account"*"set-role ed@example.com end-user"*) ;;
  *) fail "staff account said: $err";; esac
[ "$(rows "SELECT COUNT(*) FROM users WHERE email = 'ed@example.com'")" = 1 ] || fail "staff account deleted"
set -e

out=$("$admin" delete-user ' ADA@example.com ') || fail "delete-user failed: $out"
[ "$out" = "delete-user: ada@example.com (id $ada) deleted with all of its data" ] || fail "said: $out"
expected="users=0"; for t in $tables; do expected="$expected $t=0"; done
[ "$(count_of "$ada")" = "$expected" ] || fail "rows left: $(count_of "$ada")"
[ "$(count_of "$bob")" = "$before_bob" ] || fail "bob's rows changed: $(count_of "$bob") (was $before_bob)"

status=$(curl -s -o /dev/null -w '%{http_code}' -X POST $L/auth/login \
           -d '{"email":"ada@example.com","password":"correct horse"}')
[ "$status" = 401 ] || fail "login after delete-user answered $status"
learner ada2@example.com ADA >/dev/null || fail "the freed username cannot be taken again"
set +e
"$admin" delete-user ada@example.com >/dev/null 2>&1; [ $? -eq 1 ] || fail "a second delete is not exit 1"
echo "delete-user-check: deleted, every table clean, the other learner untouched"
