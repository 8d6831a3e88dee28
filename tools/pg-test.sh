#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests (the archive's tests run on SQLite and on PostgreSQL).
#
#   tools/pg-test.sh start     make a cluster in a new temporary folder, start it on a free port of 127.0.0.1,
#                              print the folder (its file `url` holds the server's URL: KITAPI_TEST_PG)
#   tools/pg-test.sh stop DIR  stop the cluster in DIR and remove the folder
#
# Debian's binaries (/usr/lib/postgresql/*/bin): installed with apt-get as root if missing, as
# tools/ensure-chromium.sh does for chromium.  initdb refuses to run as root, and CI runs as root: the cluster
# then runs as the user the package creates (postgres).  Nothing is kept: fsync off (a test database is
# thrown away), trust authentication on 127.0.0.1 and a socket in the folder only.
set -eu -o pipefail

bindir() {
    local d
    for d in /usr/lib/postgresql/*/bin; do
        [ -x "$d/initdb" ] && { echo "$d"; return 0; }
    done
    return 1
}

start() {
    local bin
    if ! bin=$(bindir); then
        if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
            echo "tools/pg-test.sh: installing Debian's postgresql for the archive's tests" >&2
            { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql; } >&2 || true
        fi
        bin=$(bindir) || {
            echo "tools/pg-test.sh: no PostgreSQL (initdb) here: install Debian's postgresql (apt-get install postgresql)" >&2
            exit 1
        }
    fi
    local dir run=()
    dir=$(mktemp -d "${TMPDIR:-/tmp}/kitapi-pg.XXXXXX")
    chmod 755 "$dir"
    if [ "$(id -u)" -eq 0 ]; then
        chown postgres: "$dir"
        run=(runuser -u postgres --)
    fi
    # a free port: the kernel's choice for a socket bound to port 0 (another cluster of another worktree
    # may run beside this one)
    local port
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    if ! "${run[@]}" "$bin/initdb" -D "$dir/data" -U kitapi -A trust -E UTF8 --locale=C --no-sync \
        >"$dir/initdb.log" 2>&1; then
        cat "$dir/initdb.log" >&2
        rm -rf "$dir"
        echo "tools/pg-test.sh: initdb failed (above)" >&2
        exit 1
    fi
    if ! "${run[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off \
            -c full_page_writes=off -c max_connections=200" start >/dev/null 2>&1; then
        cat "$dir/server.log" >&2 || true
        rm -rf "$dir"
        echo "tools/pg-test.sh: the server did not start (above)" >&2
        exit 1
    fi
    echo "postgresql://kitapi@127.0.0.1:$port/postgres" >"$dir/url"
    echo "$dir"
}

stop() {
    local dir=$1 bin run=()
    [ -d "$dir/data" ] || { rm -rf "$dir"; return 0; }
    bin=$(bindir)
    [ "$(id -u)" -eq 0 ] && run=(runuser -u postgres --)
    "${run[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
}

case "${1:-}" in
start) start ;;
stop) stop "${2:?tools/pg-test.sh stop DIR}" ;;
*)
    echo "usage: tools/pg-test.sh start | stop DIR" >&2
    exit 2
    ;;
esac
