#!/usr/bin/env bash
# Proves that a pg_dump backup of a Matchwerk database restores into a working Matchwerk:
# dump → restore into a new database → compare row counts table by table → start Matchwerk on
# the copy and sign in. Without BACKUP_CHECK_DATABASE_URL it first makes a demo database to back up.
#   BACKUP_CHECK_SERVER_URL    PostgreSQL server to create scratch databases on
#                              (default postgres://postgres@127.0.0.1:5432/postgres)
#   BACKUP_CHECK_DATABASE_URL  the database to back up (e.g. a copy of production); read only
#   BACKUP_CHECK_SIGN_IN       "email:password" to sign in with on the restored copy
#                              (default: the demo administrator, for the demo database)
set -euo pipefail
cd "$(dirname "$0")/.."

server_url=${BACKUP_CHECK_SERVER_URL:-postgres://postgres@127.0.0.1:5432/postgres}
suffix="$(date +%s)_$$"
work=$(mktemp -d)
port=${BACKUP_CHECK_PORT:-3990}
created=()
pids=()

db_url() { # the server URL with another database name
  node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.toString())' "$server_url" "$1"
}
cleanup() {
  for pid in "${pids[@]}"; do kill -- -"$pid" 2>/dev/null || true; done
  for name in "${created[@]}"; do psql -q "$server_url" -c "DROP DATABASE IF EXISTS \"$name\" WITH (FORCE)" > /dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

start_matchwerk() { # $1 database URL, $2 "seed" (a demo database) or "production"; waits until ready
  if [ "${2:-}" = production ]; then
    # As production starts it (no demo mode), but holding every mail (MAIL_HOLD=1): a restored
    # copy must never mail real users. SMTP_URL is required and never used while mail is held.
    env -u DEMO_MODE NODE_ENV=production DATABASE_URL="$1" MAIL_HOLD=1 SMTP_URL=smtp://127.0.0.1:9 \
      AUTH_SECRET="backup-check-$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')" CANDIDATE_APP=0 \
      PUBLIC_URL="http://localhost:$port" PORT=$port HOST=127.0.0.1 DATA_DIR="$work/data" LOG_LEVEL=warn \
      setsid node --import tsx apps/api/src/server.ts > "$work/server.log" 2>&1 &
  else
    DATABASE_URL="$1" DEMO_MODE=1 SEED_DEMO="${2:+1}" PORT=$port HOST=127.0.0.1 DATA_DIR="$work/data" LOG_LEVEL=warn \
      setsid node --import tsx apps/api/src/server.ts > "$work/server.log" 2>&1 &
  fi
  pids+=($!)
  for _ in $(seq 1 120); do
    curl -fsS "http://127.0.0.1:$port/rest/ready" > /dev/null 2>&1 && return 0
    kill -0 "${pids[-1]}" 2>/dev/null || break
    sleep 1
  done
  cat "$work/server.log"; echo "Matchwerk did not start on $1"; exit 1
}
stop_matchwerk() {
  kill -- -"${pids[-1]}" 2>/dev/null || true
  while kill -0 "${pids[-1]}" 2>/dev/null; do sleep 0.2; done
  unset 'pids[-1]'
}
row_counts() { # one line per table of every schema (public, the job queue pgboss, drizzle's journal): schema.name count
  psql -qAt "$1" -c "SELECT table_schema || '.' || table_name FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND table_type = 'BASE TABLE' ORDER BY 1" |
    while read -r table; do echo "$table $(psql -qAt "$1" -c "SELECT count(*) FROM \"${table%%.*}\".\"${table#*.}\"")"; done
}

source_url=${BACKUP_CHECK_DATABASE_URL:-}
sign_in=${BACKUP_CHECK_SIGN_IN:-admin@matchwerk.example:Matchwerk-Demo-2026}
if [ -z "$source_url" ]; then
  echo "== a demo database to back up"
  name="mw_backup_source_$suffix"
  psql -q "$server_url" -c "CREATE DATABASE \"$name\"" > /dev/null
  created+=("$name")
  source_url=$(db_url "$name")
  start_matchwerk "$source_url" seed
  stop_matchwerk
fi

echo "== pg_dump (custom format)"
pg_dump --format=custom --no-owner --file="$work/matchwerk.dump" "$source_url"
ls -l "$work/matchwerk.dump" | awk '{ print "   " $5 " bytes" }'

echo "== pg_restore into a new database"
restored="mw_backup_restored_$suffix"
psql -q "$server_url" -c "CREATE DATABASE \"$restored\"" > /dev/null
created+=("$restored")
restored_url=$(db_url "$restored")
pg_restore --no-owner --exit-on-error --dbname="$restored_url" "$work/matchwerk.dump"

echo "== row counts, table by table"
row_counts "$source_url" > "$work/source.counts"
row_counts "$restored_url" > "$work/restored.counts"
if ! diff -u "$work/source.counts" "$work/restored.counts"; then echo "the restored copy differs"; exit 1; fi
echo "   $(wc -l < "$work/source.counts") tables in $(cut -d. -f1 "$work/source.counts" | sort -u | tr "\n" " ")schemas, $(awk '{ s += $2 } END { print s }' "$work/source.counts") rows, all equal"

echo "== Matchwerk on the restored copy: production start (mail held), sign in"
start_matchwerk "$restored_url" production
email=${sign_in%%:*}
password=${sign_in#*:}
status=$(curl -sS -o "$work/sign-in.json" -w '%{http_code}' -H "Origin: http://localhost:$port" -H 'Content-Type: application/json' \
  --data "$(node -e 'console.log(JSON.stringify({ email: process.argv[1], password: process.argv[2] }))' "$email" "$password")" \
  "http://127.0.0.1:$port/rest/auth/sign-in/email")
if [ "$status" != 200 ]; then cat "$work/sign-in.json"; echo; echo "sign-in on the restored copy answered $status"; exit 1; fi
stop_matchwerk
echo "Backup and restore work: $email signed in on the restored copy."
