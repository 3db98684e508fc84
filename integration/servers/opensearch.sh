#!/usr/bin/env bash
# Single-node OpenSearch (integ-test-zip from Maven Central, no security plugin) on 127.0.0.1.
#   opensearch.sh start|stop|status     env: OPENSEARCH_PORT (19200), OPENSEARCH_HEAP (512m)
# OpenSearch refuses to run as root, so when we are root it runs as `nobody` (setpriv),
# with its config, data and logs in a run directory owned by that user.
source "$(dirname "$0")/common.sh"
OPENSEARCH_PORT="${OPENSEARCH_PORT:-19200}"
OPENSEARCH_TRANSPORT_PORT="${OPENSEARCH_TRANSPORT_PORT:-$((OPENSEARCH_PORT + 100))}"
OPENSEARCH_HEAP="${OPENSEARCH_HEAP:-512m}"
HOME_DIR="$SERVERS_DIR/search/home"
RUN="$SERVERS_DIR/run/opensearch-$OPENSEARCH_PORT"
PIDFILE="$RUN/opensearch.pid"
URL="http://127.0.0.1:$OPENSEARCH_PORT"

start() {
  "$(dirname "$0")/fetch-opensearch.sh"
  if [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then log "search server already running (pid $(cat "$PIDFILE"))"; return 0; fi
  if port_open "$OPENSEARCH_PORT"; then log "port $OPENSEARCH_PORT already in use"; return 1; fi
  local kind; kind=$(cat "$SERVERS_DIR/search/.complete")
  local prefix=OPENSEARCH bin=opensearch
  [[ "$kind" == elasticsearch-* ]] && { prefix=ES; bin=elasticsearch; }
  mkdir -p "$RUN/data" "$RUN/logs" "$RUN/tmp"
  if [[ ! -d "$RUN/config" ]]; then
    cp -r "$HOME_DIR/config" "$RUN/config"
    # no GC log file / heap dumps relative to the (read-only) install dir
    sed -i -e '/-Xlog:gc/d' -e '/HeapDumpPath/d' -e '/ErrorFile/d' -e 's/^-Xms.*//' -e 's/^-Xmx.*//' "$RUN/config/jvm.options"
  fi
  local as=()
  if [[ $(id -u) == 0 ]]; then chown -R nobody:nogroup "$RUN"; as=(setpriv --reuid=nobody --regid=nogroup --clear-groups); fi
  local java_home; java_home="${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}"
  env "${prefix}_JAVA_HOME=$java_home" JAVA_HOME="$java_home" "${prefix}_PATH_CONF=$RUN/config" "${prefix}_TMPDIR=$RUN/tmp" \
    "${prefix}_JAVA_OPTS=-Xms$OPENSEARCH_HEAP -Xmx$OPENSEARCH_HEAP -XX:ErrorFile=$RUN/logs/hs_err.log -XX:HeapDumpPath=$RUN/data" \
    "${as[@]}" "$HOME_DIR/bin/$bin" -d -p "$PIDFILE" \
      -E cluster.name=modshelf-it -E node.name=it-1 -E discovery.type=single-node \
      -E network.host=127.0.0.1 -E http.port="$OPENSEARCH_PORT" -E transport.port="$OPENSEARCH_TRANSPORT_PORT" \
      -E path.data="$RUN/data" -E path.logs="$RUN/logs" \
      -E cluster.routing.allocation.disk.threshold_enabled=false -E action.auto_create_index=true \
      >"$RUN/logs/stdout.log" 2>&1 || { cat "$RUN/logs/stdout.log" >&2; return 1; }
  log "$kind starting on $URL"
  wait_for "$kind" 180 ready || { tail -n 30 "$RUN/logs/"*.log >&2; return 1; }
}
ready() { curl -fsS "$URL/_cluster/health?wait_for_status=yellow&timeout=1s" | grep -q -E '"status":"(yellow|green)"'; }
case "${1:-start}" in
  start) start ;;
  stop) stop_pidfile "$PIDFILE"; log "search server stopped" ;;
  wipe) stop_pidfile "$PIDFILE"; rm -rf "$RUN" ;;
  status) [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null && echo running || { echo stopped; exit 1; } ;;
  *) echo "usage: $0 start|stop|wipe|status" >&2; exit 2 ;;
esac
