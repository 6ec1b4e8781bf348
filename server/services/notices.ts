// Notices (消息通知) to one user.
import type { Repositories } from '../repositories/index.ts';
import type { Clock } from './clock.ts';

export type NoticeType = 'apply' | 'borrow' | 'system';

export function createNoticeService(repos: Repositories, clock: Clock) {
  return {
    notify(userId: number, notice: { type: NoticeType; title: string; content: string; applicationId?: number; applicationNo?: string }) {
      return repos.notices.create({ userId, ...notice, createdAt: clock.now() });
    },
  };
}

export type NoticeService = ReturnType<typeof createNoticeService>;
