// The development CAS (only in demo mode without CAS_BASE_URL, and only to callers on this machine): a plain form
// listing the demo accounts that issues a single-use ticket and redirects to `service?ticket=…`, and serviceValidate.
import type { FastifyInstance } from 'fastify';
import { isNotNull, or } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { requestOrigin, sameSiteService } from '../../lib/request.ts';
import { DEV_CAS_PATH, serviceResponseXml } from '../../services/cas.ts';

const isLoopback = (address: string | undefined) => !!address && /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/.test(address);

const esc = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface Person {
  uid: string;
  name: string;
  rylb: string;
}

function page(service: string, people: Person[], message?: string): string {
  const buttons = people
    .map((p) => `<button name="uid" value="${esc(p.uid)}">${esc(p.name)} <small>${esc(p.uid)} · rylb ${esc(p.rylb)}</small></button>`)
    .join('\n');
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>开发用统一身份认证 Development CAS</title>
<style>body{font-family:sans-serif;max-width:480px;margin:0 auto;padding:16px;color:#333}h1{font-size:20px;color:#791cb5}
button{display:block;width:100%;margin:8px 0;padding:12px;border:1px solid #791cb5;border-radius:8px;background:#fff;text-align:left;font-size:16px}
small{color:#888}input,select{width:100%;padding:8px;margin:4px 0 8px;box-sizing:border-box}.warn{color:#c00}</style></head><body>
<h1>开发用统一身份认证</h1><p>Development CAS — 仅用于开发与测试，生产环境请配置 CAS_BASE_URL。选择一个账号登录：</p>
${message ? `<p class="warn">${esc(message)}</p>` : ''}
<form method="post" action="${DEV_CAS_PATH}/login"><input type="hidden" name="service" value="${esc(service)}">
${buttons || '<p>暂无学号或工作证号账号 No accounts yet.</p>'}</form>
<h2>其他身份 Another identity</h2>
<form method="post" action="${DEV_CAS_PATH}/login"><input type="hidden" name="service" value="${esc(service)}">
<label>学号或工作证号 CAS user<input name="uid" required maxlength="32" pattern="[A-Za-z0-9]+"></label>
<label>姓名 Name<input name="xm" maxlength="30"></label>
<label>人员类别 Person type<select name="rylb"><option value="4">4 教职工</option><option value="">不提供（用户在个人信息中选择） none</option><option value="3">3 博士后</option>
<option value="0">0 本科生</option><option value="1">1 硕士研究生</option><option value="2">2 博士研究生</option><option value="7">7 本科新生</option></select></label>
<button>登录 Sign in</button></form></body></html>`;
}

export default async function devCasRoutes(app: FastifyInstance) {
  const devCas = app.services.devCas!;
  // It signs in as anyone without a password: the TCP peer must be this machine, and so must every client a proxy on
  // this machine reports (X-Forwarded-For, Forwarded, X-Real-IP): behind a same-host proxy, a visitor from elsewhere
  // arrives from loopback too.
  app.addHook('onRequest', async (request, reply) => {
    const reported = [
      ...String(request.headers['x-forwarded-for'] ?? '').split(','),
      ...String(request.headers['x-real-ip'] ?? '').split(','),
      ...[...String(request.headers.forwarded ?? '').matchAll(/for="?\[?([^\]";,]+)/gi)].map((m) => m[1]!),
    ]
      .map((a) => a.trim())
      .filter(Boolean);
    if (!isLoopback(request.socket.remoteAddress) || !reported.every(isLoopback)) {
      return reply.status(404).send({ code: 404, msg: '接口不存在' });
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const people = async (): Promise<Person[]> => {
    const rows = await app.db
      .select({ studentNo: users.studentNo, staffNo: users.staffNo, name: users.name, rylb: users.personType })
      .from(users)
      .where(or(isNotNull(users.studentNo), isNotNull(users.staffNo)))
      .orderBy(users.id)
      .limit(50);
    return rows.map((r) => ({ uid: (r.studentNo ?? r.staffNo)!, name: r.name, rylb: r.rylb }));
  };

  app.get<{ Querystring: { service?: string } }>(`${DEV_CAS_PATH}/login`, async (request, reply) => {
    const service = sameSiteService(
      app.config.publicUrl,
      request.query.service ?? `${app.config.publicUrl}/web/my`,
      requestOrigin(request),
    );
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page(service, await people()));
  });

  app.post<{ Body: { service?: string; uid?: string; xm?: string; rylb?: string } }>(`${DEV_CAS_PATH}/login`, async (request, reply) => {
    const body = request.body ?? {};
    const service = sameSiteService(app.config.publicUrl, body.service ?? '', requestOrigin(request));
    const uid = body.uid?.trim() ?? '';
    if (!/^[A-Za-z0-9]{1,32}$/.test(uid)) {
      return reply
        .status(400)
        .type('text/html; charset=utf-8')
        .send(page(service, await people(), '请选择账号或填写学号/工作证号'));
    }
    const attributes: Record<string, string> = {};
    if (body.xm?.trim()) attributes.xm = body.xm.trim().slice(0, 30);
    if (body.rylb && /^[0-7]$/.test(body.rylb)) attributes.rylb = body.rylb;
    const ticket = await devCas.issueTicket({ uid, attributes }, service);
    return reply.redirect(`${service}${service.includes('?') ? '&' : '?'}ticket=${encodeURIComponent(ticket)}`);
  });

  app.get<{ Querystring: { ticket?: string; service?: string } }>(`${DEV_CAS_PATH}/serviceValidate`, async (request, reply) => {
    const ticket = request.query.ticket ?? '';
    const identity = ticket && request.query.service ? await devCas.validate(ticket, [request.query.service]) : null;
    return reply.type('text/xml; charset=utf-8').send(serviceResponseXml(identity, ticket));
  });
}
