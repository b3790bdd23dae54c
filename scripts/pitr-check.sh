#!/usr/bin/env bash
# Point-in-time recovery with WAL archiving, executed end to end on a private PostgreSQL cluster
# (docs/deploy.md, "Backups"). It runs the guide's commands with only the paths changed:
#   1. initdb a cluster with archive_mode=on and the guide's archive_command, start it
#   2. pg_basebackup (the weekly base backup)
#   3. write rows, note the time T, write more rows (the "mistake"), switch the WAL segment
#   4. restore the base backup into a new data directory with restore_command and
#      recovery_target_time = T, start it, and check that exactly the rows before T are there
#   5. the rotation: pg_archivecleanup removes WAL older than the base backup that is kept
# Touches nothing but its own folder under /tmp and its own port (PITR_CHECK_PORT, default 5499).
set -euo pipefail

bin=${PG_BIN:-/usr/lib/postgresql/15/bin}
port=${PITR_CHECK_PORT:-5499}
work=$(mktemp -d /tmp/matchwerk-pitr.XXXXXX)
chmod 755 "$work"
# PostgreSQL refuses to run as root; as root the clusters belong to the postgres user.
as_pg=()
if [ "$(id -u)" = 0 ]; then
  chown postgres "$work"
  as_pg=(runuser -u postgres --)
fi
run() { "${as_pg[@]}" "$@"; }
sql() { run "$bin/psql" -qAt -h "$work" -p "$port" -d postgres -c "$1"; }
cleanup() {
  run "$bin/pg_ctl" -D "$work/restored" -m immediate stop > /dev/null 2>&1 || true
  run "$bin/pg_ctl" -D "$work/primary" -m immediate stop > /dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

echo "== 1. a cluster with WAL archiving ($work, port $port)"
run "$bin/initdb" -D "$work/primary" -U postgres --auth=trust > /dev/null
run mkdir -p "$work/backup/wal" "$work/backup/base"
cat >> "$work/primary/postgresql.conf" <<EOF
port = $port
listen_addresses = ''
unix_socket_directories = '$work'
wal_level = replica
archive_mode = on
# the guide's archive_command: never overwrite a segment that is already archived
archive_command = 'test ! -f $work/backup/wal/%f && cp %p $work/backup/wal/%f'
archive_timeout = 60
EOF
run "$bin/pg_ctl" -D "$work/primary" -l "$work/primary.log" -w start > /dev/null
sql "CREATE TABLE postings (id serial PRIMARY KEY, title text NOT NULL, created_at timestamptz NOT NULL DEFAULT clock_timestamp())"

echo "== 2. base backup (pg_basebackup, compressed tar)"
run "$bin/pg_basebackup" -h "$work" -p "$port" -U postgres -D "$work/backup/base/$(date +%F)" -Ft -z -Xnone --checkpoint=fast
ls "$work/backup/base/"*/ | sed 's/^/   /'

echo "== 3. 100 rows, the recovery target, 50 rows written after it"
sql "INSERT INTO postings (title) SELECT 'vor dem Ziel ' || g FROM generate_series(1, 100) g"
sleep 1
target=$(sql "SELECT now()")
sleep 1
sql "INSERT INTO postings (title) SELECT 'nach dem Ziel ' || g FROM generate_series(1, 50) g"
sql "SELECT pg_switch_wal()" > /dev/null
# wait until the segment holding the last rows is archived
for _ in $(seq 1 30); do
  [ "$(sql "SELECT failed_count = 0 AND last_archived_wal IS NOT NULL FROM pg_stat_archiver")" = t ] && break
  sleep 1
done
echo "   target: $target; archived WAL segments: $(ls "$work/backup/wal" | wc -l)"
run "$bin/pg_ctl" -D "$work/primary" -m fast stop > /dev/null

echo "== 4. restore the base backup, replay the archived WAL up to the target"
run mkdir -m 700 "$work/restored"
run tar -xzf "$work/backup/base/"*/base.tar.gz -C "$work/restored"
cat >> "$work/restored/postgresql.conf" <<EOF
restore_command = 'cp $work/backup/wal/%f %p'
recovery_target_time = '$target'
recovery_target_action = 'promote'
EOF
run touch "$work/restored/recovery.signal"
run "$bin/pg_ctl" -D "$work/restored" -l "$work/restored.log" -w -t 120 start > /dev/null
for _ in $(seq 1 60); do
  [ "$(sql "SELECT pg_is_in_recovery()")" = f ] && break
  sleep 1
done
before=$(sql "SELECT count(*) FROM postings WHERE title LIKE 'vor dem Ziel %'")
after=$(sql "SELECT count(*) FROM postings WHERE title LIKE 'nach dem Ziel %'")
grep -E "recovery stopping|last completed transaction" "$work/restored.log" | sed 's/^/   log: /' || true
echo "   rows before the target: $before (expected 100), after it: $after (expected 0)"
if [ "$before" != 100 ] || [ "$after" != 0 ]; then
  echo "point-in-time recovery did not stop at the target"
  exit 1
fi

echo "== 5. rotation: WAL older than the kept base backup goes"
oldest=$(run sh -c "ls $work/backup/wal | grep -E '^[0-9A-F]{24}\$' | head -1")
# the label of the oldest base backup kept (here the only one): everything before it can go
keep=$(run sh -c "ls $work/backup/wal | grep '\\.backup\$' | tail -1")
run "$bin/pg_archivecleanup" "$work/backup/wal" "$keep"
echo "   kept from $keep on; $oldest removed: $([ -e "$work/backup/wal/$oldest" ] && echo no || echo yes)"
echo "point-in-time recovery: OK"
