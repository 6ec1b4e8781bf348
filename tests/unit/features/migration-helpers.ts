import { beforeEach } from 'vitest';
import { act, screen } from '@testing-library/preact';
import type { UserInfo } from '@/api/client';
import { sampleUser } from '../helpers';
import { press } from './service-helpers';

/** Helpers of the move-in and move-out screen tests. */

/** The error summary's name (the uploaders have alerts of their own). */
export const SUMMARY = '请检查以下内容';

/** A signed-in user of another person type (renderScreen is typed for the sample user). */
export const user = (info: Partial<UserInfo>) => ({ ...sampleUser, ...info }) as unknown as typeof sampleUser;

export const file = (fileId: string) => ({
  fileId,
  name: `${fileId}.jpg`,
  size: 100,
  mimeType: 'image/jpeg' as const,
  url: `/api/wj/file/${fileId}`,
});
/** An attachments field's value with these uploaded files. */
export const files = (...ids: string[]) => JSON.stringify(ids.map(file));

/** The sample user's saved draft of a form (what the uploader and the fields write to). */
export const draft = (code: string, values: Record<string, string>) =>
  localStorage.setItem(`draft:${code}:7`, JSON.stringify({ values, key: 'k'.repeat(32), at: Date.now() }));

export const summary = (kind: string, id: number) => ({
  id,
  sqbh: `HJ202611210000${id}`,
  kind,
  kindName: '迁入迁出',
  status: 1,
  statusName: '已提交',
});

export async function toReview() {
  press('下一步');
  await screen.findByText('请核对您填写的信息，确认无误后提交。', {}, { timeout: 3000 });
}

export async function submitted() {
  press('确认提交');
  await screen.findByText(/提交成功|修改已提交/);
}

/**
 * The last test's screen saves its draft when its effects are cleaned up, which Preact does after the next paint:
 * let that happen before each test sets up its storage.
 */
beforeEach(async () => {
  await act(() => new Promise((resolve) => setTimeout(resolve, 120)));
  localStorage.clear();
  sessionStorage.clear();
});

/** The getInfo answer of an application sent back for correction (状态 3 退回修改), for edit=1. */
export const returned = (kind: string, id: number, sub: string | null, answers: object, attachments: object[] = []) => ({
  code: 200,
  data: {
    ...summary(kind, id),
    status: 3,
    statusName: '退回修改',
    sub,
    title: kind,
    createdAt: '2026-11-01T09:00:00+08:00',
    updatedAt: '2026-11-02T09:00:00+08:00',
    actions: ['cancel', 'edit'],
    answers,
    attachments,
    events: [],
  },
});
