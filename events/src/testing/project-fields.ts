import type { z } from 'zod';
import type { projectFields } from '../catalogue/fields';

type ProjectFields = z.infer<typeof projectFields>;

/** The fields of a test project past its slug, title, description, body and categories. */
export type TestProjectDefaults = Omit<ProjectFields, 'slug' | 'title' | 'description' | 'body' | 'categories' | 'moderator_message_body'>;

/**
 * What a test project has unless the test says otherwise: an MIT licence, client-side only, no links
 * or donations, public once approved, monetized. A fresh object each call.
 */
export function testProjectDefaults(): TestProjectDefaults {
  return {
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
  };
}
