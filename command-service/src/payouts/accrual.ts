import {
  DownloadsCounted, LISTED_STATUSES, ProjectCreated, ProjectDeleted, ProjectEdited, ProjectOwnershipTransferred, ProjectStatusChanged,
  TeamInviteAccepted, TeamMemberAdded, TeamMemberEdited, TeamMemberRemoved, UserDeleted, payoutsStream, type EventStore, type RecordedEvent,
  type Subscription,
} from '@modshelf/events';
import { execute, newCommandContext } from '../kernel/execute';
import { payoutDecider } from './decider';
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

const CHECKPOINT = 'revenue-accrual';

/**
 * The revenue process manager: tails the log from its checkpoint, keeps the
 * project facts it needs (status, monetization, team, splits) in the payouts
 * vault, and turns each DownloadsCounted of a monetized, listed project into
 * PayoutCredited events on the team's payouts-<user> streams. Idempotent: a
 * replay after a crash re-decides credits the streams already hold (their
 * decider skips source positions it has seen). Also forgets recipients of
 * deleted users.
 */
export class RevenueAccrual {
  private sub: Subscription | null = null;
  private cache = new Map<string, RevenueProject | null>();
  private dirty = new Map<string, RevenueProject | null>();
  private position = 0;
  private saved = 0;
  private idle: Array<{ at: number; resolve: () => void }> = [];
  failed: unknown = null;

  constructor(
    private readonly store: EventStore,
    private readonly vault: PayoutVault,
    private readonly settings: RevenueSettings,
    private readonly log: (err: unknown) => void = () => {},
  ) {}

  start(): void {
    this.position = this.saved = this.vault.checkpoint(CHECKPOINT);
    this.sub = this.store.subscribeAll(this.position, (e) => this.handle(e), (err) => {
      this.failed = err;
      this.log(err);
    });
  }

  /** Resolves once the process manager has handled the log up to `position` (tests, read-your-writes). */
  caughtUp(position: number, timeoutMs = 10_000): Promise<boolean> {
    if (this.position >= position) return Promise.resolve(true);
    return new Promise((resolve) => {
      const t = setTimeout(() => resolve(false), timeoutMs);
      this.idle.push({ at: position, resolve: () => { clearTimeout(t); resolve(true); } });
    });
  }

  get checkpoint(): number {
    return this.position;
  }

  private project(id: string): RevenueProject | null {
    if (this.cache.has(id)) return this.cache.get(id)!;
    const p = this.vault.project<RevenueProject>(id);
    this.cache.set(id, p);
    if (this.cache.size > 5000) this.cache.delete(this.cache.keys().next().value!);
    return p;
  }

  private async handle(e: RecordedEvent): Promise<void> {
    let flush = false;
    if (e.streamId.startsWith('project-')) {
      const id = e.streamId.slice('project-'.length);
      const next = evolveRevenueProject(this.project(id), e);
      if (next !== undefined) {
        this.cache.set(id, next);
        this.dirty.set(id, next);
      }
    } else if (DownloadsCounted.is(e)) {
      this.flush(e.position - 1);
      const p = this.project(e.data.project_id);
      if (p && isEarning(p) && this.settings.perDownload > 0) {
        const total = e.data.count * this.settings.perDownload;
        const availableAt = new Date(Date.parse(e.metadata.time) + this.settings.holdMs).toISOString();
        for (const [user, amount] of splitRevenue(p, total)) {
          if (amount <= 0) continue;
          const ctx = newCommandContext(null);
          ctx.causationId = e.metadata.eventId;
          ctx.correlationId = e.metadata.correlationId;
          const credit = {
            type: 'Credit' as const, project_id: e.data.project_id, downloads: e.data.count, amount, source_position: e.position, now: e.metadata.time, available_at: availableAt,
          };
          // a busy stream (the user withdrawing at this moment) is retried; the decider makes retries harmless
          for (let attempt = 1; ; attempt++) {
            try {
              await execute(this.store, payoutsStream(user), payoutDecider, credit, ctx);
              break;
            } catch (err) {
              if (attempt >= 5) throw err;
              await new Promise((r) => setTimeout(r, 50 * attempt));
            }
          }
        }
      }
      flush = true;
    } else if (UserDeleted.is(e)) {
      this.vault.forgetUser(e.streamId.replace(/^user-/, ''));
      flush = true;
    }
    this.position = e.position;
    if (flush || this.dirty.size > 0 || this.position - this.saved >= 500) this.flush(this.position);
    if (this.idle.length) {
      const ready = this.idle.filter((w) => w.at <= this.position);
      this.idle = this.idle.filter((w) => w.at > this.position);
      for (const w of ready) w.resolve();
    }
  }

  private flush(position: number): void {
    if (position <= this.saved && this.dirty.size === 0) return;
    this.vault.save(CHECKPOINT, Math.max(position, this.saved), this.dirty);
    this.saved = Math.max(position, this.saved);
    this.dirty = new Map();
  }

  async close(): Promise<void> {
    await this.sub?.close();
    this.sub = null;
    if (this.dirty.size) this.flush(this.position);
  }
}
