import type { FastifyInstance } from 'fastify';
import type { QueryDeps } from './context';
import { registerProjectRoutes } from './project.routes';
import { registerReportRoutes } from './report.routes';
import { registerSearchRoutes } from './search.routes';
import { registerStatisticsRoute } from './statistics.routes';
import { registerTagRoutes } from './tag.routes';
import { registerUserRoutes } from './user.routes';
import { registerVersionRoutes } from './version.routes';
import { registerCollectionQueryRoutes } from './collection.routes';
import { registerOrganizationQueryRoutes } from './organization.routes';
import { registerNotificationQueryRoutes } from './notification.routes';
import { registerAuditRoutes } from './audit.routes';
import { registerModerationQueryRoutes } from './moderation.routes';
import { registerUpdateRoutes } from './updates.routes';
import { registerAnalyticsQueryRoutes } from './analytics.routes';
import { registerThreadQueryRoutes } from './thread.routes';

/** Every GET (and query-only POST) route of the /v2 read side. */
export function registerQueryRoutes(app: FastifyInstance, deps: QueryDeps): void {
  registerSearchRoutes(app, deps);
  registerProjectRoutes(app, deps);
  registerVersionRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerTagRoutes(app, deps);
  registerStatisticsRoute(app, deps);
  registerReportRoutes(app, deps);
  registerCollectionQueryRoutes(app, deps);
  registerOrganizationQueryRoutes(app, deps);
  registerNotificationQueryRoutes(app, deps);
  registerModerationQueryRoutes(app, deps);
  registerThreadQueryRoutes(app, deps);
  registerAuditRoutes(app, deps);
  registerUpdateRoutes(app, deps);
  registerAnalyticsQueryRoutes(app, deps);
}
