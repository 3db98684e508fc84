import type { CollectionCreated, DataOf } from '@modshelf/events';

/** Read-model documents of collections, organizations and notifications (wire field names). */

export interface CollectionDoc {
  id: string;
  user: string;
  name: string;
  description: string | null;
  icon_url: string | null;
  color: number | null;
  status: DataOf<typeof CollectionCreated>['status'];
  date_created: string;
  date_updated: string;
  projects: string[];
}

export interface OrganizationMemberDoc {
  user_id: string;
  role: string;
  /** project permission bits on the organization's projects */
  permissions: number;
  organization_permissions: number;
  ordering: number;
  accepted: boolean;
  is_owner: boolean;
}

export interface OrganizationDoc {
  id: string;
  slug: string;
  name: string;
  team_id: string;
  description: string;
  icon_url: string | null;
  color: number | null;
  owner_id: string;
  members: OrganizationMemberDoc[];
  projects: string[];
  created: string;
}

export interface NotificationActionDoc {
  title: string;
  action_route: [string, string];
}

export interface NotificationDoc {
  id: string;
  user_id: string;
  /** project_update | team_invite | status_change | moderator_message */
  type: string | null;
  title: string;
  text: string;
  link: string;
  read: boolean;
  created: string;
  actions: NotificationActionDoc[];
  /** the event the notification was made from */
  source_event: string;
}

export const COMMUNITY_INDEXES = {
  collections: {
    user: (c: CollectionDoc) => [c.user],
    project: (c: CollectionDoc) => c.projects,
  },
  organizations: {
    slug: (o: OrganizationDoc) => [o.slug.toLowerCase()],
    member: (o: OrganizationDoc) => o.members.map((m) => m.user_id),
    team: (o: OrganizationDoc) => [o.team_id],
  },
  notifications: {
    user: (n: NotificationDoc) => [n.user_id],
  },
};
