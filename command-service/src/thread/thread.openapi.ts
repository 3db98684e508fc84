import type { CommandRouteDoc } from '../catalogue/openapi';
import { messageBodyInput } from '@modshelf/contract/v2';

/** The thread command routes in the catalogue's OpenAPI route format, for the published document. */
export const THREAD_COMMAND_ROUTES: CommandRouteDoc[] = [
  {
    method: 'post',
    path: '/v2/thread/{id}',
    scope: 'THREAD_WRITE',
    body: { kind: 'json', schema: messageBodyInput },
    answer: 204,
    summary:
      'Send a text message (markdown) to a thread (also accepted wrapped as {"body": {...}}, as Modrinth\'s server takes it); private: staff only; 5 per minute per author and thread',
  },
  {
    method: 'delete',
    path: '/v2/message/{id}',
    scope: 'THREAD_WRITE',
    body: { kind: 'none' },
    answer: 204,
    summary: 'Delete a message (its author, or staff); it stays in the thread as `deleted`',
  },
];
