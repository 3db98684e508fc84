/**
 * One project's figures for one UTC day (id `<project_id>:<YYYY-MM-DD>`): counted downloads,
 * page views, followers gained and lost, and revenue credited to its team in micro-dollars.
 */
export interface AnalyticsDayDoc {
  project_id: string;
  /** YYYY-MM-DD, UTC */
  day: string;
  downloads: number;
  views: number;
  followers_gained: number;
  followers_lost: number;
  revenue: number;
}

export const ANALYTICS_INDEXES = {
  analytics_days: {
    project: (d: AnalyticsDayDoc) => [d.project_id],
  },
};

export const analyticsDayId = (projectId: string, day: string) => `${projectId}:${day}`;
