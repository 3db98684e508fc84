import { describe, expect, it } from 'vitest';
import * as wire from '@modshelf/contract/v2/fields';
import { createProjectInput } from '@modshelf/contract/v2';
import * as fields from './fields';

describe("the events' fields that the wire also carries are the contract's", () => {
  it('one definition each: id, url, slug, title, description, body, the version name and number', () => {
    expect(fields.id).toBe(wire.id);
    expect(fields.url).toBe(wire.url);
    expect(fields.projectFields.shape.slug).toBe(wire.slug);
    expect(fields.projectFields.shape.title).toBe(wire.title);
    expect(fields.projectFields.shape.description).toBe(wire.description);
    expect(fields.projectFields.shape.body).toBe(wire.body);
    expect(fields.versionFields.shape.name).toBe(wire.versionName);
    expect(fields.versionFields.shape.version_number).toBe(wire.versionNumber);
    expect(createProjectInput.shape.slug).toBe(fields.projectFields.shape.slug);
  });
});
