import type { CpuProfile } from '../proof/harness/inspector';

/**
 * Where a command's CPU goes: the stages of PATCH /v2/project/{id} and the functions that mark each in a CPU profile of
 * the site (the compiled bundle keeps function names). A sample counts for the stage of the innermost marked frame on its
 * stack, so the append inside the decider's `execute` counts as append. Markers are looked for in our code only (not under
 * node_modules), except those of `lib`: a library's own function. Fastify's own frames end the search: a hook that calls
 * `done()` at once runs the rest of the request inside its frame, and that rest is not the hook's.
 */
export const COMMAND_STAGES = [
  { stage: 'rate_limit', names: ['applyRateLimit'], lib: true },
  { stage: 'auth', names: ['authenticate'] },
  { stage: 'idempotency', names: ['idempotencyClaim', 'idempotencySettle', 'idempotencyRelease'] },
  // the route's lookups: the project by id or slug, and its organization (with it, or on its own)
  { stage: 'lookups', names: ['resolveProject', 'resolveProjectRef', 'projectOrganization'] },
  // the kernel: the stream's state, the decider, the new events
  { stage: 'decider', names: ['execute'] },
  // the grouped append: revision check, insert, the inline lookup tables, the commit
  { stage: 'append', names: ['appendGrouped', 'commitGroup'] },
  // the log's subscribers (process managers and the projection runner's buffer) reading the new events
  { stage: 'subscriptions', names: ['tailSubscription'] },
  // the projectors and the projections' commit (read models, search): the async functions of the batch, each of which a
  // CPU profile shows alone (without its caller) when it resumes after an await
  { stage: 'projection', names: ['processBatch', 'projectBatch', 'foldEvents', 'applyEvent', 'searchChanges'] },
] as const;

export type CommandStage = (typeof COMMAND_STAGES)[number]['stage'] | 'gc' | 'http_and_rest';

const GC = '(garbage collector)';
const IDLE = '(idle)';
const FASTIFY = '/node_modules/fastify/';

/**
 * The share of `profile`'s busy samples (those not idle) in each stage. `gc` is V8's collector; `http_and_rest` is
 * everything else: parsing the request, routing, the body's validation, the answer and its write, the event loop.
 */
export function commandPathShares(profile: CpuProfile): { busy_samples: number; busy_share: number; shares: Record<CommandStage, number> } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const markers = new Map<string, { stage: CommandStage; lib: boolean }>();
  for (const s of COMMAND_STAGES) for (const name of s.names) markers.set(name, { stage: s.stage, lib: 'lib' in s && s.lib });
  const stageOf = new Map<number, CommandStage | null>();
  const stageOfNode = (id: number): CommandStage | null => {
    const known = stageOf.get(id);
    if (known !== undefined) return known;
    const { functionName, url } = byId.get(id)!.callFrame;
    let stage: CommandStage | null = null;
    if (functionName === IDLE) stage = null;
    else if (functionName === GC) stage = 'gc';
    else {
      const m = markers.get(functionName);
      if (m && (m.lib || !url.includes('/node_modules/'))) stage = m.stage;
      else if (url.includes(FASTIFY)) stage = 'http_and_rest';
      else {
        const up = parent.get(id);
        stage = up === undefined ? 'http_and_rest' : stageOfNode(up);
      }
    }
    stageOf.set(id, stage);
    return stage;
  };
  const counts = new Map<CommandStage, number>();
  const all = profile.samples.length;
  let busy = 0;
  for (const id of profile.samples) {
    if (byId.get(id)!.callFrame.functionName === IDLE) continue;
    busy++;
    const stage = stageOfNode(id) ?? 'http_and_rest';
    counts.set(stage, (counts.get(stage) ?? 0) + 1);
  }
  const stages: CommandStage[] = [...COMMAND_STAGES.map((s) => s.stage), 'gc', 'http_and_rest'];
  const shares = Object.fromEntries(stages.map((s) => [s, busy === 0 ? 0 : Math.round((1000 * (counts.get(s) ?? 0)) / busy) / 1000])) as Record<
    CommandStage,
    number
  >;
  return { busy_samples: busy, busy_share: all === 0 ? 0 : Math.round((1000 * busy) / all) / 1000, shares };
}
