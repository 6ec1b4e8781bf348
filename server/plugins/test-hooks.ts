// Test-only hooks (registered only when NODE_ENV=test, never in the document).
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { quotas } from '../db/schema.ts';
import { hashToken } from '../services/sessions.ts';

export default async function testHooks(app: FastifyInstance) {
  app.get<{ Querystring: { phone?: string } }>('/__test__/outbox', async (request, reply) => {
    const phone = request.query.phone ?? '';
    const last = await app.repos.smsOutbox.latest(phone);
    if (!last) return reply.status(404).send({ code: 404, msg: '没有发往该手机号的短信' });
    return { code: 200, msg: 'ok', data: { phone, text: last.text, code: /\b(\d{6})\b/.exec(last.text)?.[1] ?? null } };
  });

  app.get<{ Params: { uuid: string } }>('/__test__/captcha/:uuid', async (request, reply) => {
    const text = app.services.captcha.peek(request.params.uuid);
    if (!text) return reply.status(404).send({ code: 404, msg: '验证码不存在或已使用' });
    return { code: 200, msg: 'ok', data: { text } };
  });

  app.post<{ Body: { token?: string } }>('/__test__/expire-token', async (request, reply) => {
    const token = request.body?.token;
    if (!token) return reply.status(400).send({ code: 400, msg: 'token 不能为空' });
    const found = await app.repos.sessions.expire(hashToken(token), new Date(app.services.clock.now().getTime() - 1000));
    return found ? { code: 200, msg: 'ok' } : reply.status(404).send({ code: 404, msg: '令牌不存在' });
  });

  // Sets the places left on one appointment day (e2e: a date that fills up while the user is on the form).
  app.post<{ Body: { kind?: string; channel?: string; day?: string; remaining?: number } }>('/__test__/quota', async (request, reply) => {
    const { kind, channel = '', day, remaining } = request.body ?? {};
    if (!kind || !day || typeof remaining !== 'number') return reply.status(400).send({ code: 400, msg: 'kind, day, remaining 必填' });
    const rows = await app.db
      .update(quotas)
      .set({ remaining })
      .where(and(eq(quotas.kind, kind), eq(quotas.channel, channel), eq(quotas.day, day)))
      .returning({ id: quotas.id });
    return rows.length ? { code: 200, msg: 'ok' } : reply.status(404).send({ code: 404, msg: '没有该日期的名额' });
  });
}
