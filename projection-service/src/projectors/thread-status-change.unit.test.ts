import { describe, expect, it } from 'vitest';
import { recordsStatusChange } from './thread.projector';

describe("the project thread's status-change records", () => {
  it('records scheduling and the scheduled release (the scheduler appends an ordinary ProjectStatusChanged)', () => {
    expect(recordsStatusChange('approved', 'scheduled')).toBe(true);
    expect(recordsStatusChange('scheduled', 'approved')).toBe(true);
    expect(recordsStatusChange('scheduled', 'unlisted')).toBe(true);
  });
  it('does not record moves between the visibilities the team picks itself', () => {
    expect(recordsStatusChange('approved', 'unlisted')).toBe(false);
  });
});
