import { describe, expect, it } from 'vitest';
import { FIRST_BUILD_NODE_FLAGS } from '@modshelf/projection-service';
import { missingNodeFlags, NODE_FLAGS } from '../../scripts/server-build.mjs';

describe('the node flags an entry runs with (scripts/run-server.mjs starts a child that has them)', () => {
  it("gives npm run replay's rebuild a large young generation, restore's and a first start's child the same, and the site none (its RSS is a goal)", () => {
    expect(NODE_FLAGS.replay).toEqual(['--max-semi-space-size=256']);
    expect(NODE_FLAGS.restore).toEqual(NODE_FLAGS.replay);
    expect(FIRST_BUILD_NODE_FLAGS).toEqual(NODE_FLAGS.replay);
    expect(missingNodeFlags('replay', [])).toEqual(['--max-semi-space-size=256']);
    expect(missingNodeFlags('main', [])).toEqual([]);
  });

  it('runs the entry in place when the process already has them', () => {
    expect(missingNodeFlags('replay', ['--enable-source-maps', '--max-semi-space-size=256'])).toEqual([]);
    expect(missingNodeFlags('replay', ['--max-semi-space-size=64'])).toEqual(['--max-semi-space-size=256']);
  });
});
