import { startSite } from './index';

/** `npm start`: the whole embedded site on one port. */
const site = await startSite().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) process.exit(1);
    closing = true;
    site.app.log.info(`${signal}: shutting down`);
    site.close().then(
      () => process.exit(0),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}
