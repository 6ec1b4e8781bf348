// The bare handler the benchmarks compare the server with, in a process of its own: Fastify with no logger and no
// plugins, answering one small JSON envelope (GET for bench:read; POST, its JSON body parsed, for bench:booking's
// rush). Started by startBare() in bench-common.ts; prints "bare ready <port>" once it listens.
// With BENCH_DB_URL (PostgreSQL), also GET /bare-db: the same handler after one primary-key read of a user through a
// pg pool of the server's size (10), with a named (prepared) statement: the floor of any answer that needs the
// database once, as the first read of a session does.
import Fastify from 'fastify';
import pg from 'pg';

const app = Fastify({ logger: false });
const answer = { code: 200, msg: '查询成功', data: { ok: true } };
app.get('/bare', async () => answer);
app.post('/bare', async () => answer);
const dbUrl = process.env.BENCH_DB_URL;
if (dbUrl) {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 10 });
  const { rows } = await pool.query<{ min: number; max: number }>('select min(id) as min, max(id) as max from users');
  const { min, max } = rows[0]!;
  let next = 0;
  app.get('/bare-db', async () => {
    next = (next + 1) % (max - min + 1);
    const found = await pool.query({ name: 'bare_user', text: 'select id, name, phone from users where id = $1', values: [min + next] });
    return { code: 200, msg: '查询成功', data: found.rows[0] ?? null };
  });
  app.addHook('onClose', () => pool.end());
}
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`bare ready ${(app.server.address() as { port: number }).port}`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
