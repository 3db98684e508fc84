/**
 * The revenue accrual's appends for a generated log, written with it (the generator's `follow`): a site that ran while
 * the downloads were counted would have credited them as it went, so a first start over the log has nothing to catch
 * up. Uses the process manager's own pure parts (its project fold, split, earning rule and the payouts decider) and
 * commits its checkpoint and state entries through the lease store, as the process manager commits them.
 */
import { randomUUID } from 'node:crypto';
import { DownloadsCounted, payoutsStream, toNewEvents, type LeaseStore, type RecordedEvent, type StreamAppend } from '@modshelf/events';
import {
  REVENUE_ACCRUAL,
  evolveRevenueProject,
  isEarning,
  payoutDecider,
  revenueSettingsFromEnv,
  splitRevenue,
  type PayoutState,
  type RevenueProject,
  type RevenueSettings,
} from '@modshelf/command-service';

export class GeneratedAccruals {
  /** the projects whose state entry this follower changed since its last commit (their JSON is made at the commit, from `projects`) */
  private readonly changed = new Set<string>();
  private readonly projects = new Map<string, RevenueProject | null>();
  private readonly payouts = new Map<string, { state: PayoutState; revision: number }>();

  constructor(
    private readonly settings: RevenueSettings = revenueSettingsFromEnv(process.env),
    /** the ids of the commands and events it appends (random, as the process manager draws them, unless given) */
    private readonly newId: () => string = randomUUID,
  ) {}

  /** For writeCatalogueEvents' `follow`: the credits the accrual would append for these events. */
  readonly follow = (events: RecordedEvent[]): StreamAppend[] => {
    const out: StreamAppend[] = [];
    for (const e of events) {
      if (e.streamId.startsWith('project-')) {
        const id = e.streamId.slice('project-'.length);
        const next = evolveRevenueProject(this.projects.get(id) ?? null, e);
        if (next === undefined) continue;
        this.projects.set(id, next);
        this.changed.add(id);
      } else if (DownloadsCounted.is(e)) {
        const p = this.projects.get(e.data.project_id);
        if (!p || !isEarning(p) || this.settings.perDownload <= 0) continue;
        const total = e.data.count * this.settings.perDownload;
        const availableAt = new Date(Date.parse(e.metadata.time) + this.settings.holdMs).toISOString();
        for (const [user, amount] of splitRevenue(p, total)) {
          if (amount > 0) out.push(this.credit(user, e, { amount, availableAt }));
        }
      }
      // the generator deletes no users, so the accrual's other duty (forgetting their recipients) has nothing to do
    }
    return out.filter((a) => a.events.length > 0);
  };

  private credit(user: string, source: RecordedEvent & { data: { project_id: string; count: number } }, at: { amount: number; availableAt: string }) {
    const streamId = payoutsStream(user);
    const kept = this.payouts.get(streamId) ?? { state: payoutDecider.initialState, revision: -1 };
    const cmd = {
      type: 'Credit' as const,
      project_id: source.data.project_id,
      downloads: source.data.count,
      amount: at.amount,
      source_position: source.position,
      // a running site credits a count right after it: at the count's time
      now: source.metadata.time,
      available_at: at.availableAt,
    };
    const decided = payoutDecider.decide(cmd, kept.state);
    const commandId = this.newId();
    const events = toNewEvents(
      decided,
      { commandId, correlationId: source.metadata.correlationId, causationId: source.metadata.eventId, actor: null, time: source.metadata.time },
      this.newId,
    );
    const append: StreamAppend = { streamId, events, expected: kept.revision };
    let { state, revision } = kept;
    for (const ev of events) state = payoutDecider.evolve(state, { ...ev, streamId, revision: ++revision, position: source.position });
    this.payouts.set(streamId, { state, revision });
    return append;
  }

  /** The process manager's state entries (key -> JSON, null deleted) changed since the last call, in the order they were first changed. */
  entries(): Array<[string, string | null]> {
    const entries: Array<[string, string | null]> = [];
    for (const id of this.changed) {
      const p = this.projects.get(id) ?? null;
      entries.push([`project:${id}`, p === null ? null : JSON.stringify(p)]);
    }
    this.changed.clear();
    return entries;
  }

  /** Commits the accrual's checkpoint (`position`, the log's head) and state entries, under its lease, then gives the lease up. */
  commit(leases: LeaseStore, position: number): Promise<void> {
    return commitAccruals(leases, position, this.entries());
  }
}

/** Commits the revenue accrual's checkpoint (`position`) and state `entries` (GeneratedAccruals.entries()) under its lease, then gives the lease up. */
export async function commitAccruals(leases: LeaseStore, position: number, entries: Array<[string, string | null]>): Promise<void> {
  const grant = await leases.acquire(REVENUE_ACCRUAL, `generator:${process.pid}`, 60_000);
  if (!grant) throw new Error(`the ${REVENUE_ACCRUAL} lease is held`);
  if (!(await leases.commit(grant, position, new Map(entries)))) throw new Error(`the ${REVENUE_ACCRUAL} lease was lost`);
  await leases.release(grant);
}
