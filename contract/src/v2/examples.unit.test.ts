import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ErrorBody } from '../errors';
import { z } from 'zod';
import { ErrorAnswer, Project, SearchHit, User, Version } from './index';
import { ERROR_EXAMPLE, PROJECT_EXAMPLE, SEARCH_HIT_EXAMPLE, USER_EXAMPLE, VERSION_EXAMPLE } from './examples';

const CASES = [
  ['Project', Project, PROJECT_EXAMPLE],
  ['Version', Version, VERSION_EXAMPLE],
  ['User', User, USER_EXAMPLE],
  ['SearchHit', SearchHit, SEARCH_HIT_EXAMPLE],
  ['Error', ErrorAnswer, ERROR_EXAMPLE],
] as const;

describe('the main answers carry an example the API reference shows', () => {
  it.each(CASES)('%s: its example parses with its (strict) schema', (_name, schema, example) => {
    expect(schema.safeParse(example).error).toBeUndefined();
  });

  it.each(CASES)('%s: the JSON Schema the OpenAPI document is rendered from lists the example', (_name, schema, example) => {
    const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as { examples?: unknown[] };
    expect(json.examples).toEqual([example]);
  });

  it('a wrong example would not parse (strict objects refuse unknown fields, enums refuse other statuses)', () => {
    expect(Project.safeParse({ ...PROJECT_EXAMPLE, status: 'published' }).success).toBe(false);
    expect(User.safeParse({ ...USER_EXAMPLE, nickname: 'x' }).success).toBe(false);
  });
});

describe('the error schema and the domain errors agree', () => {
  it("the schema's type is errors.ts's ErrorBody (the codes are ERROR_CODES)", () => {
    expectTypeOf<z.output<typeof ErrorAnswer>>().toEqualTypeOf<ErrorBody>();
    expect(ErrorAnswer.safeParse({ error: 'no_such_code', description: 'x' }).success).toBe(false);
  });
});
