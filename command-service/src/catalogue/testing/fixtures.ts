import type { ProjectFields } from '../project/project.state';

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
    additional_categories: [],
    license: { id: 'MIT', name: 'MIT License', url: null },
    client_side: 'required',
    server_side: 'unsupported',
    issues_url: null,
    source_url: null,
    wiki_url: null,
    discord_url: null,
    donation_urls: [],
    requested_status: 'approved',
    moderator_message: null,
    monetization_status: 'monetized',
    ...over,
  };
}
