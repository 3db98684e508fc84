import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { z } from 'zod';
import { registerNotificationCommands } from '../notification/notification.routes';
import { harness, type Harness } from '../catalogue/testing/harness';
import { COMMUNITY_COMMAND_ROUTES } from './community.openapi';

describe('community command routes (OpenAPI list)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness();
  });
  afterAll(async () => h.close());

  it('renders every input schema as JSON Schema', () => {
    for (const r of COMMUNITY_COMMAND_ROUTES) {
      if (r.body.schema) expect(JSON.stringify(z.toJSONSchema(r.body.schema, { io: 'input', unrepresentable: 'any' }))).not.toContain('undefined');
      if (r.query) expect(z.toJSONSchema(r.query, { io: 'input', unrepresentable: 'any' })).toBeTypeOf('object');
    }
  });

  it('lists only routes that exist', async () => {
    const notifications = Fastify();
    registerNotificationCommands(notifications, { store: h.store, notifications: { owners: async () => new Map() } });
    await notifications.ready();
    for (const r of COMMUNITY_COMMAND_ROUTES) {
      const url = r.path.replace(/\{[^}]+\}/g, 'AAAAAAAA');
      const app = url.includes('notification') ? notifications : h.app;
      const res = await app.inject({ method: r.method.toUpperCase() as 'GET', url });
      expect(res.body, `${r.method} ${r.path}`).not.toMatch(/Route .* not found|the requested route does not exist/);
    }
    await notifications.close();
  });
});
