import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  approvalStatus,
  decisionMessage,
  decisionStatus,
  endOfSecond,
  eventSummary,
  filterReports,
  formatMinor,
  fromLocalInput,
  isAuditType,
  justBefore,
  reportItemAuditPath,
  reportItemPath,
  stateHighlights,
  toLocalInput,
} from './logic';

describe('moderation rules', () => {
  it('approves to the requested visibility, rejects and withholds', () => {
    expect(approvalStatus('unlisted')).toBe('unlisted');
    expect(approvalStatus('draft')).toBe('approved');
    expect(approvalStatus(null)).toBe('approved');
    expect(decisionStatus('approve', 'archived')).toBe('archived');
    expect(decisionStatus('reject', 'approved')).toBe('rejected');
    expect(decisionStatus('withhold', 'approved')).toBe('withheld');
    expect(decisionMessage('  ')).toBeNull();
    expect(decisionMessage(' Fix the license ')).toBe('Fix the license');
  });

  it('converts as-of moments between the input and ISO', () => {
    const iso = '2026-03-04T05:06:07.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(fromLocalInput('nonsense')).toBeNull();
    expect(toLocalInput('bad')).toBe('');
    expect(justBefore(iso)).toBe('2026-03-04T05:06:06.999Z');
    expect(endOfSecond('2026-03-04T05:06:07.250Z')).toBe('2026-03-04T05:06:07.999Z');
  });

  it('summarises status changes and picks the telling fields of a state', () => {
    expect(eventSummary('ProjectStatusChanged', { from: 'processing', to: 'approved' })).toBe('processing → approved');
    expect(eventSummary('ProjectEdited', { changes: { title: 'x', body: 'y' } })).toBe('title, body');
    expect(eventSummary('ReportFiled', {})).toBeNull();
    expect(eventSummary('ReportClosed', { closed_by: 'x', message: 'Handled' })).toBe('Handled');
    expect(eventSummary('ReportClosed', { closed_by: 'x' })).toBeNull();
    expect(stateHighlights({ title: 'A', status: 'processing', moderator_message: null, other: 1 })).toEqual([
      ['status', 'processing'],
      ['title', 'A'],
      ['moderator_message', '—'],
    ]);
    expect(stateHighlights(null)).toEqual([]);
  });

  it('links reported items and filters reports', () => {
    expect(reportItemPath({ item_type: 'project', item_id: 'AAAAAAAA' })).toBe('/project/AAAAAAAA');
    expect(reportItemPath({ item_type: 'user', item_id: 'BBBBBBBB' })).toBe('/user/BBBBBBBB');
    expect(reportItemAuditPath({ item_type: 'version', item_id: 'CCCCCCCC' })).toBe('/moderation/audit/version/CCCCCCCC');
    const rs = [{ closed: false }, { closed: true }];
    expect(filterReports(rs, 'open')).toEqual([{ closed: false }]);
    expect(filterReports(rs, 'closed')).toEqual([{ closed: true }]);
    expect(filterReports(rs, 'all')).toHaveLength(2);
    expect(isAuditType('project')).toBe(true);
    expect(isAuditType('payouts')).toBe(false);
    expect(formatMinor(499, 'USD')).toBe('$4.99');
    expect(formatMinor(1000, 'eur')).toBe('10.00 EUR');
  });
});

/** Every message id used in the package has a Russian translation, and none is stale. */
describe('Russian bundle', () => {
  const src = join(import.meta.dirname, '..');
  const ids = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.tsx?$/.test(name) && !name.endsWith('.test.ts')) {
        for (const m of readFileSync(p, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z][\w.]*)',\s*'/g)) if (m[1] !== 'id') ids.add(m[1]);
      }
    }
  };
  walk(src);
  const ru = JSON.parse(readFileSync(join(src, 'messages', 'ru.json'), 'utf8')) as Record<string, string>;
  it('covers every id', () => expect([...ids].filter((id) => !(id in ru))).toEqual([]));
  it('holds no unused ids', () => expect(Object.keys(ru).filter((id) => !ids.has(id))).toEqual([]));
});
