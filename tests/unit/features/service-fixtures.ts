import { expect, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/preact';
import { press } from './service-helpers';

/** A service guide as GET /api/guide/{code} answers it. */
export const guideOf = (serviceCode: string, title: string) => ({
  code: 200,
  data: {
    serviceCode,
    title,
    who: '户口在学校集体户的人员',
    conditions: null,
    materials: [{ name: '本人居民身份证', required: true, note: null, example: null }],
    steps: ['网上申请', '户籍办审核'],
    timeLimit: '5个工作日',
    place: '行政楼108室',
    hours: '周一至周五 8:30-11:30',
    fees: '免费',
    contact: '户籍办公室 010-68920103',
    regulations: [],
  },
});

/** The answer of an add/edit: an application summary. */
export const summaryOf = (kind: string, id = 51) => ({
  code: 200,
  data: { id, sqbh: `HJ20261121${String(id).padStart(6, '0')}`, kind, kindName: kind, status: 1, statusName: '已提交' },
});

/** GET /api/wdsq/sqxq/getInfo of an application sent back for correction (status 3). */
export const returnedApplication = (kind: string, id: number, answers: Record<string, unknown>, attachments: unknown[] = []) => ({
  code: 200,
  data: {
    ...summaryOf(kind, id).data,
    status: 3,
    statusName: '退回修改',
    title: kind,
    createdAt: '2026-11-21T09:00:00+08:00',
    updatedAt: '2026-11-21T10:00:00+08:00',
    actions: ['cancel', 'edit'],
    answers,
    attachments,
    events: [],
  },
});

export const uploaded = (fileId: string, name: string) => ({
  fileId,
  name,
  size: 2048,
  mimeType: 'application/pdf',
  url: `/api/wj/file/${fileId}`,
});

/**
 * Answers uploads with the given file: the uploader sends them through XMLHttpRequest (for its progress), which
 * the fetch stub does not see.
 */
export function stubUpload(file: ReturnType<typeof uploaded>) {
  const sent: FormData[] = [];
  vi.stubGlobal(
    'XMLHttpRequest',
    class {
      upload = {};
      status = 200;
      statusText = 'OK';
      responseText = JSON.stringify({ code: 200, data: file });
      onload?: () => void;
      open() {}
      setRequestHeader() {}
      abort() {}
      getAllResponseHeaders() {
        return 'content-type: application/json';
      }
      send(body: FormData) {
        sent.push(body);
        setTimeout(() => this.onload?.(), 0);
      }
    },
  );
  return sent;
}

/** Picks a file in a file input as the browser reports it. */
export function pickFile(input: HTMLElement, file: File) {
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/** 下一步, then the review step. */
export async function toReview() {
  press('下一步');
  await screen.findByText('请核对您填写的信息，确认无误后提交。');
}

/** 下一步 on the form, then the error summary lists these messages. */
export async function expectSummary(...messages: string[]) {
  press('下一步');
  await waitFor(() => {
    const text = screen.getByRole('alert', { name: '请检查以下内容' }).textContent ?? '';
    for (const m of messages) expect(text).toContain(m);
  });
}
