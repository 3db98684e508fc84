#!/usr/bin/env bash
# OpenSearch minimal distribution (integ-test-zip) from Maven Central; falls back to
# Elasticsearch 7.10.2's Apache-licensed integ-test-zip (same REST API) if missing.
source "$(dirname "$0")/common.sh"
OPENSEARCH_VERSION="${OPENSEARCH_VERSION:-2.19.1}"
if [[ -f "$SERVERS_DIR/search/.complete" ]]; then log "search server already fetched: $(cat "$SERVERS_DIR/search/.complete")"; exit 0; fi
rm -rf "$SERVERS_DIR/search"; mkdir -p "$SERVERS_DIR/search"
fetch() { # group artifact version
  mvn_q dependency:copy -Dartifact="$1:$2:$3:zip" -DoutputDirectory="$SERVERS_DIR/search/zip" -Dmdep.overWriteIfNewer=true
}
if fetch org.opensearch.distribution.integ-test-zip opensearch "$OPENSEARCH_VERSION"; then
  KIND="opensearch-$OPENSEARCH_VERSION"
else
  log "OpenSearch integ-test-zip $OPENSEARCH_VERSION not obtainable; falling back to Elasticsearch 7.10.2"
  fetch org.elasticsearch.distribution.integ-test-zip elasticsearch 7.10.2
  KIND="elasticsearch-7.10.2"
fi
( cd "$SERVERS_DIR/search" && unzip -q zip/*.zip && rm -rf zip && mv ./*-*/ home )
echo "$KIND" > "$SERVERS_DIR/search/.complete"
log "search server: $KIND in $SERVERS_DIR/search/home"
