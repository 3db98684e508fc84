import Fastify from 'fastify';

/** The baseline: a bare Fastify route that parses a JSON body and answers, nothing else. */
const app = Fastify({ logger: false });
app.patch('/bare/:id', async (request) => ({ ok: true, id: (request.params as { id: string }).id, body: request.body }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
