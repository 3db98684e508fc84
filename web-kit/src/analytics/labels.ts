import type { Translate } from '../use-t';
import type { AnalyticsPanelLabels } from './AnalyticsPanel';

/**
 * The analytics panel's texts in the calling bundle's language (each bundle that shows the panel
 * holds these keys; its messages test reads this file).
 */
export function analyticsLabels(t: Translate): AnalyticsPanelLabels {
  return {
    title: t('analytics.overTime', 'Analytics over time'),
    ranges: {
      '7d': t('analytics.range7d', '7 days'),
      '30d': t('analytics.range30d', '30 days'),
      '90d': t('analytics.range90d', '90 days'),
      '1y': t('analytics.range1y', '1 year'),
      all: t('analytics.rangeAll', 'All time'),
    },
    metrics: {
      downloads: t('analytics.metricDownloads', 'Downloads'),
      views: t('analytics.metricViews', 'Page views'),
      followers: t('analytics.metricFollowers', 'Followers'),
      revenue: t('analytics.metricRevenue', 'Revenue'),
    },
    gained: t('analytics.gained', 'Gained'),
    lost: t('analytics.lost', 'Lost'),
    exportCsv: t('analytics.exportCsv', 'Export CSV'),
    loading: t('analytics.loading', 'Loading…'),
    noProjects: t('analytics.noProjects', 'No projects to show.'),
    total: (metric) => t('analytics.inRange', '{metric} in this range', { metric }),
  };
}
