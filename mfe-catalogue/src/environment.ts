export type EnvironmentKind = 'client_and_server' | 'client' | 'server' | 'client_or_server' | 'unsupported';

/** The environment label of a project from its client_side and server_side values. */
export function environmentOf(clientSide: string, serverSide: string): EnvironmentKind {
  const client = clientSide !== 'unsupported' && clientSide !== 'unknown';
  const server = serverSide !== 'unsupported' && serverSide !== 'unknown';
  if (!client && !server) return 'unsupported';
  if (client && !server) return 'client';
  if (!client && server) return 'server';
  if (clientSide === 'optional' && serverSide === 'optional') return 'client_or_server';
  return 'client_and_server';
}

export const ENVIRONMENT_LABELS: Record<EnvironmentKind, { id: string; defaultMessage: string }> = {
  client_and_server: { id: 'env.clientAndServer', defaultMessage: 'Client and server' },
  client: { id: 'env.client', defaultMessage: 'Client' },
  server: { id: 'env.server', defaultMessage: 'Server' },
  client_or_server: { id: 'env.clientOrServer', defaultMessage: 'Client or server' },
  unsupported: { id: 'env.unsupported', defaultMessage: 'Unsupported' },
};
