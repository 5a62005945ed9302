#!/usr/bin/env bash
# Backs up the platform's database (docs/lifecycle.md).
#   PostgreSQL (DATABASE_URL set): pg_dump in custom format, taken from one snapshot while the
#     platform runs: every table, ts_msg with its day partitions, the roll-ups, the migration
#     journal (schema drizzle).
#   PGlite (no DATABASE_URL): an archive of DATA_DIR, only while no server has it open.
# usage: scripts/backup.sh [output file]   (default: ess-backup-<UTC time>.dump / .tar.gz)
set -euo pipefail

stamp=$(date -u +%Y%m%dT%H%M%SZ)
if [[ -n "${DATABASE_URL:-}" ]]; then
  out=${1:-ess-backup-$stamp.dump}
  # Written aside and renamed: a file with the final name is always a whole backup.
  pg_dump --format=custom --compress=6 --file="$out.partial" --dbname="$DATABASE_URL"
  mv "$out.partial" "$out"
  tables=$(pg_restore --list "$out" | grep -c ' TABLE DATA ' || true)
  echo "backup: $out ($(du -h "$out" | cut -f1), $tables tables with data)"
  exit 0
fi

dir=${DATA_DIR:-./data}
[[ -d "$dir/pgdata" ]] || { echo "backup: no PGlite database in $dir (set DATA_DIR, or DATABASE_URL for PostgreSQL)" >&2; exit 2; }
lock="$dir/ess-platform.pid"
if [[ -f "$lock" ]]; then
  pid=$(sed -n 's/.*"pid":\([0-9]*\).*/\1/p' "$lock")
  if [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null; then
    # PGlite keeps pages in the server's memory: a copy taken now may be torn and not start.
    echo "backup: $dir is in use by process $pid; stop the platform first (PGlite is copied only while stopped)" >&2
    exit 3
  fi
fi
out=${1:-ess-backup-$stamp.tar.gz}
tar --create --gzip --file="$out.partial" --directory="$dir" --exclude=./ess-platform.pid .
mv "$out.partial" "$out"
echo "backup: $out ($(du -h "$out" | cut -f1)) of $dir"
