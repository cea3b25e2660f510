#!/usr/bin/env bash
# Backs up the shop's database: a consistent pg_dump snapshot in the custom format (compressed; pg_restore can
# restore all of it or pick tables), written to a new file whose readability is checked before it is announced.
#
#   DATABASE_URL=postgres://… scripts/backup.sh [file]     (default: backups/oripa-<UTC time>.dump)
#
# pg_dump must be at least as new as the server (PG_DUMP=/path/to/pg_dump to choose one); the shop keeps serving
# meanwhile (pg_dump reads one snapshot and takes no lock that blocks purchases).
set -euo pipefail
: "${DATABASE_URL:?set DATABASE_URL to the database to back up}"
PG_DUMP=${PG_DUMP:-pg_dump}
PG_RESTORE=${PG_RESTORE:-$(dirname "$(command -v "$PG_DUMP")")/pg_restore}
out=${1:-backups/oripa-$(date -u +%Y%m%dT%H%M%SZ).dump}

mkdir -p "$(dirname "$out")"
[ ! -e "$out" ] || { echo "backup: $out exists; name a new file" >&2; exit 1; }
tmp="$out.partial"
trap 'rm -f "$tmp"' EXIT
# No owners or grants: the restore runs as whichever role the new server gives the shop.
"$PG_DUMP" --format=custom --no-owner --no-privileges --file="$tmp" "$DATABASE_URL"
"$PG_RESTORE" --list "$tmp" >/dev/null
mv "$tmp" "$out"
trap - EXIT
echo "backup: $out ($(du -h "$out" | cut -f1))"
