#!/usr/bin/env bash
# Install and start Debian's PostgreSQL for the campaign storage tests, create a role and a
# database, and print the test URL (the caller exports it as WARBAND_TEST_PG_URL).
set -euo pipefail
SUDO=""
AS_PG="runuser -u postgres --"
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; AS_PG="sudo -u postgres"; fi
if ! command -v pg_ctlcluster >/dev/null 2>&1 || [ -z "$(ls /etc/postgresql 2>/dev/null)" ]; then
    $SUDO apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >&2
fi
VERSION="$(ls /etc/postgresql | sort -V | tail -1)"
if ! pg_lsclusters -h | awk -v v="$VERSION" '$1 == v && $2 == "main" {print $4}' | grep -q online; then
    $SUDO pg_ctlcluster "$VERSION" main start >&2
fi
PORT="$(pg_lsclusters -h | awk -v v="$VERSION" '$1 == v && $2 == "main" {print $3}')"
$AS_PG psql -q -p "$PORT" -tc "SELECT 1 FROM pg_roles WHERE rolname='warband'" \
    | grep -q 1 || $AS_PG psql -q -p "$PORT" \
    -c "CREATE ROLE warband LOGIN PASSWORD 'warband' CREATEDB" >&2
$AS_PG psql -q -p "$PORT" -tc "SELECT 1 FROM pg_database WHERE datname='warband_test'" \
    | grep -q 1 || $AS_PG createdb -p "$PORT" -O warband warband_test >&2
echo "postgresql+psycopg://warband:warband@127.0.0.1:${PORT}/warband_test"
