// SMS: one sender interface (outbox/console by default, HTTP gateway when SMS_GATEWAY_URL is set) and the
// code rules: 6 digits, 5 minutes, 5 wrong tries burn it, 60 s between sends, 10 a phone a day.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { randomDigits, randomToken, sha256 } from '../lib/crypto.ts';
import { bizError } from '../lib/envelope.ts';
import { maskPhone } from '../lib/masks.ts';
import type { Database } from '../db/client.ts';
import { createRepositories, type Repositories } from '../repositories/index.ts';
import { addSeconds, startOfChinaDay, type Clock } from './clock.ts';
import { TEMPLATE_KEYS, type Placeholder, type TemplateKey } from './notice-templates.ts';

/**
 * One SMS: its whole text (development outbox, free-text gateways) and, for the providers that send only registered
 * templates with a signature (Aliyun, Tencent Cloud: services/sms-providers.ts), the template it stands for and its
 * parameters in the order they appear in the text.
 */
export interface SmsMessage {
  text: string;
  template: SmsTemplateKey;
  params: [SmsParam, string][];
}

/**
 * The messages the product sends: the verification code, the staff transitions (notice-templates.ts, one per key),
 * the user's own moves and the borrowing reminders.
 */
export type SmsTemplateKey = 'code' | TemplateKey | 'submitted' | 'resubmitted' | 'withdrawn' | 'borrow_due' | 'borrow_overdue';
export const SMS_TEMPLATE_KEYS: readonly SmsTemplateKey[] = [
  'code',
  ...TEMPLATE_KEYS,
  'submitted',
  'resubmitted',
  'withdrawn',
  'borrow_due',
  'borrow_overdue',
];

/** A parameter: a notice placeholder or the code. */
export type SmsParam = Placeholder | '验证码';

export interface SmsSender {
  readonly name: string;
  send(phone: string, message: SmsMessage): Promise<void>;
}

/** Records every message in the outbox table; in development also prints it (that is the delivery). */
export function outboxSender(repos: Repositories, opts: { print: boolean }): SmsSender {
  return {
    name: 'outbox',
    async send(phone, { text }) {
      await repos.smsOutbox.add(phone, text);
      if (opts.print) console.log(`[短信 SMS → ${phone}] ${text}`);
    },
  };
}

/** POSTs {phone, text} as JSON to the gateway, with a bearer token when configured. */
export function gatewaySender(url: string, token: string | undefined, log: FastifyBaseLogger): SmsSender {
  return {
    name: 'gateway',
    async send(phone, { text }) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ phone, text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) {
        log.error({ status: response.status, phone: maskPhone(phone) }, 'SMS gateway refused a message');
        throw new Error(`SMS gateway answered HTTP ${response.status}`);
      }
    },
  };
}

export const SMS_CODE_SECONDS = 300;
export const SMS_PERMIT_SECONDS = 300;
export const SMS_RESEND_SECONDS = 60;
export const SMS_DAILY_LIMIT = 10;
export const SMS_MAX_TRIES = 5;
/** A phone ticket (an SMS code checked at its step) is good for one registration or reset within 10 minutes. */
export const PHONE_TICKET_SECONDS = 600;

export type SmsPurpose = 'register' | 'forget';

const PURPOSE_TEXT: Record<SmsPurpose, string> = { register: '注册账号', forget: '找回密码' };

const hashCode = (phone: string, code: string) => sha256(`${phone}:${code}`);

export function createSmsService(db: Database, repos: Repositories, sender: SmsSender, clock: Clock) {
  /** True and used up when right; a wrong try counts, the fifth burns the code. */
  async function verify(phone: string, purpose: SmsPurpose, code: string): Promise<boolean> {
    const now = clock.now();
    const active = await repos.smsCodes.findActive(phone, purpose, now);
    if (!active) return false;
    if (active.codeHash !== hashCode(phone, code)) {
      await repos.smsCodes.recordWrongTry(active.id, SMS_MAX_TRIES, now);
      return false;
    }
    return repos.smsCodes.consume(active.id, now);
  }

  /** Uses a phone ticket of this phone and purpose: true once, within its 10 minutes. */
  const redeemTicket = (phone: string, purpose: SmsPurpose, phoneTicket: string) =>
    repos.phoneTickets.consume(sha256(phoneTicket), phone, purpose, clock.now());

  return {
    sender,

    /** After a passed image code: a single-use permit to send one SMS to this phone. */
    async issuePermit(phone: string): Promise<{ smsTicket: string; expiresIn: number }> {
      const smsTicket = randomToken(24);
      const now = clock.now();
      await repos.smsPermits.create({
        ticketHash: sha256(smsTicket),
        phone,
        expiresAt: addSeconds(now, SMS_PERMIT_SECONDS),
        createdAt: now,
      });
      return { smsTicket, expiresIn: SMS_PERMIT_SECONDS };
    },

    async send(phone: string, smsTicket: string, purpose: SmsPurpose, ip: string): Promise<{ resendAfter: number; expiresIn: number }> {
      const now = clock.now();
      const ticketHash = sha256(smsTicket);
      const code = randomDigits(6);
      await db.transaction(async (tx) => {
        // One sender per phone at a time, across instances: the 60 s and daily rules hold under concurrency.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`);
        const txRepos = createRepositories(tx);
        if (!(await txRepos.smsPermits.findUsable(ticketHash, phone, now))) throw bizError('请先完成图形验证码校验');
        const last = await txRepos.smsCodes.latestSentTo(phone);
        const waited = last ? (now.getTime() - last.createdAt.getTime()) / 1000 : Infinity;
        if (waited < SMS_RESEND_SECONDS) {
          const resendAfter = Math.ceil(SMS_RESEND_SECONDS - waited);
          throw bizError(`发送过于频繁，请${resendAfter}秒后再试`, { resendAfter });
        }
        if ((await txRepos.smsCodes.countSentSince(phone, startOfChinaDay(now))) >= SMS_DAILY_LIMIT) {
          throw bizError('今日短信发送次数已达上限，请明天再试');
        }
        if (!(await txRepos.smsPermits.consume(ticketHash, phone, now))) throw bizError('请先完成图形验证码校验');
        await txRepos.smsCodes.issue(
          { phone, purpose, codeHash: hashCode(phone, code), expiresAt: addSeconds(now, SMS_CODE_SECONDS), ip, createdAt: now },
          now,
        );
      });
      // Network I/O stays outside the transaction.
      await sender.send(phone, {
        text: `【户籍业务办理】您正在${PURPOSE_TEXT[purpose]}，验证码 ${code}，5分钟内有效。如非本人操作请忽略。`,
        template: 'code',
        params: [['验证码', code]],
      });
      return { resendAfter: SMS_RESEND_SECONDS, expiresIn: SMS_CODE_SECONDS };
    },

    verify,

    /**
     * The SMS code checked at its step: right, it is used up and becomes a phone ticket for one registration or reset
     * of this phone (10 minutes, single use); wrong, it counts as a wrong try and null is answered.
     */
    async ticketFor(phone: string, purpose: SmsPurpose, code: string): Promise<{ phoneTicket: string; expiresIn: number } | null> {
      if (!(await verify(phone, purpose, code))) return null;
      const phoneTicket = randomToken(24);
      const now = clock.now();
      await repos.phoneTickets.create({
        ticketHash: sha256(phoneTicket),
        phone,
        purpose,
        expiresAt: addSeconds(now, PHONE_TICKET_SECONDS),
        createdAt: now,
      });
      return { phoneTicket, expiresIn: PHONE_TICKET_SECONDS };
    },

    redeemTicket,

    /** The proof of a registration or reset: a phone ticket (checked at the SMS step) or the SMS code itself. */
    async proves(phone: string, purpose: SmsPurpose, proof: { phoneTicket?: string; smsCode?: string }): Promise<boolean> {
      if (proof.phoneTicket) return redeemTicket(phone, purpose, proof.phoneTicket);
      return !!proof.smsCode && verify(phone, purpose, proof.smsCode);
    },
  };
}

export type SmsService = ReturnType<typeof createSmsService>;
