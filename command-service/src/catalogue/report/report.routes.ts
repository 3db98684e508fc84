import type { FastifyInstance } from 'fastify';
import { fields, newId, reportStream } from '@modshelf/events';
import { invalidInput, notFound } from '@modshelf/service-kit';
import { execute } from '../../kernel/execute';
import { toCommandActor } from '../actor';
import type { CatalogueContext } from '../context';
import { commandContext, noContent, withPosition } from '../http';
import { requireScopes } from '../actor.hook';
import { loadProject } from '../project/project.service';
import { canSeeProject } from '../project/project.state';
import { reportDecider } from './report.decider';
import { createReportInput, editReportInput } from '@modshelf/contract/v2';
import { REPORT_TYPES } from '@modshelf/events';

/** POST /v2/report (REPORT_CREATE) and PATCH /v2/report/{id} (REPORT_WRITE). */
export function registerReportRoutes(app: FastifyInstance, ctx: CatalogueContext): void {
  app.post('/v2/report', async (request, reply) => {
    const actor = requireScopes(request, 'REPORT_CREATE');
    const input = createReportInput.parse(request.body ?? {});
    const reportType = input.report_type.toLowerCase();
    if (!(REPORT_TYPES as readonly string[]).includes(reportType)) {
      throw invalidInput(`Invalid report type: ${input.report_type}. Use one of ${REPORT_TYPES.join(', ')}`);
    }
    const ca = toCommandActor(actor);
    let itemId = input.item_id;
    if (input.item_type === 'project') {
      const pid = await ctx.lookup.projectId(input.item_id);
      if (!pid || !canSeeProject(await loadProject(ctx, pid), ca)) throw invalidInput(`Project could not be found: ${input.item_id}`);
      itemId = pid;
    } else if (input.item_type === 'version') {
      const v = await ctx.lookup.version(input.item_id);
      if (!v || !canSeeProject(await loadProject(ctx, v.projectId), ca)) throw invalidInput(`Version could not be found: ${input.item_id}`);
    } else {
      const uid = await ctx.lookup.userId(input.item_id);
      if (!uid) throw invalidInput(`User could not be found: ${input.item_id}`);
      itemId = uid;
    }
    const report = {
      report_id: newId(),
      reporter_id: actor.userId,
      report_type: reportType as (typeof REPORT_TYPES)[number],
      item_type: input.item_type,
      item_id: fields.id.parse(itemId),
      body: input.body,
      thread_id: newId(),
    };
    const created = ctx.now().toISOString();
    const result = await execute(
      ctx.store,
      reportStream(report.report_id),
      reportDecider,
      { kind: 'file', actor: ca, report },
      commandContext(request, actor.userId),
    );
    return withPosition(reply, result.position).status(200).send({
      id: report.report_id,
      report_type: report.report_type,
      item_id: report.item_id,
      item_type: report.item_type,
      reporter: report.reporter_id,
      body: report.body,
      created,
      closed: false,
      thread_id: report.thread_id,
    });
  });

  app.patch<{ Params: { id: string } }>('/v2/report/:id', async (request, reply) => {
    const actor = requireScopes(request, 'REPORT_WRITE');
    const input = editReportInput.parse(request.body ?? {});
    const id = fields.id.safeParse(request.params.id);
    if (!id.success) throw notFound();
    const result = await execute(
      ctx.store,
      reportStream(id.data),
      reportDecider,
      { kind: 'edit', actor: toCommandActor(actor), body: input.body, closed: input.closed, message: input.message },
      commandContext(request, actor.userId),
    );
    return noContent(reply, result.position);
  });
}
