/**
 * The Docker branch of `npm run test:integration`: starts EventStoreDB, Kafka (KRaft), MongoDB and
 * OpenSearch with testcontainers, writes their addresses to the env file given as argument (then a
 * READY line), and stops them on SIGTERM/SIGINT. Only used where a Docker engine answers (not on
 * our machines, which have none: this branch has not been run here).
 */
import { writeFileSync } from 'node:fs';
import { GenericContainer, Wait, type StartedTestContainer } from 'testcontainers';

const envFile = process.argv[2];
if (!envFile) throw new Error('usage: containers.ts <env-file>');

const KAFKA_HOST_PORT = Number(process.env.KAFKA_PORT ?? 19092);

async function main(): Promise<void> {
  const started: StartedTestContainer[] = [];
  const stop = async () => {
    await Promise.allSettled(started.map((c) => c.stop()));
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  const [esdb, kafka, mongo, opensearch] = await Promise.all([
    new GenericContainer('eventstore/eventstore:24.10')
      .withEnvironment({ EVENTSTORE_INSECURE: 'true', EVENTSTORE_MEM_DB: 'true', EVENTSTORE_RUN_PROJECTIONS: 'None' })
      .withExposedPorts(2113)
      .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
      .start(),
    // advertised listener must be the host's address: a fixed host port keeps it simple
    new GenericContainer('apache/kafka:3.9.1')
      .withEnvironment({
        KAFKA_NODE_ID: '1',
        KAFKA_PROCESS_ROLES: 'broker,controller',
        KAFKA_LISTENERS: 'PLAINTEXT://:9092,CONTROLLER://:9093',
        KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://127.0.0.1:${KAFKA_HOST_PORT}`,
        KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
        KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
        KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9093',
        KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
        KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
        KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
        KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
        KAFKA_HEAP_OPTS: '-Xms384m -Xmx384m',
      })
      .withExposedPorts({ container: 9092, host: KAFKA_HOST_PORT })
      .withWaitStrategy(Wait.forLogMessage(/Kafka Server started|Transitioning from RECOVERY to RUNNING/))
      .start(),
    new GenericContainer('mongo:7').withExposedPorts(27017).withWaitStrategy(Wait.forListeningPorts()).start(),
    new GenericContainer('opensearchproject/opensearch:2.19.1')
      .withEnvironment({
        'discovery.type': 'single-node',
        DISABLE_SECURITY_PLUGIN: 'true',
        DISABLE_INSTALL_DEMO_CONFIG: 'true',
        OPENSEARCH_JAVA_OPTS: '-Xms512m -Xmx512m',
      })
      .withExposedPorts(9200)
      .withWaitStrategy(Wait.forHttp('/_cluster/health?wait_for_status=yellow', 9200))
      .withStartupTimeout(180_000)
      .start(),
  ]);
  started.push(esdb, kafka, mongo, opensearch);
  const lines = [
    `EVENTSTORE_URL=esdb://${esdb.getHost()}:${esdb.getMappedPort(2113)}?tls=false`,
    `KAFKA_BROKERS=127.0.0.1:${KAFKA_HOST_PORT}`,
    `MONGODB_URL=mongodb://${mongo.getHost()}:${mongo.getMappedPort(27017)}`,
    'MONGODB_KIND=mongo:7 (testcontainers)',
    `OPENSEARCH_URL=http://${opensearch.getHost()}:${opensearch.getMappedPort(9200)}`,
    'OPENSEARCH_KIND=opensearch 2.19.1 (testcontainers)',
    'READY',
  ];
  writeFileSync(envFile, `${lines.map((l) => (l === 'READY' ? l : l.replace(/=(.*)$/, "='$1'"))).join('\n')}\n`);
  await new Promise(() => {}); // keep running until signalled
}

main().catch((err) => {
  console.error('[containers] failed:', err);
  writeFileSync(envFile, 'READY\n');
  process.exit(1);
});
