import { describe, expect, it } from 'vitest';
import { ReportClosed, ReportFiled, ReportReopened, upcast } from '@modshelf/events';
import { given } from '../testing/given';
import { MODERATOR, OWNER } from '../testing/fixtures';
import { reportDecider } from './report.decider';
import { editReportInput } from '@modshelf/contract/v2';

const filed = ReportFiled({
  report_id: 'ReportAA',
  reporter_id: OWNER.userId,
  report_type: 'spam',
  item_type: 'project',
  item_id: 'ProjBBBB',
  body: 'spam!',
  thread_id: 'ThreadBB',
});

describe('report close / reopen with a moderator message', () => {
  it('keeps the trimmed message on the close and reopen events', () => {
    given(reportDecider, [filed])
      .when({ kind: 'edit', actor: MODERATOR, closed: true, message: ' Removed the project. ' })
      .then([ReportClosed({ closed_by: MODERATOR.userId, message: 'Removed the project.' })]);
    given(reportDecider, [filed, ReportClosed({ closed_by: MODERATOR.userId })])
      .when({ kind: 'edit', actor: MODERATOR, closed: false, message: 'Looking again' })
      .then([ReportReopened({ reopened_by: MODERATOR.userId, message: 'Looking again' })]);
  });
  it('an empty message is left out; a message without a change writes nothing', () => {
    given(reportDecider, [filed])
      .when({ kind: 'edit', actor: MODERATOR, closed: true, message: '  ' })
      .then([ReportClosed({ closed_by: MODERATOR.userId })]);
    given(reportDecider, [filed]).when({ kind: 'edit', actor: MODERATOR, closed: false, message: 'nothing to do' }).then([]);
  });
  it('the reporter still cannot close, message or not', () => {
    given(reportDecider, [filed]).when({ kind: 'edit', actor: OWNER, closed: true, message: 'done' }).thenError('unauthorized');
  });
  it('accepts the message on PATCH and reads old events without one', () => {
    expect(editReportInput.parse({ closed: true, message: 'ok' })).toEqual({ closed: true, message: 'ok' });
    expect(editReportInput.safeParse({ message: 'x'.repeat(2049) }).success).toBe(false);
    const old = { type: 'ReportClosed', schemaVersion: 1, data: { closed_by: 'ModerDDD' } };
    expect(ReportClosed.schema.parse(upcast(old).data)).toEqual({ closed_by: 'ModerDDD' });
  });
});
