import {
  DownloadsCounted,
  LISTED_STATUSES,
  ProjectCreated,
  ProjectDeleted,
  ProjectEdited,
  ProjectOwnershipTransferred,
  ProjectStatusChanged,
  TeamInviteAccepted,
  TeamMemberAdded,
  TeamMemberEdited,
  TeamMemberRemoved,
  UserDeleted,
  payoutsStream,
  type EventStore,
  type RecordedEvent,
  type LeaseStore,
} from '@modshelf/events';
import { execute, newCommandContext } from '../kernel/execute';
import { ProcessManager, type ProcessContext } from '../kernel/process-manager';
import { payoutDecider, type PayoutCommand } from './decider';
import { MICROS } from './methods';
import type { PayoutVault } from './vault';

/** What the process manager keeps about a project, folded from the project's events in log order. */
export interface RevenueProject {
  owner: string;
  status: string;
  monetization: string;
  /** accepted team members and their payouts_split (the owner's default is 100, everyone else's 0) */
  members: Record<string, { accepted: boolean; split: number | null }>;
}

export interface RevenueSettings {
  /** revenue per counted download, micro-dollars (REVENUE_PER_DOWNLOAD_USD, default 0.0025) */
  perDownload: number;
  /** how long revenue stays pending, ms (REVENUE_HOLD_DAYS, default 30) */
  holdMs: number;
}

export function revenueSettingsFromEnv(env: Record<string, string | undefined>): RevenueSettings {
  const rate = env.REVENUE_PER_DOWNLOAD_USD === undefined || env.REVENUE_PER_DOWNLOAD_USD === '' ? 0.0025 : Number(env.REVENUE_PER_DOWNLOAD_USD);
  const days = env.REVENUE_HOLD_DAYS === undefined || env.REVENUE_HOLD_DAYS === '' ? 30 : Number(env.REVENUE_HOLD_DAYS);
  if (!Number.isFinite(rate) || rate < 0 || rate > 1000) throw new Error('REVENUE_PER_DOWNLOAD_USD must be a number of dollars between 0 and 1000');
  if (!Number.isFinite(days) || days < 0 || days > 3650) throw new Error('REVENUE_HOLD_DAYS must be a number of days between 0 and 3650');
  return { perDownload: Math.round(rate * MICROS), holdMs: Math.round(days * 86_400_000) };
}

/** The project events evolveRevenueProject folds; it returns undefined for every other one. */
const REVENUE_PROJECT_EVENTS = new Set<string>(
  [
    ProjectCreated,
    ProjectEdited,
    ProjectStatusChanged,
    TeamMemberAdded,
    TeamMemberEdited,
    TeamInviteAccepted,
    TeamMemberRemoved,
    ProjectOwnershipTransferred,
    ProjectDeleted,
  ].map((d) => d.type),
);

/** Whether evolveRevenueProject may change the state for `e`: false means it returns undefined, whatever the state. */
export function foldsRevenue(e: RecordedEvent): boolean {
  return REVENUE_PROJECT_EVENTS.has(e.type) && !(ProjectEdited.is(e) && !e.data.changes.monetization_status);
}

/** Folds one project event into the process manager's project state (pure). Returns undefined when not a project event. */
export function evolveRevenueProject(p: RevenueProject | null, e: RecordedEvent): RevenueProject | null | undefined {
  if (ProjectCreated.is(e)) {
    const d = e.data;
    return { owner: d.owner_id, status: d.status, monetization: d.monetization_status, members: { [d.owner_id]: { accepted: true, split: null } } };
  }
  if (!p) return undefined;
  if (ProjectEdited.is(e)) return e.data.changes.monetization_status ? { ...p, monetization: e.data.changes.monetization_status } : undefined;
  if (ProjectStatusChanged.is(e)) return { ...p, status: e.data.to };
  const splitOf = (d: unknown) => {
    const v = (d as { payouts_split?: unknown }).payouts_split;
    return typeof v === 'number' && v >= 0 ? v : null;
  };
  if (TeamMemberAdded.is(e)) return { ...p, members: { ...p.members, [e.data.user_id]: { accepted: e.data.accepted, split: splitOf(e.data) } } };
  if (TeamMemberEdited.is(e)) {
    const m = p.members[e.data.user_id];
    const split = splitOf(e.data);
    return m && split !== null ? { ...p, members: { ...p.members, [e.data.user_id]: { ...m, split } } } : undefined;
  }
  if (TeamInviteAccepted.is(e)) {
    const m = p.members[e.data.user_id];
    return m ? { ...p, members: { ...p.members, [e.data.user_id]: { ...m, accepted: true } } } : undefined;
  }
  if (TeamMemberRemoved.is(e)) {
    const { [e.data.user_id]: _gone, ...rest } = p.members;
    return { ...p, members: rest };
  }
  if (ProjectOwnershipTransferred.is(e)) {
    const members = { ...p.members };
    members[e.data.to] = { ...(members[e.data.to] ?? { split: null }), accepted: true };
    return { ...p, owner: e.data.to, members };
  }
  if (ProjectDeleted.is(e)) return null;
  return undefined;
}

/**
 * Splits `total` micro-dollars among the accepted team by payouts_split (the
 * owner defaults to 100, others to 0; Modrinth's default is that the owner gets
 * everything). Floors each share; the remainder goes to the owner (pure).
 */
export function splitRevenue(p: RevenueProject, total: number): Map<string, number> {
  const weights = Object.entries(p.members)
    .filter(([, m]) => m.accepted)
    .map(([user, m]) => [user, m.split ?? (user === p.owner ? 100 : 0)] as const)
    .filter(([, w]) => w > 0);
  const out = new Map<string, number>();
  const sum = weights.reduce((a, [, w]) => a + w, 0);
  if (sum <= 0) {
    out.set(p.owner, total);
    return out;
  }
  let given = 0;
  for (const [user, w] of weights) {
    const share = Math.floor((total * w) / sum);
    out.set(user, share);
    given += share;
  }
  out.set(p.owner, (out.get(p.owner) ?? 0) + total - given);
  return out;
}

export const isEarning = (p: RevenueProject) => p.monetization === 'monetized' && (LISTED_STATUSES as readonly string[]).includes(p.status);

/** The process manager's lease and checkpoint name. */
export const REVENUE_ACCRUAL = 'revenue-accrual';

export interface RevenueAccrualOptions {
  log?: (message: string, err?: unknown) => void;
  /** the replica's id, lease time to live, renewal and commit cadence, clock (see ProcessManager) */
  holder?: string;
  ttlMs?: number;
  renewMs?: number;
  commitEvery?: number;
  clock?: () => number;
}

/**
 * The revenue process manager: a leased, checkpointed subscription to the log (one
 * active replica at a time). It keeps the project facts it needs (status,
 * monetization, team, splits) as state entries committed with its checkpoint, and
 * turns each DownloadsCounted of a monetized, listed project into PayoutCredited
 * events on the team's payouts-<user> streams. Idempotent by source position: after a
 * takeover the successor handles again what its predecessor did after its last
 * commit, and the payouts decider writes nothing for a source position its stream
 * already holds. Also forgets recipients of deleted users.
 */
export class RevenueAccrual {
  private readonly pm: ProcessManager;

  constructor(
    private readonly store: EventStore,
    leases: LeaseStore,
    private readonly vault: PayoutVault,
    private readonly settings: RevenueSettings,
    options: RevenueAccrualOptions = {},
  ) {
    this.pm = new ProcessManager({
      ...options,
      name: REVENUE_ACCRUAL,
      store,
      leases,
      handle: (e, ctx) => this.handle(e, ctx),
      importCheckpoint: () => vault.legacyCheckpoint(REVENUE_ACCRUAL),
    });
  }

  start(): void {
    this.pm.start();
  }

  /** Resolves once the log up to `position` is handled, by this replica or the active one (tests, read-your-writes). */
  caughtUp(position: number, timeoutMs = 10_000): Promise<boolean> {
    return this.pm.caughtUp(position, timeoutMs);
  }

  /** Whether this replica holds the lease. */
  get active(): boolean {
    return this.pm.active;
  }

  get checkpoint(): number {
    return this.pm.position;
  }

  get failed(): unknown {
    return this.pm.lastError;
  }

  private async handle(e: RecordedEvent, ctx: ProcessContext): Promise<void> {
    if (e.streamId.startsWith('project-')) {
      // most project events (edits of text, images, versions) leave the state as it is: it is not even read for them
      if (!foldsRevenue(e)) return;
      const key = `project:${e.streamId.slice('project-'.length)}`;
      const next = evolveRevenueProject(await ctx.get<RevenueProject>(key), e);
      if (next !== undefined) ctx.set(key, next);
    } else if (DownloadsCounted.is(e)) {
      const p = await ctx.get<RevenueProject>(`project:${e.data.project_id}`);
      if (!p || !isEarning(p) || this.settings.perDownload <= 0) return;
      const total = e.data.count * this.settings.perDownload;
      const availableAt = new Date(Date.parse(e.metadata.time) + this.settings.holdMs).toISOString();
      for (const [user, amount] of splitRevenue(p, total)) {
        if (amount <= 0) continue;
        const cmd = {
          type: 'Credit' as const,
          project_id: e.data.project_id,
          downloads: e.data.count,
          amount,
          source_position: e.position,
          now: e.metadata.time,
          available_at: availableAt,
        };
        await this.credit(user, cmd, e);
      }
    } else if (UserDeleted.is(e)) {
      this.vault.forgetUser(e.streamId.replace(/^user-/, ''));
    }
  }

  private async credit(user: string, cmd: PayoutCommand, source: RecordedEvent): Promise<void> {
    const ctx = newCommandContext(null);
    ctx.causationId = source.metadata.eventId;
    ctx.correlationId = source.metadata.correlationId;
    // a busy stream (the user withdrawing at this moment) is retried; the decider makes retries harmless
    for (let attempt = 1; ; attempt++) {
      try {
        await execute(this.store, payoutsStream(user), payoutDecider, cmd, ctx);
        return;
      } catch (err) {
        if (attempt >= 5) throw err;
        await new Promise((r) => setTimeout(r, 50 * attempt));
      }
    }
  }

  /** Stops, commits what it handled and gives the lease up. */
  close(): Promise<void> {
    return this.pm.close();
  }
}
