// The parts of the application lifecycle on their own (server/services/applications.ts composes them): what a move
// tells the applicant (application-notices.ts) and what the applicant may do now (application-actions.ts). Filing and
// the moves run against a database: applications.test.ts, daily-id-card.test.ts (the booking rush) and
// admin-queue.test.ts.
import { describe, expect, it } from 'vitest';
import { Status } from '../../server/domain/index.ts';
import { actionsOf, canContinue, hasVoucher } from '../../server/services/application-actions.ts';
import { noticeText } from '../../server/services/application-notices.ts';
import { DEFAULT_TEMPLATES } from '../../server/services/notice-templates.ts';
import type { ApplicationRow } from '../../server/repositories/applications.ts';

const app = (patch: Partial<ApplicationRow> = {}) =>
  ({
    kind: 'hjzmkj',
    sub: '',
    referenceNo: 'HJ20261128000007',
    status: Status.submitted,
    stage: null,
    answers: {},
    dueOn: null,
    ...patch,
  }) as ApplicationRow;

describe('application-notices: what a move tells the applicant', () => {
  it("the office's moves read its templates, with the handling's values in the text and, in order, in the SMS", () => {
    const text = noticeText(
      app(),
      Status.awaitingPickup,
      { lqdd: '行政楼 101', lqsj: '工作日 9:00-11:30' },
      null,
      false,
      DEFAULT_TEMPLATES,
    );
    expect(text.title).toBe('户籍证明开具：待领取');
    expect(text.content).toContain('HJ20261128000007');
    expect(text.content).toContain('行政楼 101');
    expect(text.sms.template).toBe('s5');
    expect(Object.fromEntries(text.sms.params)).toMatchObject({ 申请编号: 'HJ20261128000007', 领取地点: '行政楼 101' });
  });

  it('a refusal says why, from the handling or the note', () => {
    expect(noticeText(app(), Status.refused, { reason: '材料不全' }, null, false, DEFAULT_TEMPLATES).content).toContain('原因：材料不全');
    expect(noticeText(app(), Status.refused, {}, '照片不清晰', false, DEFAULT_TEMPLATES).content).toContain('原因：照片不清晰');
  });

  it("the applicant's own moves have fixed texts: submitted, resubmitted, withdrawn", () => {
    expect(noticeText(app(), Status.submitted, {}, null, false, DEFAULT_TEMPLATES)).toMatchObject({
      title: '户籍证明开具：已提交',
      sms: { template: 'submitted' },
    });
    expect(noticeText(app(), Status.submitted, {}, null, true, DEFAULT_TEMPLATES)).toMatchObject({
      title: '户籍证明开具：已重新提交',
      sms: { template: 'resubmitted' },
    });
    expect(noticeText(app(), Status.withdrawn, {}, null, false, DEFAULT_TEMPLATES).sms.template).toBe('withdrawn');
  });

  it("an office's own wording of a template is used as it stands", () => {
    const templates = DEFAULT_TEMPLATES.map((t) =>
      t.key === 's7' ? { ...t, title: '办好了：{业务名称}', content: '{申请编号} 已办结，请查收。' } : t,
    );
    expect(noticeText(app(), Status.done, {}, null, false, templates)).toMatchObject({
      title: '办好了：户籍证明开具',
      content: 'HJ20261128000007 已办结，请查收。',
    });
  });
});

describe('application-actions: what the applicant may do now', () => {
  it('撤销 and 修改 while the office has not taken it (1 and 3), nothing once it has', () => {
    expect(actionsOf(app({ status: Status.submitted }))).toEqual(['cancel', 'edit']);
    expect(actionsOf(app({ status: Status.returned }))).toEqual(['cancel', 'edit']);
    expect(actionsOf(app({ status: Status.reviewing }))).toEqual([]);
    expect(actionsOf(app({ status: Status.done }))).toEqual([]);
  });

  it('继续提交 of a move-in at its second stage, and its voucher once finished', () => {
    const ready = app({ kind: 'qianru', stage: '1', status: Status.awaitingPickup });
    expect(canContinue(ready)).toBe(true);
    expect(actionsOf(ready)).toEqual(['continue']);
    expect(canContinue(app({ kind: 'qianru', stage: '2', status: Status.returned }))).toBe(true);
    expect(canContinue(app({ kind: 'hjzmkj', stage: '1', status: Status.awaitingPickup }))).toBe(false);
    expect(hasVoucher(app({ kind: 'qianru', stage: '2', status: Status.done }))).toBe(true);
    expect(hasVoucher(app({ kind: 'yingxin', status: Status.done, answers: { sfqr: '1' } }))).toBe(true);
    expect(hasVoucher(app({ kind: 'yingxin', status: Status.done, answers: { sfqr: '0' } }))).toBe(false);
  });
});
