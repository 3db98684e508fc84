#!/usr/bin/env bash
# npm run test:integration
# Runs the distributed adapters' contract suites and the end-to-end check against real servers:
#   1. servers given from outside: KAFKA_BROKERS, OPENSEARCH_URL, MONGODB_URL, EVENTSTORE_URL;
#   2. else, where a Docker engine answers, testcontainers (integration/containers.ts);
#   3. else real servers from the package registries (integration/servers/*.sh), started here
#      and stopped on exit. A server that cannot be had leaves its variable unset, and only the
#      suites that need it are skipped, loudly.
set -uo pipefail
cd "$(dirname "$0")/.."
T0=$(date +%s)
S=integration/servers
STARTED=()
CONTAINERS_PID=""
cleanup() {
  for s in "${STARTED[@]}"; do bash "$S/$s.sh" stop || true; done
  if [[ -n "$CONTAINERS_PID" ]]; then kill "$CONTAINERS_PID" 2>/dev/null; wait "$CONTAINERS_PID" 2>/dev/null; fi
  echo "[integration] finished in $(( $(date +%s) - T0 ))s"
}
trap cleanup EXIT

export KAFKA_PORT="${KAFKA_PORT:-19092}" OPENSEARCH_PORT="${OPENSEARCH_PORT:-19200}" MONGO_PORT="${MONGO_PORT:-27117}"
# FerretDB's PostgreSQL pool; the read-model adapter sizes its bulkWrite chunks from it
export MONGO_SERVER_POOL="${MONGO_SERVER_POOL:-40}"

docker_ok=false
if [[ "${USE_DOCKER:-auto}" != "0" ]] && command -v docker >/dev/null && timeout 5 docker info >/dev/null 2>&1; then docker_ok=true; fi

if $docker_ok && [[ -z "${KAFKA_BROKERS:-}${OPENSEARCH_URL:-}${MONGODB_URL:-}${EVENTSTORE_URL:-}" ]]; then
  echo "[integration] Docker engine found: starting containers with testcontainers"
  ENVFILE=$(mktemp)
  node --import tsx integration/containers.ts "$ENVFILE" &
  CONTAINERS_PID=$!
  for _ in $(seq 1 600); do [[ -s "$ENVFILE" ]] && grep -q '^READY' "$ENVFILE" && break; kill -0 "$CONTAINERS_PID" 2>/dev/null || break; sleep 1; done
  set -a; source <(grep -v '^READY' "$ENVFILE"); set +a
else
  $docker_ok || echo "[integration] no Docker engine: using servers from the package registries (first run downloads them into .servers/)"
  if [[ -z "${KAFKA_BROKERS:-}" ]]; then
    if bash "$S/kafka.sh" start; then STARTED+=(kafka); export KAFKA_BROKERS="127.0.0.1:$KAFKA_PORT" INTEGRATION_MANAGED_KAFKA=1; else echo "[integration] !!! Kafka could not be started: its suites will be skipped"; fi
  fi
  if [[ -z "${OPENSEARCH_URL:-}" ]]; then
    if bash "$S/opensearch.sh" start; then STARTED+=(opensearch); export OPENSEARCH_URL="http://127.0.0.1:$OPENSEARCH_PORT" OPENSEARCH_KIND="$(cat .servers/search/.complete)"; else echo "[integration] !!! OpenSearch could not be started: its suites will be skipped"; fi
  fi
  if [[ -z "${MONGODB_URL:-}" ]]; then
    if command -v mongod >/dev/null; then export MONGO_IMPL=mongod MONGODB_KIND=mongod; else export MONGODB_KIND="FerretDB ${FERRETDB_VERSION:-v1.24.0} on ${FERRETDB_BACKEND:-postgresql}"; fi
    if bash "$S/ferretdb.sh" start; then STARTED+=(ferretdb); export MONGODB_URL="mongodb://127.0.0.1:$MONGO_PORT"; else echo "[integration] !!! no MongoDB-wire server could be started: its suites will be skipped"; fi
  fi
  if [[ -z "${EVENTSTORE_URL:-}" ]]; then
    echo "[integration] !!! EventStoreDB: no package registry reachable here ships the server (npm, PyPI, Maven Central, crates.io, Go proxy, Debian checked); its contract suite is SKIPPED. Give EVENTSTORE_URL=esdb://host:2113?tls=false to run it."
  fi
fi

echo "[integration] KAFKA_BROKERS=${KAFKA_BROKERS:-<none>} OPENSEARCH_URL=${OPENSEARCH_URL:-<none>} MONGODB_URL=${MONGODB_URL:-<none>} EVENTSTORE_URL=${EVENTSTORE_URL:-<none>}"
npx vitest run -c integration/vitest.config.ts "$@"
