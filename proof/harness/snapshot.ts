import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { call } from './api';

/** Every file under `dir` with its size, sorted: two equal listings mean nothing was added, removed or grown. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else out.push(`${relative(dir, p)} ${statSync(p).size}`);
    }
  };
  walk(dir);
  return out.sort();
}

/** The event log's last position, as the site reports it. */
export async function logHead(url: string): Promise<number> {
  return (await call<{ event_log_head: number }>(url, 'GET', '/health')).body.event_log_head;
}
