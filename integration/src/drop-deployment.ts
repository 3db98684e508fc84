import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { KafkaEventBus } from '@modshelf/events/bus';
import { distributedStorage } from '../../projection-service/src/storage/distributed';

export interface DeploymentServers {
  kafka: string[];
  mongodb: string;
  opensearch: string;
}

/**
 * Deletes what a stopped `start:distributed` deployment with data directory `dir` made on the
 * servers (its read models, search index and topic, as its processes.json names them), then the
 * directory. A clean-up: what is already gone is no error.
 */
export async function dropDeployment(servers: DeploymentServers, dir: string): Promise<void> {
  const described = join(dir, 'processes.json');
  if (existsSync(described)) {
    const { storageName, topic } = JSON.parse(readFileSync(described, 'utf8')) as { storageName: string; topic: string };
    const storage = distributedStorage({ mongodbUrl: servers.mongodb, opensearchUrl: servers.opensearch, name: storageName });
    await storage.drop().catch(() => undefined);
    await storage.close();
    await new KafkaEventBus({ brokers: servers.kafka, topic }).deleteTopic().catch(() => undefined);
  }
  rmSync(dir, { recursive: true, force: true });
}
