import type { Translate } from './use-t';

/**
 * A project status as its team reads it, in the calling bundle's language (each bundle that shows
 * it holds these keys; its messages test reads this file). Unknown statuses show as they are.
 */
export function projectStatusLabel(t: Translate, status: string): string {
  const labels: Record<string, string> = {
    approved: t('status.approved', 'Public'),
    archived: t('status.archived', 'Archived'),
    rejected: t('status.rejected', 'Rejected'),
    draft: t('status.draft', 'Draft'),
    unlisted: t('status.unlisted', 'Unlisted'),
    processing: t('status.processing', 'Under review'),
    withheld: t('status.withheld', 'Unlisted by staff'),
    scheduled: t('status.scheduled', 'Scheduled'),
    private: t('status.private', 'Private'),
    unknown: t('status.unknown', 'Unknown'),
  };
  return labels[status] ?? status;
}
