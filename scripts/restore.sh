#!/usr/bin/env bash
# Restores a backup made by scripts/backup.sh into a NEW database, then audits it (scripts/audit-database.ts:
# balances equal ledgers, stock cursors match the cards, no half-written purchase, every migration and database
# function present). It never writes over a database that has tables: point the shop at the restored one.
#
#   scripts/restore.sh <file.dump> postgres://user@host:5432/oripa_restored
#
# The database is created when missing (the URL's role needs CREATEDB then). PG_RESTORE chooses the binary.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: scripts/restore.sh <file.dump> <new-database-url>" >&2; exit 2; }
file=$(realpath "$1")
target=$2
PG_RESTORE=${PG_RESTORE:-pg_restore}
cd "$(dirname "$0")/.."
[ -r "$file" ] || { echo "restore: cannot read $file" >&2; exit 1; }

node --import tsx scripts/lib/ensure-empty-database.ts "$target"
"$PG_RESTORE" --no-owner --no-privileges --exit-on-error --single-transaction --dbname="$target" "$file"
# Planner statistics are not in a dump.
node --import tsx scripts/audit-database.ts --analyze "$target"
