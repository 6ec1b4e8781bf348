// Notices (消息通知) to one user.
import type { Repositories } from '../repositories/index.ts';
import type { Clock } from './clock.ts';

export type NoticeType = 'apply' | 'borrow' | 'system';

export interface Notice {
  type: NoticeType;
  title: string;
  content: string;
  applicationId?: number;
  applicationNo?: string;
}

export function createNoticeService(repos: Repositories, clock: Clock) {
  return {
    /** `via`: the repositories of a transaction, so the notice commits (or not) with the change it tells of. */
    notify(userId: number, notice: Notice, via: Repositories = repos) {
      return via.notices.create({ userId, ...notice, createdAt: clock.now() });
    },
  };
}

export type NoticeService = ReturnType<typeof createNoticeService>;
