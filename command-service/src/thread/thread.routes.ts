import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fields, newId, reportStream, threadStream } from '@modshelf/events';
import { notFound } from '@modshelf/service-kit';
import { execute, loadStream } from '../kernel/execute';
import { fold } from '../kernel/decider';
import { toCommandActor, type CommandActor } from '../catalogue/actor';
import type { CatalogueContext } from '../catalogue/context';
import { commandContext, noContent } from '../catalogue/http';
import { requireScopes } from '../catalogue/actor.hook';
import { loadProject } from '../catalogue/project/project.service';
import { canSeeProject, memberOf, organizationMemberOf } from '../catalogue/project/project.state';
import { reportDecider } from '../catalogue/report/report.decider';
import { threadDecider, type ThreadFacts } from './thread.decider';
import { parseMessageBody } from './thread.inputs';

const threadNotFound = () => notFound('The requested thread was not found');

/** What the decider needs to know about the thread's project or report and the actor's place in it. */
async function threadFacts(ctx: CatalogueContext, threadId: string, actor: CommandActor): Promise<ThreadFacts> {
  const owner = await ctx.threads.thread(threadId);
  if (!owner) throw threadNotFound();
  const facts: ThreadFacts = { type: owner.type, itemId: owner.itemId, teamMember: false, projectVisible: false, reporter: false, reportClosed: false };
  if (owner.type === 'report') {
    const { events } = await loadStream(ctx.store, reportStream(owner.itemId));
    const r = fold(reportDecider, events);
    if (!r.exists) throw threadNotFound();
    return { ...facts, reporter: r.reporter_id === actor.userId, reportClosed: r.closed };
  }
  const p = await loadProject(ctx, owner.itemId);
  if (!p.exists || p.deleted) throw threadNotFound();
  return {
    ...facts,
    teamMember: memberOf(p, actor.userId)?.accepted === true || organizationMemberOf(p, actor.userId)?.accepted === true,
    projectVisible: canSeeProject(p, actor),
  };
}

const idParam = (raw: string) => {
  const id = fields.id.safeParse(raw);
  if (!id.success) throw threadNotFound();
  return id.data;
};

/**
 * POST /v2/thread/{id} (send a text message, THREAD_WRITE) and DELETE /v2/message/{id} (THREAD_WRITE).
 * Both answer 204 with the log position, as Modrinth's server does; GET /v2/thread/{id} then shows the message.
 */
export function registerThreadRoutes(app: FastifyInstance, ctx: CatalogueContext): void {
  app.post<{ Params: { id: string } }>('/v2/thread/:id', async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
    const actor = requireScopes(request, 'THREAD_WRITE');
    const threadId = idParam(request.params.id);
    const input = parseMessageBody(request.body);
    const ca = toCommandActor(actor);
    const facts = await threadFacts(ctx, threadId, ca);
    const result = await execute(
      ctx.store,
      threadStream(threadId),
      threadDecider,
      {
        kind: 'send',
        actor: ca,
        facts,
        threadId,
        messageId: newId(),
        body: input.body,
        private: input.private ?? false,
        replyingTo: input.replying_to ?? null,
        now: ctx.now().getTime(),
      },
      commandContext(request, actor.userId),
    );
    return noContent(reply, result.position);
  });

  app.delete<{ Params: { id: string } }>('/v2/message/:id', async (request, reply) => {
    const actor = requireScopes(request, 'THREAD_WRITE');
    const id = fields.id.safeParse(request.params.id);
    if (!id.success) throw notFound('The requested message was not found');
    const threadId = await ctx.threads.threadOfMessage(id.data);
    if (!threadId) throw notFound('The requested message was not found');
    const ca = toCommandActor(actor);
    const facts = await threadFacts(ctx, threadId, ca);
    const result = await execute(
      ctx.store,
      threadStream(threadId),
      threadDecider,
      { kind: 'delete', actor: ca, facts, messageId: id.data },
      commandContext(request, actor.userId),
    );
    return noContent(reply, result.position);
  });
}
