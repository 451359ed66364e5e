#!/usr/bin/env bash
# make run: migrate and seed a SQLite database under var/, then start both services in the
# foreground with development settings. Ctrl-C stops both.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${1:-build/release}
bin="$build_dir/apps"

mkdir -p var/media
export DATABASE_URL=${DATABASE_URL:-sqlite://./var/langlearn.db}
export MEDIA_DIR=${MEDIA_DIR:-./var/media}
export LOG_LEVEL=${LOG_LEVEL:-info}
export TTS_COMMAND=${TTS_COMMAND:-espeak-ng}
export APP_TIMEZONE=${APP_TIMEZONE:-Europe/Berlin}
if [ -z "${JWT_SECRET:-}" ]; then
  # A fixed development secret so tokens survive restarts; never use it in production.
  export JWT_SECRET=dev-only-secret-change-me-0123456789abcdef
  echo "make run: using the DEVELOPMENT JWT_SECRET (set JWT_SECRET for anything real)"
fi
# Password reset mails go to learner-api's log unless a mail server is configured.
if [ -z "${MAILER:-}" ] && [ -z "${SMTP_URL:-}" ]; then
  export MAILER=log
  echo "make run: MAILER=log (password reset links appear in learner-api's log)"
fi
if [ -z "${DEV_TOKENS:-}" ]; then
  export DEV_TOKENS=dev-token-for-local-authoring-0001
  echo "make run: authoring development token: $DEV_TOKENS"
fi

"$bin/langlearn-admin/langlearn-admin" migrate
"$bin/langlearn-admin/langlearn-admin" seed --demo
# Pictures stored before renditions existed (a var/ database of an older checkout) get theirs;
# quick and silent when every picture has them.
"$bin/langlearn-admin/langlearn-admin" make-renditions || echo "make run: pictures without renditions remain (above)"
# The same for audio stored before its copies for phones existed (docs/audio.md).
"$bin/langlearn-admin/langlearn-admin" make-audio-variants >/dev/null ||
  echo "make run: audio without its copies for phones remains (above)"
# A development editor account (made once), so a newcomer can sign in as staff at once.
dev_editor_email=${DEV_EDITOR_EMAIL:-dev-editor@example.com}
dev_editor_password=${DEV_EDITOR_PASSWORD:-development-editor}
if echo "$dev_editor_password" | "$bin/langlearn-admin/langlearn-admin" create-staff \
     --email "$dev_editor_email" --role editor >/dev/null 2>&1; then
  echo "make run: development editor account created"
fi
echo "make run: development editor account: $dev_editor_email / $dev_editor_password (sign in to the studio with it; POST /auth/login gives its staff token; development only)"

pids=()
cleanup() { for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done; wait || true; }
trap cleanup EXIT INT TERM

PORT=${LEARNER_PORT:-8080} "$bin/learner-api/learner-api" & pids+=($!)
PORT=${AUTHORING_PORT:-8081} "$bin/authoring-api/authoring-api" & pids+=($!)
echo "make run: learner-api on http://127.0.0.1:${LEARNER_PORT:-8080}, authoring-api on http://127.0.0.1:${AUTHORING_PORT:-8081}, the studio at http://127.0.0.1:${AUTHORING_PORT:-8081}/studio/ (Ctrl-C stops both)"
# When either service stops, the other is stopped too (the EXIT trap).
wait -n "${pids[@]}" || true
