// nginx in front of server instances, as the deployment guide configures it (deploy/nginx/), on loopback for
// `npm run test:multi` and `npm run soak`; `call`, one API request through it; and `freshRedis`, the instances' Redis
// database emptied first.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import Redis from 'ioredis';

export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** The proxy settings of the deployment guide's nginx site, included as they are. */
const PROXY_SNIPPET = new URL('../deploy/nginx/hukou-proxy.conf', import.meta.url).pathname;
/** The guide's access-log format (no query strings), included as it is. */
const LOG_SNIPPET = new URL('../deploy/nginx/hukou-log.conf', import.meta.url).pathname;

/** The upstream parameters of the guide's site (max_fails, fail_timeout), used as they are. */
export const UPSTREAM_PARAMS = (() => {
  const site = readFileSync(new URL('../deploy/nginx/hukou-site.conf', import.meta.url), 'utf8');
  const found = /^\s*server 127\.0\.0\.1:\d+ ([^;]*);/m.exec(site);
  if (!found) throw new Error('deploy/nginx/hukou-site.conf: no upstream server line');
  return found[1]!;
})();
/** How long nginx keeps an instance out after failures (fail_timeout of the guide's upstream). */
export const FAIL_TIMEOUT_S = Number(/fail_timeout=(\d+)s/.exec(UPSTREAM_PARAMS)?.[1] ?? 10);

/** The nginx site of the deployment guide (deploy/nginx/hukou-site.conf), without TLS on loopback. */
export function nginxConf(dir: string, port: number, upstreams: string[]): string {
  return `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  include ${LOG_SNIPPET};
  access_log ${dir}/access.log hukou;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream hukou {
${upstreams.map((u) => `    server ${u} ${UPSTREAM_PARAMS};`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      include ${PROXY_SNIPPET};
    }
  }
}
`;
}

export function startNginx(dir: string, conf: string): Promise<ChildProcess> {
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub), { recursive: true });
  const file = join(dir, 'nginx.conf');
  writeFileSync(file, conf);
  const test = spawnSync(NGINX!, ['-t', '-c', file, '-p', dir], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t failed:\n${test.stderr}`);
  const child = spawn(NGINX!, ['-c', file, '-p', dir], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  child.on('exit', (code) => {
    if (code && code !== 0) console.error(`nginx exited ${code}: ${err}`);
  });
  return new Promise((resolve) => setTimeout(() => resolve(child), 300));
}

export interface Answer {
  status: number;
  code: number;
  msg: string;
  body: Record<string, unknown>;
}

export async function call(
  base: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown; key?: string } = {},
): Promise<Answer> {
  try {
    const response = await fetch(`${base}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.token ? { qhyhAuthorization: `Bearer ${init.token}` } : {}),
        ...(init.key ? { 'idempotency-key': init.key } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await response.text();
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = { raw: text.slice(0, 200) };
    }
    return { status: response.status, code: Number(body.code ?? 0), msg: String(body.msg ?? ''), body };
  } catch (err) {
    return { status: 0, code: 0, msg: `network error: ${(err as Error).message}`, body: {} };
  }
}

/**
 * Empties the Redis database the instances will share (one of the run's own: counters of an earlier run must not count
 * in this one); exits 2, saying so, when Redis does not answer.
 */
export async function freshRedis(url: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    await redis.flushdb();
  } catch (err) {
    console.error(`Redis at ${url} does not answer (${(err as Error).message}).`);
    process.exit(2);
  }
  await redis.quit();
}
