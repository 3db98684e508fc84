import type { z } from 'zod';
import { ReportClosed, ReportEdited, ReportFiled, ReportReopened, type DecidedEvent, type RecordedEvent } from '@modshelf/events';
import { conflict, notFound, unauthorized } from '@modshelf/contract';
import type { Decider } from '../../kernel/decider';
import { isStaff, type CommandActor } from '../actor';

export interface ReportState {
  exists: boolean;
  reporter_id: string;
  body: string;
  closed: boolean;
}

export type ReportCommand =
  | { kind: 'file'; actor: CommandActor; report: z.input<typeof ReportFiled.schema> }
  | { kind: 'edit'; actor: CommandActor; body?: string; closed?: boolean; message?: string };

export function evolveReport(s: ReportState, e: RecordedEvent): ReportState {
  if (ReportFiled.is(e)) return { exists: true, reporter_id: e.data.reporter_id, body: e.data.body, closed: false };
  if (ReportEdited.is(e)) return { ...s, body: e.data.body ?? s.body };
  if (ReportClosed.is(e)) return { ...s, closed: true };
  if (ReportReopened.is(e)) return { ...s, closed: false };
  return s;
}

export function decideReport(c: ReportCommand, s: ReportState): DecidedEvent[] {
  if (c.kind === 'file') {
    if (s.exists) throw conflict('a report with this id already exists');
    return [ReportFiled(c.report)];
  }
  // only the reporter and staff can see a report
  if (!s.exists || (s.reporter_id !== c.actor.userId && !isStaff(c.actor))) throw notFound();
  const out: DecidedEvent[] = [];
  if (c.body !== undefined && c.body !== s.body) out.push(ReportEdited({ body: c.body }));
  if (c.closed !== undefined && c.closed !== s.closed) {
    if (!isStaff(c.actor)) throw unauthorized('Only moderators can close or reopen a report');
    const message = c.message?.trim() ? { message: c.message.trim() } : {};
    out.push(c.closed ? ReportClosed({ closed_by: c.actor.userId, ...message }) : ReportReopened({ reopened_by: c.actor.userId, ...message }));
  }
  return out;
}

export const reportDecider: Decider<ReportCommand, ReportState> = {
  initialState: { exists: false, reporter_id: '', body: '', closed: false },
  evolve: evolveReport,
  decide: decideReport,
};
