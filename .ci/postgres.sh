#!/usr/bin/env bash
# A throw-away PostgreSQL cluster for the test suites, on a loopback port in a temporary directory.
#   source .ci/postgres.sh start   -> installs PostgreSQL from Debian's packages when missing,
#                                     starts a cluster, exports TEST_DATABASE_URL
#   .ci/postgres.sh stop DIR       -> stops the cluster in DIR and removes it
# As root, the cluster belongs to the unprivileged postgres user (initdb refuses root).
# Sourced, it gives the calling shell back its own options once started: a developer's shell
# left with errexit would close at the next command that fails.
if [[ "${BASH_SOURCE[0]}" != "$0" ]]; then
  # read here, not in a $(…) subshell, where errexit always reads as off
  _pg_restore=":"
  [[ $- == *e* ]] || _pg_restore+="; set +e"
  [[ $- == *u* ]] || _pg_restore+="; set +u"
  [[ -o pipefail ]] || _pg_restore+="; set +o pipefail"
fi
set -euo pipefail

pg_bin() {
  local dir
  for dir in /usr/lib/postgresql/*/bin; do
    [ -x "$dir/initdb" ] && { echo "$dir"; return; }
  done
  return 1
}

postgres_start() {
  if ! pg_bin >/dev/null; then
    local sudo=""
    [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null && sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql >/dev/null
  fi
  local bin dir port as=()
  bin="$(pg_bin)"
  dir="$(mktemp -d /tmp/storefront-pg-XXXXXX)"
  port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
  if [ "$(id -u)" -eq 0 ]; then
    chown postgres "$dir"
    as=(runuser -u postgres --)
  fi
  "${as[@]}" "$bin/initdb" -D "$dir/data" -U storefront --auth=trust -E UTF8 --no-sync >/dev/null
  "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
    -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir -c fsync=off -c max_connections=300" start >/dev/null
  "${as[@]}" "$bin/createdb" -h 127.0.0.1 -p "$port" -U storefront storefront_test
  export TEST_DATABASE_URL="postgres://storefront@127.0.0.1:$port/storefront_test"
  export TEST_POSTGRES_DIR="$dir"
  echo "PostgreSQL for the tests: $TEST_DATABASE_URL (cluster in $dir)"
}

postgres_stop() {
  local dir="$1" as=()
  [ -d "$dir/data" ] || return 0
  [ "$(id -u)" -eq 0 ] && as=(runuser -u postgres --)
  "${as[@]}" "$(pg_bin)/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null || true
  rm -rf "$dir"
}

case "${1:-}" in
  start) postgres_start ;;
  stop) postgres_stop "${2:?cluster directory}" ;;
  *) echo "usage: source .ci/postgres.sh start | .ci/postgres.sh stop DIR" >&2; return 2 2>/dev/null || exit 2 ;;
esac
if [ -n "${_pg_restore:-}" ]; then
  eval "$_pg_restore"
  unset _pg_restore
fi
