/** Wire shapes of the Modrinth-compatible /v2 API (the fields the web uses). */

export interface License { id: string; name: string; url?: string | null }
export interface DonationUrl { id: string; platform: string; url: string }
export interface GalleryImage {
  url: string; raw_url?: string; featured: boolean; title?: string | null; description?: string | null;
  created: string; ordering?: number;
}

export interface Project {
  id: string; slug: string | null; project_type: string; team: string; organization?: string | null;
  title: string; description: string; body: string; body_url?: string | null;
  published: string; updated: string; approved?: string | null; queued?: string | null;
  status: string; requested_status?: string | null; moderator_message?: unknown;
  license: License; downloads: number; followers: number;
  categories: string[]; additional_categories?: string[]; loaders: string[]; versions: string[];
  game_versions: string[]; client_side: string; server_side: string;
  icon_url?: string | null; issues_url?: string | null; source_url?: string | null; wiki_url?: string | null;
  discord_url?: string | null; donation_urls?: DonationUrl[]; gallery?: GalleryImage[]; color?: number | null;
  thread_id?: string; comment_thread_id?: string | null; monetization_status?: string;
}

export interface SearchHit {
  project_id: string; project_type: string; slug: string | null; author: string; title: string; description: string;
  categories: string[]; display_categories?: string[]; versions: string[]; downloads: number; follows: number;
  icon_url?: string | null; date_created: string; date_modified: string; latest_version?: string; license: string;
  client_side: string; server_side: string; gallery?: string[]; featured_gallery?: string | null; color?: number | null;
}

export interface SearchResults { hits: SearchHit[]; offset: number; limit: number; total_hits: number }

export interface VersionFile {
  hashes: { sha1?: string; sha512?: string; [k: string]: string | undefined };
  url: string; filename: string; primary: boolean; size: number; file_type?: string | null;
}

export interface VersionDependency {
  version_id?: string | null; project_id?: string | null; file_name?: string | null;
  dependency_type: 'required' | 'optional' | 'incompatible' | 'embedded';
}

export interface Version {
  id: string; project_id: string; author_id: string; name: string; version_number: string;
  changelog?: string | null; dependencies?: VersionDependency[]; game_versions: string[];
  version_type: 'release' | 'beta' | 'alpha'; loaders: string[]; featured?: boolean; status?: string;
  date_published: string; downloads: number; files: VersionFile[];
}

export interface User {
  id: string; username: string; name?: string | null; avatar_url?: string | null; bio?: string | null;
  created: string; role: string; badges?: number;
}

export interface TeamMember {
  team_id: string; user: User; role: string; permissions?: number | null; accepted: boolean; ordering?: number;
  is_owner?: boolean;
}

export interface Organization {
  id: string; slug: string; name: string; team_id: string; description: string; icon_url?: string | null;
  color?: number | null; members: TeamMember[];
}

export interface Collection {
  id: string; user: string; name: string; description: string | null; icon_url?: string | null; color?: number | null;
  status: string; created: string; updated: string; projects: string[];
}

export interface CategoryTag { icon: string; name: string; project_type: string; header: string }
export interface LoaderTag { icon: string; name: string; supported_project_types: string[] }
export interface GameVersionTag { version: string; version_type: string; date: string; major: boolean }
export interface LicenseTag { short: string; name: string }
export interface DonationPlatformTag { short: string; name: string }
