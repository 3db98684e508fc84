import { describe, expect, it } from 'vitest';
import { chainDepths } from './request-chain';

const doc = 'http://x/mod/a';

describe('request chain depth', () => {
  it('counts each hop a script makes: document 1, what it names 2, what their code asks for next 3 and on', () => {
    const chain = chainDepths([
      { url: doc, initiator: { type: 'other' } },
      { url: 'http://x/main.js', resourceType: 'Script', initiator: { type: 'parser', url: doc } },
      { url: 'http://x/remoteEntry.js', resourceType: 'Script', initiator: { type: 'script', stack: { callFrames: [{ url: 'http://x/main.js' }] } } },
      // the deepest script on the stack counts, async parents included
      {
        url: 'http://x/page.js',
        resourceType: 'Script',
        initiator: { type: 'script', stack: { callFrames: [{ url: 'http://x/main.js' }], parent: { callFrames: [{ url: 'http://x/remoteEntry.js' }] } } },
      },
      { url: 'http://x/v2/project/a', resourceType: 'Fetch', initiator: { type: 'script', stack: { callFrames: [{ url: 'http://x/page.js' }] } } },
    ]);
    expect(chain.map((c) => c.depth)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the depth of a URL first asked for by the HTML when a script asks for it again', () => {
    const chain = chainDepths([
      { url: doc, initiator: { type: 'other' } },
      { url: 'http://x/main.js', initiator: { type: 'parser', url: doc } },
      { url: 'http://x/page.js', initiator: { type: 'parser', url: doc } },
      { url: 'http://x/page.js', initiator: { type: 'script', stack: { callFrames: [{ url: 'http://x/main.js' }] } } },
    ]);
    expect(chain.map((c) => [c.url, c.depth])).toEqual([
      [doc, 1],
      ['http://x/main.js', 2],
      ['http://x/page.js', 2],
    ]);
  });
});
