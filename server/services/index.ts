// The services of the app, built once from the configuration, the database and a clock.
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config, SmsProviderConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Repositories } from '../repositories/index.ts';
import { createAuthService } from './auth.ts';
import { createCaptchaService } from './captcha.ts';
import { devCasClient, httpCasClient, type CasClient, type DevCasClient } from './cas.ts';
import { borrowRules } from '../domain/index.ts';
import { createApplicationService } from './applications.ts';
import { createAppointmentService } from './appointments.ts';
import { addSeconds, type Clock } from './clock.ts';
import { createDailyForms } from './daily-forms.ts';
import { createMoveInForms } from './move-in-forms.ts';
import { createMoveOutForms } from './move-out-forms.ts';
import { createVoucherLinks } from './voucher-links.ts';
import { createVoucherService } from './vouchers.ts';
import { createDocumentService } from './documents.ts';
import { createProofService } from './proofs.ts';
import { createIssuedDocuments } from './issued-documents.ts';
import { createFeedbackService } from './feedback.ts';
import { KEY_TTL_SECONDS } from './idempotency.ts';
import { createFileService, databaseStorage, directoryStorage } from './files.ts';
import { createHousekeeping } from './housekeeping.ts';
import { createLoginGuard } from './login-guard.ts';
import { createNoticeService } from './notices.ts';
import { createRatingService } from './ratings.ts';
import { createSectorService } from './sectors.ts';
import { createSessionService } from './sessions.ts';
import { createLoginRecorder } from './login-records.ts';
import { createStaffService } from './staff.ts';
import { createSmsService, gatewaySender, outboxSender, type SmsSender, type SmsTemplateKey } from './sms.ts';
import { aliyunSender, tencentSender } from './sms-providers.ts';
import { TEMPLATE_KEYS, loadTemplates } from './notice-templates.ts';

export interface ServiceDeps {
  config: Config;
  db: Database;
  repos: Repositories;
  clock: Clock;
  log: FastifyBaseLogger;
  smsSender?: SmsSender;
}

/**
 * The configured provider's sender. Template ids: a notice template's own (set in the console) before
 * SMS_TEMPLATE_IDS; every other message (code, own moves, reminders) from SMS_TEMPLATE_IDS.
 */
function providerSender(provider: SmsProviderConfig, repos: Repositories, log: FastifyBaseLogger): SmsSender {
  const templateId = async (template: SmsTemplateKey) => {
    const notice = (TEMPLATE_KEYS as readonly string[]).includes(template)
      ? (await loadTemplates(repos)).find((t) => t.key === template)?.smsTemplateId
      : undefined;
    return notice || provider.templateIds[template] || undefined;
  };
  const common = { signName: provider.signName, templateId, log, endpoint: provider.endpoint };
  return provider.provider === 'aliyun'
    ? aliyunSender({ ...common, accessKeyId: provider.accessKeyId, accessKeySecret: provider.accessKeySecret })
    : tencentSender({
        ...common,
        secretId: provider.secretId,
        secretKey: provider.secretKey,
        sdkAppId: provider.sdkAppId,
        region: provider.region,
      });
}

export function createServices({ config, db, repos, clock, log, smsSender }: ServiceDeps) {
  const sender =
    smsSender ??
    (config.smsProvider
      ? providerSender(config.smsProvider, repos, log)
      : config.smsGatewayUrl
        ? gatewaySender(config.smsGatewayUrl, config.smsGatewayToken, log)
        : outboxSender(repos, { print: config.demo && config.nodeEnv !== 'test' }));
  const sessions = createSessionService(repos, clock, log);
  const recorder = createLoginRecorder(repos, clock, log);
  const captcha = createCaptchaService(repos, clock, { keepPlainText: config.nodeEnv === 'test' });
  const sms = createSmsService(db, repos, sender, clock);
  const guard = createLoginGuard(repos, clock);
  const devCas: DevCasClient | null = !config.casBaseUrl && config.demo ? devCasClient(repos, clock) : null;
  const cas: CasClient | null = config.casBaseUrl ? httpCasClient(config.casBaseUrl, log) : devCas;
  const notices = createNoticeService(repos, clock);
  const appointments = createAppointmentService(repos, clock);
  const files = createFileService(repos, databaseStorage(repos, directoryStorage(join(config.dataDir, 'uploads'))), clock);
  const documents = createDocumentService({ repos, files, clock, config, log });
  const vouchers = createVoucherService(repos, files, documents, clock, log);
  const proofs = createProofService(repos, documents, clock, log);
  const applications = createApplicationService({
    db,
    repos,
    clock,
    notices,
    sms: sender,
    log,
    afterMove: async (app) => {
      await vouchers.afterMove(app);
      await proofs.afterMove(app);
    },
    fullDays: appointments.fullDays,
  });
  const forms = createDailyForms(repos, appointments, clock);
  return {
    clock,
    sessions,
    captcha,
    sms,
    guard,
    cas,
    devCas,
    auth: createAuthService({ repos, guard, captcha, sessions, sms, recorder }),
    staff: createStaffService({ db, repos, guard, captcha, sessions, recorder }),
    ratings: createRatingService(repos, clock),
    /** Whether status SMS go out (a real gateway, not the development outbox). */
    statusSmsEnabled: sender.name !== 'outbox',
    files,
    notices,
    sectors: createSectorService(repos, clock),
    appointments,
    applications,
    forms,
    moveIn: createMoveInForms(repos, forms, clock),
    moveOut: createMoveOutForms(repos, forms, clock),
    vouchers,
    documents,
    proofs,
    issued: createIssuedDocuments(vouchers, proofs),
    voucherLinks: createVoucherLinks(clock),
    feedback: createFeedbackService(db, repos, captcha, clock),
    housekeeping: createHousekeeping(repos, clock, log, [
      { name: 'quotas', label: '生成预约号源', description: '按预约设置生成今后可预约日期的号源', run: () => appointments.prepare() },
      {
        name: 'borrow-reminders',
        label: '户口卡归还提醒',
        description: `借用户口卡归还日前 ${borrowRules.remindDaysBefore} 天与逾期时各提醒借用人一次（站内消息与短信）`,
        run: () => applications.remindBorrowers(borrowRules.remindDaysBefore),
      },
      {
        name: 'idempotency',
        label: '清理重复提交记录',
        description: '删除超过保留期的提交去重键（防止重复提交所用）',
        run: () => repos.idempotency.purgeBefore(addSeconds(clock.now(), -KEY_TTL_SECONDS)),
      },
    ]),
  };
}

export type Services = ReturnType<typeof createServices>;
