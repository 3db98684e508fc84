import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PositionFeed } from './position-feed';

/** A comment line on an idle feed, so that a peer that went away is noticed (ms). */
const KEEP_ALIVE_MS = 15_000;

/**
 * Serves a worker's PositionFeed as server-sent events: the positions at once, then each move
 * (moves within one turn of the event loop are sent as one), until the client goes away.
 */
export function servePositionFeed(feed: PositionFeed, req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
  res.flushHeaders();
  let queued = false;
  const send = () => {
    queued = false;
    if (res.destroyed || res.writableEnded) return;
    res.write(`data: ${JSON.stringify(feed.get())}\n\n`);
  };
  send();
  const stop = feed.subscribe(() => {
    if (queued) return;
    queued = true;
    setImmediate(send);
  });
  const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  keepAlive.unref();
  const end = () => {
    stop();
    clearInterval(keepAlive);
  };
  req.on('close', end);
  res.on('close', end);
}
