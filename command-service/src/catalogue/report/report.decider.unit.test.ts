import { describe, it } from 'vitest';
import { ReportClosed, ReportEdited, ReportFiled, ReportReopened } from '@modshelf/events';
import { given } from '../testing/given';
import { MODERATOR, OWNER, STRANGER } from '../testing/fixtures';
import { reportDecider } from './report.decider';

const filed = ReportFiled({
  report_id: 'ReportAA',
  reporter_id: OWNER.userId,
  report_type: 'spam',
  item_type: 'project',
  item_id: 'ProjBBBB',
  body: 'spam!',
  thread_id: 'ThreadBB',
});

describe('report decider', () => {
  it('files a report', () => {
    given(reportDecider, []).when({ kind: 'file', actor: OWNER, report: filed.data }).then([filed]);
  });
  it('the reporter edits the body; strangers do not see it', () => {
    given(reportDecider, [filed])
      .when({ kind: 'edit', actor: OWNER, body: 'more spam' })
      .then([ReportEdited({ body: 'more spam' })]);
    given(reportDecider, [filed]).when({ kind: 'edit', actor: STRANGER, body: 'x' }).thenError('not_found');
    given(reportDecider, [filed]).when({ kind: 'edit', actor: OWNER, body: 'spam!' }).then([]);
  });
  it('only staff close and reopen', () => {
    given(reportDecider, [filed]).when({ kind: 'edit', actor: OWNER, closed: true }).thenError('unauthorized');
    given(reportDecider, [filed])
      .when({ kind: 'edit', actor: MODERATOR, closed: true })
      .then([ReportClosed({ closed_by: MODERATOR.userId })]);
    given(reportDecider, [filed, ReportClosed({ closed_by: MODERATOR.userId })])
      .when({ kind: 'edit', actor: MODERATOR, closed: false })
      .then([ReportReopened({ reopened_by: MODERATOR.userId })]);
  });
});
