// The bare handler the benchmarks compare the server with, in a process of its own: Fastify with no logger and no
// plugins, answering one small JSON envelope (GET for bench:read; POST, its JSON body parsed, for bench:booking's
// rush). Started by startBare() in bench-common.ts; prints "bare ready <port>" once it listens.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const answer = { code: 200, msg: '查询成功', data: { ok: true } };
app.get('/bare', async () => answer);
app.post('/bare', async () => answer);
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`bare ready ${(app.server.address() as { port: number }).port}`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
