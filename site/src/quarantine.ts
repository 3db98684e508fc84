import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { SqliteEventStore } from '@modshelf/events';
import { QuarantineRefusedError, SqliteProjectionStorage, projectionsPath, quarantineEvent } from '@modshelf/projection-service';
import { loadConfig } from './config';

/**
 * `npm run quarantine -- <position> --reason "..." [--by <name>]`: an operator's audited decision
 * that the catalogue projection skips the event at <position> (a poison event its projector cannot
 * fold). Appends ProjectionEventQuarantined (who, why, which event) to the log; a running site
 * halted at that event picks it up and resumes, and every later replay skips it too.
 */
const usage = 'usage: npm run quarantine -- <position> --reason "why this event is skipped" [--by <operator>]';
let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { reason: { type: 'string' }, by: { type: 'string' } },
  });
} catch (err) {
  console.error(`${err instanceof Error ? err.message : err}\n${usage}`);
  process.exit(2);
}
const [positionText, ...rest] = parsed.positionals;
const position = Number(positionText);
if (!positionText || rest.length > 0 || !/^\d+$/.test(positionText) || !Number.isSafeInteger(position) || position < 1) {
  console.error(`quarantine: a log position (a positive integer) is required\n${usage}`);
  process.exit(2);
}
if (!parsed.values.reason?.trim()) {
  console.error(`quarantine: --reason is required (it is recorded in the audit event)\n${usage}`);
  process.exit(2);
}
const config = loadConfig();
if (!existsSync(join(config.dataDir, 'events.db'))) {
  console.error(`quarantine: no event log at ${join(config.dataDir, 'events.db')} (set DATA_DIR)`);
  process.exit(2);
}
const store = new SqliteEventStore({ path: join(config.dataDir, 'events.db') });
const projections = new SqliteProjectionStorage(projectionsPath(config.dataDir));
try {
  const done = await quarantineEvent(store, {
    position,
    reason: parsed.values.reason,
    operator: parsed.values.by?.trim() || userInfo().username,
    checkpoint: await projections.checkpoint(),
  });
  console.log(JSON.stringify({ quarantined: position, event_type: done.event.type, stream: done.event.streamId, audit_event_position: done.logPosition }));
} catch (err) {
  if (!(err instanceof QuarantineRefusedError)) throw err;
  console.error(`quarantine refused: ${err.message}`);
  process.exitCode = 1;
} finally {
  await projections.close();
  await store.close();
}
