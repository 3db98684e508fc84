#!/usr/bin/env bash
# Apache Kafka broker jars from Maven Central (org.apache.kafka:kafka_2.13 + dependencies).
source "$(dirname "$0")/common.sh"
KAFKA_VERSION="${KAFKA_VERSION:-3.9.1}"
DEST="$SERVERS_DIR/kafka-$KAFKA_VERSION"
if [[ -f "$DEST/.complete" ]]; then log "kafka $KAFKA_VERSION already fetched"; exit 0; fi
mkdir -p "$DEST/libs"
cat > "$DEST/pom.xml" <<POM
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>modshelf.servers</groupId><artifactId>kafka-runtime</artifactId><version>1</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency><groupId>org.apache.kafka</groupId><artifactId>kafka_2.13</artifactId><version>$KAFKA_VERSION</version></dependency>
    <dependency><groupId>org.apache.kafka</groupId><artifactId>kafka-tools</artifactId><version>$KAFKA_VERSION</version></dependency>
    <dependency><groupId>org.slf4j</groupId><artifactId>slf4j-reload4j</artifactId><version>1.7.36</version></dependency>
  </dependencies>
</project>
POM
log "fetching kafka_2.13:$KAFKA_VERSION and dependencies from Maven Central"
mvn_q -f "$DEST/pom.xml" dependency:copy-dependencies -DoutputDirectory="$DEST/libs" -DincludeScope=runtime
touch "$DEST/.complete"
log "kafka jars in $DEST/libs ($(ls "$DEST/libs" | wc -l) files)"
