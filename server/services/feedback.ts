// 问答反馈: questions with an image code (single use), at most 10 a day per user, idempotent by key.
// Answers come from staff (a later issue); until then a question is 待回复.
import type { Database } from '../db/client.ts';
import { badRequest, bizError } from '../lib/envelope.ts';
import { createRepositories, type Repositories } from '../repositories/index.ts';
import type { FeedbackRow } from '../repositories/feedback.ts';
import type { CaptchaService } from './captcha.ts';
import { startOfChinaDay, type Clock } from './clock.ts';
import { createIdempotency, KeyTaken, type IdempotentRequest } from './idempotency.ts';

export const DAILY_QUESTIONS = 10;

export interface Question {
  bt: string;
  nr: string;
  lx?: string;
  lxdh?: string;
  code: string;
  uuid: string;
}

export function createFeedbackService(db: Database, repos: Repositories, captcha: CaptchaService, clock: Clock) {
  const idempotency = createIdempotency(repos);

  const replay = async (userId: number, req: IdempotentRequest): Promise<FeedbackRow | null> => {
    const id = await idempotency.prior(userId, req);
    const row = id ? await repos.feedback.findById(id) : null;
    return row && row.userId === userId ? row : null;
  };

  return {
    async ask(userId: number, question: Question, req: IdempotentRequest): Promise<FeedbackRow> {
      const prior = await replay(userId, req);
      if (prior) return prior;
      const title = question.bt.trim();
      const content = question.nr.trim();
      if (!title) throw badRequest('请填写标题', [{ field: 'bt', message: '请填写标题' }]);
      if (!content) throw badRequest('请填写问题内容', [{ field: 'nr', message: '请填写问题内容' }]);
      // The image code is used up whatever follows (checked outside the transaction so a failure still burns it).
      if (!(await captcha.check(question.uuid, question.code))) {
        // A double tap: the first request used the code and may have committed the question.
        const first = await replay(userId, req);
        if (first) return first;
        throw bizError('验证码错误或已过期');
      }
      const now = clock.now();
      if ((await repos.feedback.countSince(userId, startOfChinaDay(now))) >= DAILY_QUESTIONS)
        throw bizError('今日提问次数已达上限，请明天再试');
      try {
        return await db.transaction(async (tx) => {
          const r: Repositories = createRepositories(tx);
          const row = await r.feedback.create({
            userId,
            title,
            content,
            topic: question.lx ?? null,
            contactPhone: question.lxdh || null,
            createdAt: now,
          });
          await idempotency.claim(r, userId, req, row.id, now);
          return row;
        });
      } catch (err) {
        if (!(err instanceof KeyTaken)) throw err;
        return (await replay(userId, req))!;
      }
    },

    /** One's own question, or a public one; null otherwise (not told apart from missing). */
    async find(userId: number, id: number): Promise<FeedbackRow | null> {
      const row = await repos.feedback.findById(id);
      return row && (row.userId === userId || row.public) ? row : null;
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
