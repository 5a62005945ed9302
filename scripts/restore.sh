#!/usr/bin/env bash
# Restores a backup of scripts/backup.sh into an EMPTY target (docs/lifecycle.md); the
# platform then starts on it (its migrations find nothing to do).
#   PostgreSQL (DATABASE_URL = the new, empty database, e.g. made with createdb): pg_restore in
#     one transaction, owners and grants of the source left out (the restoring user owns all).
#   PGlite (no DATABASE_URL): unpacks into DATA_DIR, which must not exist or be empty.
# usage: scripts/restore.sh <backup file>
set -euo pipefail

file=${1:?usage: scripts/restore.sh <backup file>}
[[ -f "$file" ]] || { echo "restore: no file $file" >&2; exit 2; }

if [[ -n "${DATABASE_URL:-}" ]]; then
  used=$(psql --dbname="$DATABASE_URL" --no-psqlrc --tuples-only --no-align --command \
    "SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema')")
  if [[ "$used" != "0" ]]; then
    echo "restore: the target database already has $used tables; restore into a new, empty one" >&2
    exit 3
  fi
  pg_restore --dbname="$DATABASE_URL" --no-owner --no-privileges --single-transaction --exit-on-error "$file"
  echo "restore: $file restored into the database of DATABASE_URL"
  exit 0
fi

dir=${DATA_DIR:-./data}
if [[ -d "$dir" ]] && [[ -n "$(ls -A "$dir")" ]]; then
  echo "restore: $dir is not empty; restore into a new DATA_DIR" >&2
  exit 3
fi
mkdir -p "$dir"
tar --extract --gzip --file="$file" --directory="$dir"
echo "restore: $file unpacked into $dir"
