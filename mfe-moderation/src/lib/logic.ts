/** Pure rules of the moderation screens (tested without a browser). */

/** Stream types the audit API answers. */
export const AUDIT_TYPES = ['project', 'version', 'user', 'report', 'organization', 'collection', 'thread'] as const;
export type AuditType = (typeof AUDIT_TYPES)[number];
export const isAuditType = (s: string): s is AuditType => (AUDIT_TYPES as readonly string[]).includes(s);

/** Statuses an approval may land on: the owner's requested visibility (Modrinth), else approved. */
const APPROVED_TYPE = ['approved', 'archived', 'unlisted', 'private'];
export function approvalStatus(requested: string | null | undefined): string {
  return requested && APPROVED_TYPE.includes(requested) ? requested : 'approved';
}

export type Decision = 'approve' | 'reject' | 'withhold';
export const DECISIONS: readonly Decision[] = ['approve', 'reject', 'withhold'];

/** The status a decision sets on a queued project. */
export function decisionStatus(d: Decision, requested: string | null | undefined): string {
  if (d === 'approve') return approvalStatus(requested);
  return d === 'reject' ? 'rejected' : 'withheld';
}

/** The moderator message sent with a decision: trimmed, null when empty (the status change then keeps none). */
export function decisionMessage(text: string): string | null {
  const t = text.trim();
  return t ? t : null;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** An ISO time as the value of a datetime-local input (local time, to the second). */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A datetime-local value (local time) as an ISO time; null when it is not a time. */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The moment just before an event (the state it found). */
export function justBefore(iso: string): string {
  return new Date(Date.parse(iso) - 1).toISOString();
}

/**
 * A datetime-local input shows seconds only; the state "as of" a moment must include every event of
 * that second, so a typed-in moment covers the whole second.
 */
export function endOfSecond(iso: string): string {
  const t = Date.parse(iso);
  return new Date(t - (t % 1000) + 999).toISOString();
}

/** One line about an event for the timeline, beyond its type (status changes and report closing). */
export function eventSummary(type: string, data: Record<string, unknown>): string | null {
  if (type === 'ProjectStatusChanged' || type === 'VersionStatusChanged') {
    const from = typeof data.from === 'string' ? data.from : '?';
    const to = typeof data.to === 'string' ? data.to : '?';
    return `${from} → ${to}`;
  }
  if ((type === 'ReportClosed' || type === 'ReportReopened') && typeof data.message === 'string') return data.message;
  if (type === 'ProjectEdited' && data.changes && typeof data.changes === 'object') {
    return Object.keys(data.changes as object).join(', ');
  }
  return null;
}

/** Fields of a rebuilt state worth showing first, in this order, when present. */
export const HIGHLIGHT_FIELDS = ['status', 'requested_status', 'title', 'name', 'slug', 'username', 'role', 'version_number', 'closed', 'moderator_message'];

export function stateHighlights(state: Record<string, unknown> | null): [string, string][] {
  if (!state) return [];
  const out: [string, string][] = [];
  for (const k of HIGHLIGHT_FIELDS) {
    if (!(k in state)) continue;
    const v = state[k];
    out.push([k, v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v)]);
  }
  return out;
}

/** Where a reported item lives on the site. */
export function reportItemPath(r: { item_type: string; item_id: string }): string {
  if (r.item_type === 'project') return `/project/${encodeURIComponent(r.item_id)}`;
  if (r.item_type === 'user') return `/user/${encodeURIComponent(r.item_id)}`;
  return `/moderation/audit/version/${encodeURIComponent(r.item_id)}`;
}

/** The audit view of a reported item. */
export function reportItemAuditPath(r: { item_type: string; item_id: string }): string {
  return `/moderation/audit/${encodeURIComponent(r.item_type)}/${encodeURIComponent(r.item_id)}`;
}

export type ReportFilter = 'open' | 'closed' | 'all';
export function filterReports<R extends { closed: boolean }>(reports: readonly R[], f: ReportFilter): R[] {
  return reports.filter((r) => (f === 'all' ? true : f === 'open' ? !r.closed : r.closed));
}

/** Money in minor units (cents) as a display amount: "$4.99" for USD, else "4.99 EUR". */
export function formatMinor(amount: number, currency: string): string {
  const v = (Math.floor(amount) / 100).toFixed(2);
  return currency.toUpperCase() === 'USD' ? `$${v}` : `${v} ${currency.toUpperCase()}`;
}

/** Whether a string looks like a base62 id (8 characters) rather than a name or slug. */
export const looksLikeId = (s: string) => /^[0-9A-Za-z]{8}$/.test(s);
