#!/usr/bin/env bash
# A MongoDB-wire server on 127.0.0.1: FerretDB 1.x (built from the Go module proxy) over
# PostgreSQL (Debian's postgresql package, installed with apt-get when missing), or over SQLite.
#   ferretdb.sh start|stop|wipe|status
#   env: MONGO_PORT (27117), PG_PORT (MONGO_PORT+1000), FERRETDB_BACKEND (postgresql | sqlite),
#        MONGO_SERVER_POOL (40): FerretDB's PostgreSQL pool (pool_max_conns); the read-model adapter
#        sizes its bulkWrite chunks from the same variable (projection-service/src/read-model/mongodb.ts),
#        PG_OPTIONS: more PostgreSQL settings (e.g. "-c log_min_duration_statement=5")
# If a real `mongod` is on PATH, MONGO_IMPL=mongod uses it instead.
#
# PostgreSQL is the default backend: FerretDB 1.24's SQLite backend deadlocked here under concurrent
# writers (every pooled connection waiting; even listDatabases hung), which the fault test hits.
source "$(dirname "$0")/common.sh"
MONGO_PORT="${MONGO_PORT:-27117}"
PG_PORT="${PG_PORT:-$((MONGO_PORT + 1000))}"
MONGO_IMPL="${MONGO_IMPL:-ferretdb}"
FERRETDB_BACKEND="${FERRETDB_BACKEND:-postgresql}"
MONGO_SERVER_POOL="${MONGO_SERVER_POOL:-40}"
RUN="$SERVERS_DIR/run/mongo-$MONGO_PORT"
PIDFILE="$RUN/mongo.pid"
PGDATA="$RUN/pg"

pg_bin() {
  local d; d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
  if [[ -z "$d" ]]; then
    log "PostgreSQL not installed: apt-get install postgresql"
    { apt-get install -y -qq postgresql >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq postgresql >/dev/null; }; } || return 1
    d=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
  fi
  echo "$d"
}

as_pg() { if [[ $(id -u) == 0 ]]; then setpriv --reuid=postgres --regid=postgres --clear-groups "$@"; else "$@"; fi; }

start_pg() {
  local bin; bin=$(pg_bin) || return 1
  mkdir -p "$PGDATA"
  [[ $(id -u) == 0 ]] && chown -R postgres:postgres "$PGDATA" "$RUN/logs"
  if [[ ! -f "$PGDATA/PG_VERSION" ]]; then
    as_pg "$bin/initdb" -D "$PGDATA" -U postgres --auth=trust -E UTF8 >"$RUN/logs/initdb.log" 2>&1 || { cat "$RUN/logs/initdb.log" >&2; return 1; }
  fi
  as_pg "$bin/pg_ctl" -D "$PGDATA" status >/dev/null 2>&1 || as_pg "$bin/pg_ctl" -D "$PGDATA" -l "$RUN/logs/postgres.log" -w -t 60 \
    -o "-h 127.0.0.1 -p $PG_PORT -k $PGDATA -c shared_buffers=64MB -c max_connections=200 -c fsync=off -c synchronous_commit=off -c full_page_writes=off ${PG_OPTIONS:-}" start >/dev/null
  as_pg "$bin/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname='ferretdb'" | grep -q 1 \
    || as_pg "$bin/createdb" -h 127.0.0.1 -p "$PG_PORT" -U postgres ferretdb
  # a GIN index on every table's _id, which FerretDB's pushed-down _id filter can use (see the file)
  as_pg "$bin/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -d ferretdb -q -v ON_ERROR_STOP=1 <"$(dirname "$0")/ferretdb-id-index.sql" >/dev/null || return 1
  log "postgresql on 127.0.0.1:$PG_PORT"
}

stop_pg() {
  [[ -f "$PGDATA/postmaster.pid" ]] || return 0
  local bin; bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
  as_pg "$bin/pg_ctl" -D "$PGDATA" -m fast -w stop >/dev/null 2>&1 || true
}

start() {
  if [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then log "mongo-wire server already running"; return 0; fi
  if port_open "$MONGO_PORT"; then log "port $MONGO_PORT already in use"; return 1; fi
  mkdir -p "$RUN/data" "$RUN/logs"
  if [[ "$MONGO_IMPL" == mongod ]]; then
    nohup mongod --bind_ip 127.0.0.1 --port "$MONGO_PORT" --dbpath "$RUN/data" --wiredTigerCacheSizeGB 0.25 >"$RUN/logs/stdout.log" 2>&1 &
  else
    "$(dirname "$0")/fetch-ferretdb.sh"
    local backend=(--handler=sqlite --sqlite-url="file:$RUN/data/")
    if [[ "$FERRETDB_BACKEND" == postgresql ]]; then
      start_pg || return 1
      backend=(--handler=postgresql --postgresql-url="postgres://postgres@127.0.0.1:$PG_PORT/ferretdb?pool_max_conns=$MONGO_SERVER_POOL")
    fi
    nohup "$SERVERS_DIR/bin/ferretdb" "${backend[@]}" --state-dir="$RUN" \
      --listen-addr="127.0.0.1:$MONGO_PORT" --debug-addr=- --telemetry=disable --log-level=warn \
      >"$RUN/logs/stdout.log" 2>&1 &
  fi
  echo $! > "$PIDFILE"
  log "$MONGO_IMPL ($FERRETDB_BACKEND) starting on 127.0.0.1:$MONGO_PORT (pid $!)"
  wait_for "$MONGO_IMPL" 60 ready || { tail -n 30 "$RUN/logs/stdout.log" >&2; return 1; }
}
ready() { kill -0 "$(cat "$PIDFILE")" && port_open "$MONGO_PORT"; }
case "${1:-start}" in
  start) start ;;
  stop) stop_pidfile "$PIDFILE"; stop_pg; log "mongo-wire server stopped" ;;
  wipe) stop_pidfile "$PIDFILE"; stop_pg; rm -rf "$RUN" ;;
  status) [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null && echo running || { echo stopped; exit 1; } ;;
  *) echo "usage: $0 start|stop|wipe|status" >&2; exit 2 ;;
esac
