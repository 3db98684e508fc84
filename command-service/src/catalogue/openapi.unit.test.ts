import { describe, expect, it } from 'vitest';
import { catalogueOpenApiPaths } from './openapi';

describe('catalogue OpenAPI paths', () => {
  it('renders every command route from its zod schemas', () => {
    const paths = catalogueOpenApiPaths();
    expect(Object.keys(paths)).toContain('/v2/project');
    const create = paths['/v2/project'].post as { requestBody: { content: Record<string, { schema: { properties: { data: { required: string[] } } } }> } };
    expect(create.requestBody.content['multipart/form-data'].schema.properties.data.required).toEqual(
      expect.arrayContaining(['slug', 'title', 'description', 'license_id', 'project_type']),
    );
    const gallery = paths['/v2/project/{id|slug}/gallery'].post as { parameters: { name: string; required: boolean }[] };
    expect(gallery.parameters.find((p) => p.name === 'featured')?.required).toBe(true);
    expect(JSON.stringify(paths)).not.toContain('undefined');
  });
});
