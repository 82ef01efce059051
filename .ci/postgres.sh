# shellcheck shell=bash
# A throwaway PostgreSQL server for the tests, from Debian's `postgresql` package.
#
#   source .ci/postgres.sh && pg_test_start    # exports PAIJU_TEST_POSTGRES_URL, stops at exit
#
# Installs the package when missing (as root: apt-get, quiet, idempotent), initialises a
# cluster in a temporary directory as the unprivileged `postgres` user (initdb refuses root),
# serves it on a unix socket only (no TCP port to collide with), and stops it and removes the
# directory when the shell exits (trap). The tests read PAIJU_TEST_POSTGRES_URL; with CI=true a
# test marked `postgres` without it FAILS (tests/conftest.py), it is never skipped.

pg_test_bindir() {
    local dir
    dir=$( (ls -d /usr/lib/postgresql/*/bin 2>/dev/null || true) | sort -V | tail -n 1)
    [ -n "$dir" ] && [ -x "$dir/initdb" ] && echo "$dir"
}

pg_test_install() {
    if pg_test_bindir >/dev/null; then
        return 0
    fi
    if [ "$(id -u)" != 0 ]; then
        echo "postgres: Debian's postgresql package is missing and this is not root:" \
            "apt-get install postgresql" >&2
        return 1
    fi
    echo "== installing Debian's postgresql package"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq --no-install-recommends postgresql >/dev/null
    pg_test_bindir >/dev/null
}

pg_test_stop() {
    if [ -n "${PAIJU_PG_DIR:-}" ] && [ -d "$PAIJU_PG_DIR" ]; then
        pg_test_as "$PAIJU_PG_BIN/pg_ctl" -D "$PAIJU_PG_DIR/data" -m immediate -w stop \
            >/dev/null 2>&1 || true
        rm -rf "$PAIJU_PG_DIR"
    fi
    PAIJU_PG_DIR=
}

pg_test_as() {
    if [ "$(id -u)" = 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

pg_test_start() {
    pg_test_install || return 1
    PAIJU_PG_BIN=$(pg_test_bindir)
    PAIJU_PG_DIR=$(mktemp -d /tmp/paiju-pg.XXXXXX)  # /tmp: the postgres user can reach it, the socket path stays short
    chmod 755 "$PAIJU_PG_DIR"
    if [ "$(id -u)" = 0 ]; then
        chown postgres "$PAIJU_PG_DIR"
    fi
    trap pg_test_stop EXIT
    pg_test_as "$PAIJU_PG_BIN/initdb" -D "$PAIJU_PG_DIR/data" -U paiju --auth=trust \
        -E UTF8 --locale=C.UTF-8 >"$PAIJU_PG_DIR/initdb.log" 2>&1 || {
        cat "$PAIJU_PG_DIR/initdb.log" >&2
        return 1
    }
    # unix socket only, in the private directory; fsync stays on (commits are durable)
    pg_test_as "$PAIJU_PG_BIN/pg_ctl" -D "$PAIJU_PG_DIR/data" -l "$PAIJU_PG_DIR/server.log" -w \
        -o "-c listen_addresses='' -k $PAIJU_PG_DIR -p 5432 -c max_connections=200" \
        start >/dev/null || {
        cat "$PAIJU_PG_DIR/server.log" >&2
        return 1
    }
    "$PAIJU_PG_BIN/createdb" -h "$PAIJU_PG_DIR" -p 5432 -U paiju paiju_test
    export PAIJU_TEST_POSTGRES_URL="postgresql://paiju@/paiju_test?host=$PAIJU_PG_DIR&port=5432"
    export PAIJU_PG_DIR PAIJU_PG_BIN
    echo "== PostgreSQL $("$PAIJU_PG_BIN/postgres" --version | awk '{print $3}') for the tests: $PAIJU_TEST_POSTGRES_URL"
}
