// Sign-in, registration, password retrieval, unified login and sign-out.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { giveDeviceCookie } from '../../lib/device-cookie.ts';
import { signInClient } from '../../services/login-records.ts';
import { AppError, badRequest, bizError, ok, okToken } from '../../lib/envelope.ts';
import { clientIp, requestOrigin } from '../../lib/request.ts';
import { LIMITS } from '../../plugins/limits.ts';
import { SMS_CODE_WRONG, type LoginInput } from '../../services/auth.ts';
import { captchaClient } from '../../services/captcha.ts';
import { casService } from '../../services/cas.ts';
import devCas from './dev-cas.ts';

export default async function authRoutes(app: FastifyInstance) {
  const { auth, captcha, sms, cas, sessions } = app.services;

  const signIn = (withCaptcha: boolean) => async (request: FastifyRequest<{ Body: LoginInput }>, reply: FastifyReply) => {
    const client = signInClient(request);
    const token = await auth.login(request.body, client, withCaptcha);
    giveDeviceCookie(reply, request, client);
    return okToken(token);
  };
  app.operation('login', signIn(true), { rateLimit: LIMITS.signIn });
  app.operation('loginWithoutCaptcha', signIn(false), { rateLimit: LIMITS.signIn });

  app.operation('visitCount', async () => ok(await app.repos.counters.increment('visits'), '查询成功'));

  app.operation('getClientIp', async (request) => ok(clientIp(request).replace(/\./g, '_'), '查询成功'));

  /**
   * The service of a sign-on: this server's own callback (PUBLIC_URL; the development CAS, which serves this very
   * site, answers on the request's origin too), never a URL the request names.
   */
  const servicesOf = (request: FastifyRequest, next: string | undefined) => {
    const own = casService(app.config.publicUrl, next);
    return app.services.devCas ? [casService(requestOrigin(request), next), own] : [own];
  };

  app.operation('getUnifiedLoginUrl', async (request) => {
    if (!cas) throw bizError('统一身份认证暂未开通，请使用账号密码登录');
    return ok(cas.loginUrl(servicesOf(request, request.query.next)[0]!), '查询成功');
  });

  app.operation(
    'validateTicket',
    async (request) => {
      if (!cas) throw bizError('统一身份认证暂未开通，请使用账号密码登录');
      const identity = await cas.validate(request.query.ticket, servicesOf(request, request.query.next));
      if (!identity) throw bizError('统一身份认证失败，请重新登录');
      request.log.info({ casUser: identity.uid, clientIp: request.query.ip?.replace(/_/g, '.') }, 'unified login');
      return ok(await auth.casLogin(identity, signInClient(request)), '登录成功');
    },
    { rateLimit: LIMITS.signIn },
  );

  app.operation('getImageCode', async (request) => ok(await captcha.create(captchaClient(request.user, clientIp(request))), '获取成功'), {
    rateLimit: LIMITS.imageCode,
  });

  app.operation(
    'verifyImageCode',
    async (request) => {
      const { phone, code, uuid } = request.body;
      if (!(await captcha.check(uuid, code))) throw bizError('图形验证码错误或已过期');
      return ok(await sms.issuePermit(phone), '校验成功');
    },
    { rateLimit: LIMITS.imageCode },
  );

  app.operation(
    'sendSmsCode',
    async (request) => {
      // Known and unknown phones get the same answer and the same code: registration and retrieval say what is
      // registered only once the code proves the phone is the caller's.
      const { phone, smsTicket, scene } = request.body;
      try {
        return ok(await sms.send(phone, smsTicket, scene, clientIp(request)), '验证码已发送');
      } catch (err) {
        if (err instanceof AppError) throw err;
        request.log.error({ err }, 'SMS sending failed');
        throw new AppError(500, '短信发送失败，请稍后再试');
      }
    },
    { rateLimit: LIMITS.smsSend },
  );

  app.operation(
    'verifySmsCode',
    async (request) => {
      // Right or wrong, the answer says nothing of whether the phone is registered.
      const { phone, smsCode, scene } = request.body;
      const ticket = await sms.ticketFor(phone, scene, smsCode);
      if (!ticket) throw badRequest(SMS_CODE_WRONG, [{ field: 'smsCode', message: SMS_CODE_WRONG }]);
      return ok(ticket, '验证成功');
    },
    { rateLimit: LIMITS.register },
  );

  app.operation('register', async (request) => okToken(await auth.register(request.body, signInClient(request)), '注册成功'), {
    rateLimit: LIMITS.register,
  });

  app.operation(
    'retrievePassword',
    async (request) => {
      await auth.retrievePassword(request.body);
      return ok(undefined, '密码已重置，请重新登录');
    },
    { rateLimit: LIMITS.register },
  );

  app.operation('logout', async (request) => {
    if (request.tokenHash) await sessions.revoke(request.tokenHash);
    return ok(undefined, '已退出登录');
  });

  if (app.services.devCas) await app.register(devCas);
}
