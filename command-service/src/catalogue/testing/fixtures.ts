import type { ProjectFields } from '../project/project.state';
import { testProjectDefaults } from '@modshelf/events/testing';

export const OWNER = { userId: 'OwnerAAA', role: 'developer' as const };
export const MEMBER = { userId: 'MemberBB', role: 'developer' as const };
export const STRANGER = { userId: 'StrangeC', role: 'developer' as const };
export const MODERATOR = { userId: 'ModerDDD', role: 'moderator' as const };
export const ADMIN = { userId: 'AdminEEE', role: 'admin' as const };

export const PROJECT_ID = 'ProjAAAA';
export const TEAM_ID = 'TeamAAAA';

export function projectFields(over: Partial<ProjectFields> = {}): ProjectFields {
  return {
    slug: 'cool-mod',
    title: 'Cool mod',
    description: 'A cool mod for testing',
    body: 'Long body',
    categories: ['magic'],
    ...testProjectDefaults(),
    ...over,
  };
}
