/**
 * The yardstick of bench/api.ts: a bare Fastify with one GET route, in its own process like the
 * server, so the closed loop measures the framework's own speed on this machine in the same run.
 * Prints {"port"} once it listens.
 */
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ port: Number(new URL(address).port) }));
