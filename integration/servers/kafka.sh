#!/usr/bin/env bash
# Single-node KRaft Kafka broker on 127.0.0.1 from Maven Central jars.
#   kafka.sh start|stop|status     env: KAFKA_PORT (19092), KAFKA_CONTROLLER_PORT (19093), KAFKA_HEAP (384m)
source "$(dirname "$0")/common.sh"
KAFKA_VERSION="${KAFKA_VERSION:-3.9.1}"
KAFKA_PORT="${KAFKA_PORT:-19092}"
KAFKA_CONTROLLER_PORT="${KAFKA_CONTROLLER_PORT:-19093}"
KAFKA_HEAP="${KAFKA_HEAP:-384m}"
HOME_DIR="$SERVERS_DIR/kafka-$KAFKA_VERSION"
RUN="$SERVERS_DIR/run/kafka-$KAFKA_PORT"
PIDFILE="$RUN/kafka.pid"
CP="$HOME_DIR/libs/*"

start() {
  "$(dirname "$0")/fetch-kafka.sh"
  if [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then log "kafka already running (pid $(cat "$PIDFILE"))"; return 0; fi
  if port_open "$KAFKA_PORT"; then log "port $KAFKA_PORT already in use"; return 1; fi
  mkdir -p "$RUN/data" "$RUN/logs"
  cat > "$RUN/server.properties" <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$KAFKA_CONTROLLER_PORT
listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT,CONTROLLER://127.0.0.1:$KAFKA_CONTROLLER_PORT
advertised.listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=$RUN/data
num.partitions=3
offsets.topic.replication.factor=1
offsets.topic.num.partitions=3
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
group.initial.rebalance.delay.ms=0
auto.create.topics.enable=true
num.network.threads=2
num.io.threads=2
background.threads=2
log.retention.hours=24
PROPS
  cat > "$RUN/log4j.properties" <<L4J
log4j.rootLogger=WARN, file
log4j.appender.file=org.apache.log4j.FileAppender
log4j.appender.file.File=$RUN/logs/server.log
log4j.appender.file.layout=org.apache.log4j.PatternLayout
log4j.appender.file.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka.server.KafkaServer=INFO
log4j.logger.kafka.server.BrokerServer=INFO
L4J
  local jvm=(-Xms"$KAFKA_HEAP" -Xmx"$KAFKA_HEAP" -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Djava.awt.headless=true
    -Dlog4j.configuration="file:$RUN/log4j.properties" -cp "$CP")
  if [[ ! -f "$RUN/data/meta.properties" ]]; then
    local cid; cid=$(java -Xmx64m -cp "$CP" kafka.tools.StorageTool random-uuid 2>/dev/null | tail -1)
    java -Xmx128m -Dlog4j.configuration="file:$RUN/log4j.properties" -cp "$CP" kafka.tools.StorageTool format -t "$cid" -c "$RUN/server.properties" >"$RUN/logs/format.log" 2>&1
    log "kafka storage formatted (cluster $cid)"
  fi
  nohup java "${jvm[@]}" kafka.Kafka "$RUN/server.properties" >"$RUN/logs/stdout.log" 2>&1 &
  echo $! > "$PIDFILE"
  log "kafka starting on 127.0.0.1:$KAFKA_PORT (pid $!)"
  wait_for kafka 120 ready || { tail -n 20 "$RUN/logs/stdout.log" "$RUN/logs/server.log" >&2; return 1; }
}
ready() {
  kill -0 "$(cat "$PIDFILE")" 2>/dev/null || { log "kafka process exited"; tail -n 20 "$RUN/logs/stdout.log" >&2; exit 1; }
  port_open "$KAFKA_PORT" && grep -q 'Transition from STARTING to STARTED' "$RUN/logs/server.log"
}
case "${1:-start}" in
  start) start ;;
  stop) stop_pidfile "$PIDFILE"; log "kafka stopped" ;;
  kill) [[ -f "$PIDFILE" ]] && kill -9 "$(cat "$PIDFILE")" 2>/dev/null; rm -f "$PIDFILE"; log "kafka killed" ;;
  wipe) stop_pidfile "$PIDFILE"; rm -rf "$RUN" ;;
  status) [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null && echo running || { echo stopped; exit 1; } ;;
  *) echo "usage: $0 start|stop|kill|wipe|status" >&2; exit 2 ;;
esac
