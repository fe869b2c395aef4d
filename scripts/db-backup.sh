#!/usr/bin/env bash
# Logical backup of the CryptoVest database (docs/operations.md, "Backups and restores"):
#   DATABASE_URL=postgres://… BACKUP_DIR=/var/backups/cryptovest scripts/db-backup.sh   (or npm run db:backup)
# Writes BACKUP_DIR/cryptovest-<UTC time>.dump (pg_dump custom format, compressed), checks that
# pg_restore can read it, then deletes backups older than BACKUP_KEEP_DAYS days (14), always keeping
# the newest BACKUP_KEEP_MIN (7). Prints the file's path on stdout (last line). Exits non-zero on any
# failure, leaving no partial file behind. DATABASE_URL_FILE may hold the URL instead (as for the
# server). The password goes to pg_dump through PGPASSWORD, never on its command line.
# Needs bash 5, coreutils (GNU or busybox: ls -t, stat -c) and pg_dump/pg_restore of
# the server's major version or newer.
set -euo pipefail

fail() {
  echo "db-backup: FAILED: $*" >&2
  exit 1
}

if [ -z "${DATABASE_URL:-}" ] && [ -n "${DATABASE_URL_FILE:-}" ]; then
  DATABASE_URL="$(<"$DATABASE_URL_FILE")" || fail "DATABASE_URL_FILE $DATABASE_URL_FILE could not be read"
  DATABASE_URL="${DATABASE_URL//[$'\r\n\t ']/}"
fi
[ -n "${DATABASE_URL:-}" ] || fail "DATABASE_URL (or DATABASE_URL_FILE) must be set: the database to back up"
[ -n "${BACKUP_DIR:-}" ] || fail "BACKUP_DIR must be set: the directory the backups go to"
keep_days="${BACKUP_KEEP_DAYS:-14}"
keep_min="${BACKUP_KEEP_MIN:-7}"
[[ "$keep_days" =~ ^[1-9][0-9]*$ ]] || fail "BACKUP_KEEP_DAYS must be a whole number of days, at least 1 (got '$keep_days')"
[[ "$keep_min" =~ ^[1-9][0-9]*$ ]] || fail "BACKUP_KEEP_MIN must be a whole number, at least 1 (got '$keep_min')"
command -v pg_dump >/dev/null || fail "pg_dump not found on PATH (install the PostgreSQL client)"

# postgres://user:password@host/db → the URL without the password, the password (percent-decoded) in PGPASSWORD.
url="$DATABASE_URL"
if [[ "$url" =~ ^(postgres(ql)?://)([^:@/]*):([^@/]*)@(.*)$ ]]; then
  url="${BASH_REMATCH[1]}${BASH_REMATCH[3]}@${BASH_REMATCH[5]}"
  encoded="${BASH_REMATCH[4]//\\/\\\\}" # a literal backslash stays one through printf %b
  export PGPASSWORD="${PGPASSWORD:-$(printf '%b' "${encoded//%/\\x}")}"
fi

mkdir -p "$BACKUP_DIR" || fail "cannot create BACKUP_DIR $BACKUP_DIR"
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
file="$BACKUP_DIR/cryptovest-$stamp.dump"
n=1
while [ -e "$file" ]; do # two backups within one second
  n=$((n + 1))
  file="$BACKUP_DIR/cryptovest-$stamp-$n.dump"
done
partial="$BACKUP_DIR/.$(basename "$file").partial"
trap 'rm -f "$partial"' EXIT

started=${EPOCHREALTIME:-$(date +%s)}
pg_dump --format=custom --file="$partial" --dbname="$url" || fail "pg_dump of ${url} exited $?"
pg_restore --list "$partial" >/dev/null || fail "pg_restore cannot read the dump just written"
mv "$partial" "$file"
sync "$file" 2>/dev/null || true
took=$(awk -v a="$started" -v b="${EPOCHREALTIME:-$(date +%s)}" 'BEGIN { printf "%.1f", b - a }')
echo "db-backup: wrote $file ($(du -h "$file" | cut -f1), ${took} s)" >&2

# Retention: the newest keep_min stay whatever their age; older ones past keep_days go.
shopt -s nullglob
backups=("$BACKUP_DIR"/cryptovest-*.dump)
if [ "${#backups[@]}" -gt "$keep_min" ]; then
  mapfile -t backups < <(ls -1t -- "${backups[@]}") # newest first
  now=$(date +%s)
  for ((i = keep_min; i < ${#backups[@]}; i++)); do
    old="${backups[$i]}"
    if [ $((now - $(stat -c %Y -- "$old"))) -gt $((keep_days * 86400)) ]; then
      rm -f -- "$old" && echo "db-backup: deleted $old (older than $keep_days days)" >&2
    fi
  done
fi

echo "$file"
