/**
 * The request chain of a page load, from chromium's own record of who started each request
 * (DevTools `Network.requestWillBeSent`: its initiator, with the script stack that made it).
 * The document is depth 1; a request is one deeper than the deepest earlier request whose URL is in
 * its initiator (the parser's document, or any script on the stack, async parents included). A URL
 * keeps the depth of its first request: a chunk preloaded by the HTML stays at depth 2 when a
 * script asks for it again later. The bench and the project page's browser test read it.
 */
import type { CDPSession, Page } from 'playwright-core';

export interface InitiatorFrame {
  url?: string;
}
export interface InitiatorStack {
  callFrames?: InitiatorFrame[];
  parent?: InitiatorStack;
}
export interface RequestStart {
  url: string;
  resourceType?: string;
  initiator: { type?: string; url?: string; stack?: InitiatorStack };
}
export interface ChainEntry {
  url: string;
  resourceType: string;
  depth: number;
}

function stackUrls(stack: InitiatorStack | undefined, into: string[]): string[] {
  for (let s = stack; s; s = s.parent) for (const f of s.callFrames ?? []) if (f.url) into.push(f.url);
  return into;
}

/** Depth of each request, in the order they started (first request of each URL only). */
export function chainDepths(starts: RequestStart[]): ChainEntry[] {
  const depth = new Map<string, number>();
  const out: ChainEntry[] = [];
  for (const s of starts) {
    if (depth.has(s.url)) continue;
    const parents = stackUrls(s.initiator.stack, s.initiator.url ? [s.initiator.url] : []);
    const known = parents.map((u) => depth.get(u)).filter((d): d is number => d !== undefined);
    const d = out.length === 0 ? 1 : known.length > 0 ? Math.max(...known) + 1 : 2;
    depth.set(s.url, d);
    out.push({ url: s.url, resourceType: s.resourceType ?? 'Other', depth: d });
  }
  return out;
}

/** Starts recording a page's requests (call before `goto`); `take()` answers the chain so far. */
export async function recordRequestChain(page: Page): Promise<{ take: () => ChainEntry[]; stop: () => Promise<void> }> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const starts: RequestStart[] = [];
  cdp.on('Network.requestWillBeSent', (e) => {
    starts.push({ url: e.request.url.split('#')[0]!, resourceType: e.type, initiator: e.initiator });
  });
  await cdp.send('Network.enable');
  return { take: () => chainDepths(starts), stop: () => cdp.detach().catch(() => undefined) };
}
