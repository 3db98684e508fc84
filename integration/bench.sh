#!/usr/bin/env bash
# npm run bench:distributed — distributed figures beside the embedded ones (integration/bench.ts),
# against servers given by env or started here from the package registries (stopped on exit).
set -uo pipefail
cd "$(dirname "$0")/.."
S=integration/servers
STARTED=()
trap 'for s in "${STARTED[@]}"; do bash "$S/$s.sh" stop || true; done' EXIT
export KAFKA_PORT="${KAFKA_PORT:-19092}" OPENSEARCH_PORT="${OPENSEARCH_PORT:-19200}" MONGO_PORT="${MONGO_PORT:-27117}"
if [[ -z "${KAFKA_BROKERS:-}" ]] && bash "$S/kafka.sh" start >&2; then STARTED+=(kafka); export KAFKA_BROKERS="127.0.0.1:$KAFKA_PORT"; fi
if [[ -z "${OPENSEARCH_URL:-}" ]] && bash "$S/opensearch.sh" start >&2; then STARTED+=(opensearch); export OPENSEARCH_URL="http://127.0.0.1:$OPENSEARCH_PORT" OPENSEARCH_KIND="$(cat .servers/search/.complete)"; fi
if [[ -z "${MONGODB_URL:-}" ]] && bash "$S/ferretdb.sh" start >&2; then STARTED+=(ferretdb); export MONGODB_URL="mongodb://127.0.0.1:$MONGO_PORT" MONGODB_KIND="FerretDB ${FERRETDB_VERSION:-v1.24.0} on ${FERRETDB_BACKEND:-postgresql}"; fi
node --import tsx "${BENCH_SCRIPT:-integration/bench.ts}"
