// The baseline of the benchmark: a bare Fastify 5 hello-world, no logger, no plugins.
import Fastify from 'fastify';

const port = Number(process.env.PORT ?? '0');
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

const stop = () => {
  void app.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
// started with an IPC channel by the bench: leave when the bench goes away, however it ends
process.once('disconnect', stop);

await app.listen({ port, host: '127.0.0.1' });
