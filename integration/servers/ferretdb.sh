#!/usr/bin/env bash
# FerretDB 1.x (MongoDB wire protocol, SQLite backend) on 127.0.0.1.
#   ferretdb.sh start|stop|status     env: MONGO_PORT (27117)
# If a real `mongod` is on PATH (e.g. an apt or tarball install), MONGO_IMPL=mongod uses it instead.
source "$(dirname "$0")/common.sh"
MONGO_PORT="${MONGO_PORT:-27117}"
MONGO_IMPL="${MONGO_IMPL:-ferretdb}"
RUN="$SERVERS_DIR/run/mongo-$MONGO_PORT"
PIDFILE="$RUN/mongo.pid"
start() {
  if [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then log "mongo-wire server already running"; return 0; fi
  if port_open "$MONGO_PORT"; then log "port $MONGO_PORT already in use"; return 1; fi
  mkdir -p "$RUN/data" "$RUN/logs"
  if [[ "$MONGO_IMPL" == mongod ]]; then
    nohup mongod --bind_ip 127.0.0.1 --port "$MONGO_PORT" --dbpath "$RUN/data" --replSet rs0 --wiredTigerCacheSizeGB 0.25 >"$RUN/logs/stdout.log" 2>&1 &
  else
    "$(dirname "$0")/fetch-ferretdb.sh"
    nohup "$SERVERS_DIR/bin/ferretdb" --handler=sqlite --sqlite-url="file:$RUN/data/" --state-dir="$RUN" \
      --listen-addr="127.0.0.1:$MONGO_PORT" --debug-addr=- --telemetry=disable --log-level=warn \
      >"$RUN/logs/stdout.log" 2>&1 &
  fi
  echo $! > "$PIDFILE"
  log "$MONGO_IMPL starting on 127.0.0.1:$MONGO_PORT (pid $!)"
  wait_for "$MONGO_IMPL" 60 ready || { tail -n 30 "$RUN/logs/stdout.log" >&2; return 1; }
}
ready() { kill -0 "$(cat "$PIDFILE")" && port_open "$MONGO_PORT"; }
case "${1:-start}" in
  start) start ;;
  stop) stop_pidfile "$PIDFILE"; log "mongo-wire server stopped" ;;
  wipe) stop_pidfile "$PIDFILE"; rm -rf "$RUN" ;;
  status) [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null && echo running || { echo stopped; exit 1; } ;;
  *) echo "usage: $0 start|stop|wipe|status" >&2; exit 2 ;;
esac
