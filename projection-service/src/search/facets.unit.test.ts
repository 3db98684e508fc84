import { describe, expect, it } from 'vitest';
import { DomainError } from '@modshelf/contract';
import { parseFacet } from './facet-atom';
import { parseFacets, parseSearchParams } from './facets';

describe('facets', () => {
  it('splits field:value and renames v2 keys', () => {
    expect(parseFacet('versions:1.16.201-arm64')).toEqual({ field: 'game_versions', op: '=', value: '1.16.201-arm64' });
    expect(parseFacet('project_type:behaviorpack')).toEqual({ field: 'project_types', op: '=', value: 'behaviorpack' });
    expect(parseFacet('title:"My Mod"')).toEqual({ field: 'name', op: '=', value: 'My Mod' });
  });
  it('parses expressions with numbers, booleans and quotes', () => {
    expect(parseFacet('downloads>100')).toEqual({ field: 'downloads', op: '>', value: 100 });
    expect(parseFacet('downloads >= 5')).toEqual({ field: 'downloads', op: '>=', value: 5 });
    expect(parseFacet('categories != magic')).toEqual({ field: 'categories', op: '!=', value: 'magic' });
    expect(parseFacet('open_source:true')).toEqual({ field: 'open_source', op: '=', value: true });
    expect(parseFacet("license='MIT'")).toEqual({ field: 'license', op: '=', value: 'MIT' });
  });
  it('nests AND of ORs of ANDs', () => {
    const f = parseFacets('[["categories:magic","categories:food"],[["versions:1.0.3","project_type:mod"]]]');
    expect(f).toHaveLength(2);
    expect(f[0]).toHaveLength(2);
    expect(f[1][0]).toHaveLength(2);
  });
  it('rejects unknown keys, bad JSON and non-numeric numbers as invalid input', () => {
    for (const bad of ['[["colour:red"]]', '[["categories:magic"]', '{"a":1}', '[["downloads>lots"]]', '[[5]]']) {
      try {
        parseFacets(bad);
        expect.fail(`accepted ${bad}`);
      } catch (err) {
        expect(err).toBeInstanceOf(DomainError);
        expect((err as DomainError).kind).toBe('invalid_input');
        expect((err as DomainError).code).toBe('invalid_input');
      }
    }
  });
  it('applies the paging rules', () => {
    expect(parseSearchParams({})).toMatchObject({ offset: 0, limit: 10, sort: 'relevance' });
    expect(parseSearchParams({ limit: '500' }).limit).toBe(100);
    expect(parseSearchParams({ limit: '0' }).limit).toBe(1);
    expect(parseSearchParams({ limit: '10', offset: '25' }).offset).toBe(20);
    expect(parseSearchParams({ index: 'date_created' }).sort).toBe('newest');
    expect(parseSearchParams({ index: 'date_modified' }).sort).toBe('updated');
    expect(() => parseSearchParams({ index: 'best' })).toThrow(/invalid index 'best'/);
  });
});
