import { userBadges } from '@modshelf/events';
import type { User } from '@modshelf/contract/v2';
import type { UserDoc } from '../read-model/documents';

export interface UserStats {
  project_count: number;
  download_count: number;
  follower_count: number;
}

export interface PrivateUserData {
  email: string | null;
  email_verified: boolean;
  has_password: boolean;
}

/**
 * Modrinth's User; private fields only for the user themself. Profile counts are additions from the spec.
 * `creator`: an accepted member of a publicly listed project (the creator badge); `badges` adds the role badges.
 */
export function userView(u: UserDoc, stats: UserStats | null, self: PrivateUserData | null = null, creator = false): User {
  return {
    id: u.id,
    username: u.username,
    name: null,
    email: self ? self.email : null,
    bio: u.bio,
    avatar_url: u.avatar_url,
    created: u.created,
    role: u.role,
    badges: userBadges(u.badges, u.role, creator),
    auth_providers: self ? [] : null,
    email_verified: self ? self.email_verified : null,
    has_password: self ? self.has_password : null,
    has_totp: self ? u.has_totp : null,
    payout_data: null,
    github_id: null,
    ...(stats ?? {}),
  };
}
