// Starts the server; on SIGTERM/SIGINT stops accepting, finishes requests, closes the DB, releases the lock.
import { loadConfig, ConfigError } from './config.ts';
import { buildApp } from './app.ts';
import { LockError } from './db/lock.ts';
import { installProcessGuards } from './lib/process-guards.ts';
import { demoAccounts, demoPassword, demoStaff } from './db/seed-data/index.ts';

/** Defined (true) in the build (scripts/build-server.ts); absent when the sources run through tsx. */
declare const __HUKOU_BUILT__: boolean | undefined;
const built = typeof __HUKOU_BUILT__ !== 'undefined' && __HUKOU_BUILT__;

async function main() {
  // `npm start` is the demo: `--demo` turns on demo accounts and the development CAS (never in production). The built
  // server (`node dist/server/main.js`) is production unless NODE_ENV says otherwise.
  const env = { ...process.env, ...(built && !process.env.NODE_ENV ? { NODE_ENV: 'production' } : {}) };
  const config = loadConfig(process.argv.includes('--demo') ? { ...env, DEMO: 'true' } : env);
  const app = await buildApp(config);
  installProcessGuards(app.log); // an error outside any request: logged, exit code 1 for the supervisor

  let closing = false;
  let closeMetrics = async () => {};
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const drain = config.shutdownDrainSeconds * 1000;
    app.log.info({ signal, drainSeconds: config.shutdownDrainSeconds }, 'shutting down: draining');
    const timer = setTimeout(() => {
      app.log.error(`graceful shutdown timed out after ${drain / 1000 + 10} s`);
      process.exit(1);
    }, drain + 10_000);
    timer.unref();
    try {
      // Drain first: /readyz says 503 so a probing balancer stops sending, while what arrives is still served.
      app.lifecycle.draining = true;
      if (drain) await new Promise((resolve) => setTimeout(resolve, drain));
      app.log.info('shutting down: closing');
      await app.close();
      await closeMetrics();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });

  // METRICS_PORT: /metrics on a listener of its own, for Prometheus on a private address (no token needed there).
  if (config.metricsPort) {
    const { default: Fastify } = await import('fastify');
    const metrics = Fastify({ logger: false });
    metrics.get('/metrics', async (_request, reply) => reply.type(app.metrics.contentType).send(await app.metrics.metrics()));
    closeMetrics = () => metrics.close();
    try {
      await metrics.listen({ port: config.metricsPort, host: config.metricsHost });
    } catch (err) {
      // Two instances on one host cannot share the port: the second serves no metrics there, and says so.
      app.log.warn(
        { err: { message: (err as Error).message } },
        `metrics port ${config.metricsPort} unavailable; /metrics only with METRICS_TOKEN`,
      );
    }
  }
  const url = `http://localhost:${(app.server.address() as { port: number }).port}/web/`;
  const lines = [``, `  户籍业务办理已启动 Server ready: ${url}`, `  接口文档 API reference: ${url.replace('/web/', '/api-docs')}`];
  if (!config.databaseUrl) lines.push(`  数据库 Database: PGlite in ${config.dataDir}/pglite (PostgreSQL: set DATABASE_URL)`);
  if (config.nodeEnv === 'production' && !config.databaseUrl) {
    lines.push('  注意：生产环境建议使用 PostgreSQL（PGlite 不做 fsync）。 Production should use PostgreSQL.');
  }
  if (!config.demo && !config.smsGatewayUrl && !config.smsProvider) {
    lines.push('  注意：未配置 SMS_GATEWAY_URL，短信只写入发件箱表。 No SMS gateway: messages only go to the outbox table.');
  }
  if (config.demo) {
    lines.splice(1, 0, `  ==== 演示模式 DEMO MODE: demo accounts with a published password and a development CAS. Not for real data. ====`);
    lines.push(`  演示账号 Demo accounts (password ${demoPassword}; sign in with phone, xh or gzzh):`);
    lines.push(...(await demoAccountLines(app)));
    lines.push(`  工作台 Staff console: ${url}admin/login (password ${demoPassword}; image code required):`);
    for (const s of demoStaff) {
      // As the database has them now (a renamed or disabled demo staff account says so).
      const row = await app.repos.staff.findByUsername(s.username);
      if (row)
        lines.push(
          `    ${s.username.padEnd(10)}  ${row.role === 'admin' ? '管理员 admin' : '办理员 staff'}  ${row.name}${row.disabled ? '  (已停用)' : ''}`,
        );
    }
    if (!config.casBaseUrl) lines.push(`  开发用统一身份认证 Development CAS (this machine only): ${url.replace('/web/', '/cas/login')}`);
    lines.push(`  短信验证码打印在此控制台 SMS codes are printed here.`);
  } else if (!config.casBaseUrl) {
    lines.push('  统一身份认证未配置（CAS_BASE_URL），只能用账号密码登录。 No CAS_BASE_URL: password sign-in only.');
  }
  console.log(lines.join('\n'));
}

/**
 * The demo accounts as the database has them now, not as the seed wrote them (issue 25): a demo database that has
 * been used shows the names, person types and numbers changed since, and who has moved out.
 */
async function demoAccountLines(app: Awaited<ReturnType<typeof buildApp>>): Promise<string[]> {
  const lines: string[] = [];
  for (const a of demoAccounts) {
    const user = await app.repos.users.findByPhone(a.phone);
    if (!user) continue;
    const record = await app.repos.users.household(user.id);
    const notes = [
      record?.status === '2' ? '已迁出' : record?.status === '1' ? '' : '户口不在本校',
      user.warningFlag === '1' ? 'scfc 提示' : '',
    ].filter(Boolean);
    lines.push(
      `    ${a.phone}  ${(user.studentNo ?? user.staffNo ?? '').padEnd(10)}  rylb ${user.personType}  ${user.name}${notes.length ? `  (${notes.join('，')})` : ''}`,
    );
  }
  return lines;
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof LockError) {
    console.error(err.message);
  } else {
    console.error('启动失败 Failed to start:', err);
  }
  process.exit(1);
});
