import { describe, expect, it } from 'vitest';
import type { CpuProfile } from '../proof/harness/inspector';
import { commandPathShares } from './command-path';

const OURS = 'file:///app/dist/server/chunk-A.js';
const FASTIFY = 'file:///app/node_modules/fastify/lib/hooks.js';
const RATE_LIMIT = 'file:///app/node_modules/@fastify/rate-limit/index.js';

/** A profile from stacks written root first (`name@url` frames, url defaulting to ours), one sample each. */
function profileOf(stacks: string[][]): CpuProfile {
  const nodes: CpuProfile['nodes'] = [{ id: 1, callFrame: { functionName: '(root)', url: '', lineNumber: -1 }, children: [] }];
  const samples: number[] = [];
  for (const stack of stacks) {
    let at = nodes[0];
    for (const frame of stack) {
      const [functionName, url = OURS] = frame.split('@');
      let next = (at.children ?? []).map((id) => nodes[id - 1]).find((n) => n.callFrame.functionName === functionName && n.callFrame.url === url);
      if (!next) {
        next = { id: nodes.length + 1, callFrame: { functionName, url, lineNumber: 1 }, children: [] };
        nodes.push(next);
        at.children!.push(next.id);
      }
      at = next;
    }
    samples.push(at.id);
  }
  return { nodes, startTime: 1_000, endTime: 1_000 + 100 * samples.length, samples, timeDeltas: samples.map(() => 100) };
}

describe('where a command spends the main thread (commandPathShares)', () => {
  it('counts each busy sample for the innermost stage on its stack, the rest as http_and_rest; idle samples for none', () => {
    const r = commandPathShares(
      profileOf([
        ['(idle)'],
        ['(idle)'],
        ['runMicrotasks', 'execute', 'decideEdit'],
        // the append inside the decider's execute is the append's
        ['runMicrotasks', 'execute', 'appendGrouped', 'appendOne'],
        ['processImmediate', 'commitGroup', 'sqliteTransaction'],
        ['runMicrotasks', 'resolveProject', 'readInline'],
        ['processImmediate', 'processBatch', 'commitSync'],
        // a resumed async function of the batch shows without its caller
        ['runMicrotasks', 'foldEvents', 'applyEvent'],
        ['(garbage collector)'],
        ['parserOnHeadersComplete', 'parserOnIncoming'],
      ]),
    );
    expect(r.busy_samples).toBe(8);
    expect(r.busy_share).toBe(0.8);
    expect(r.shares).toMatchObject({ decider: 0.125, append: 0.25, lookups: 0.125, projection: 0.25, gc: 0.125, http_and_rest: 0.125, auth: 0 });
    expect(Object.values(r.shares).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
  });

  it("stops at Fastify's frames: what a hook's done() runs next is not the hook's", () => {
    const r = commandPathShares(
      profileOf([
        // a callback hook that calls done() at once runs the handler inside its frame
        ['idempotencyClaim', `next@${FASTIFY}`, `preHandlerCallback@${FASTIFY}`, 'handler', 'parse'],
        ['idempotencyClaim', 'get'],
        ['authenticate', 'changeMark'],
      ]),
    );
    expect(r.shares.http_and_rest).toBeCloseTo(1 / 3, 3);
    expect(r.shares.idempotency).toBeCloseTo(1 / 3, 3);
    expect(r.shares.auth).toBeCloseTo(1 / 3, 3);
  });

  it("takes a marker from our code only, unless it is a library's (the rate limit)", () => {
    const r = commandPathShares(
      profileOf([
        [`execute@file:///app/node_modules/some-lib/index.js`, 'work'],
        [`applyRateLimit@${RATE_LIMIT}`, 'allowList', 'digest'],
      ]),
    );
    expect(r.shares).toMatchObject({ decider: 0, http_and_rest: 0.5, rate_limit: 0.5 });
  });

  it('answers zero shares for a profile without busy samples', () => {
    const r = commandPathShares(profileOf([['(idle)']]));
    expect(r.busy_samples).toBe(0);
    expect(r.busy_share).toBe(0);
    expect(Object.values(r.shares).every((s) => s === 0)).toBe(true);
  });
});
