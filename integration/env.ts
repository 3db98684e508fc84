/**
 * Addresses of the real servers the integration suites use. They come from the environment
 * (set by integration/run.sh after starting servers, or given from outside); an unset one means
 * the server could not be had, and only the suites needing it are skipped, loudly.
 */
export const servers = {
  kafka: process.env.KAFKA_BROKERS?.split(',').filter(Boolean) ?? [],
  opensearch: process.env.OPENSEARCH_URL ?? '',
  mongodb: process.env.MONGODB_URL ?? '',
  eventstore: process.env.EVENTSTORE_URL ?? '',
};

export function missing(name: string, variable: string, why: string): string {
  const msg = `SKIPPED ${name}: ${variable} is not set (${why})`;
  console.warn(`\n${'!'.repeat(msg.length + 8)}\n!!! ${msg} !!!\n${'!'.repeat(msg.length + 8)}\n`);
  return msg;
}
