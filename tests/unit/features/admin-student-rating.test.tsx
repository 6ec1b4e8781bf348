// The student's side of issue 5: rating a finished application (好差评) from its details.
import { describe, expect, it } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import DetailsPage from '@/features/applications/details-page';
import { $toast } from '@/state/ui';
import { json, requestsTo, stubFetch } from '../helpers';
import { press, renderScreen } from './service-helpers';

configure({ asyncUtilTimeout: 5000 });

const finished = (over: Record<string, unknown> = {}) => ({
  id: 5,
  sqbh: 'HJ20261121000005',
  kind: 'hjzmkj',
  kindName: '户籍证明开具',
  status: 7,
  statusName: '已办结',
  title: '户籍证明开具',
  sub: null,
  createdAt: '2026-11-21T09:30:00+08:00',
  updatedAt: '2026-11-23T09:30:00+08:00',
  actions: ['rate'],
  answers: {},
  summary: [{ label: '证明类型', value: '户籍证明', group: null }],
  attachments: [],
  events: [
    { at: '2026-11-21T09:30:00+08:00', actor: { role: 'user', name: null }, from: null, to: 1, note: null },
    { at: '2026-11-23T09:30:00+08:00', actor: { role: 'staff', name: '户籍办' }, from: 6, to: 7, note: null },
  ],
  handling: {},
  rating: null,
  ...over,
});

const rating = { score: 4, label: '满意', comment: '办理很快', flagged: false, createdAt: '2026-11-24T10:00:00+08:00' };

describe('评价 on the details of a finished application', () => {
  it('offers the five levels and an optional comment, sends them once, then shows the rating', async () => {
    const fetch = stubFetch({
      'GET /api/wdsq/sqxq/getInfo': { code: 200, data: finished() },
      'POST /api/wdsq/sqxq/rate': { code: 200, data: rating },
    });
    renderScreen('/details?id=5', <DetailsPage />);
    const group = await screen.findByRole('group', { name: '您对本次办理满意吗？' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.parentElement?.textContent),
    ).toEqual(['非常满意', '满意', '基本满意', '不满意', '非常不满意']);

    press('提交评价');
    expect((await screen.findByRole('alert')).textContent).toContain('请选择您的评价');
    expect(requestsTo(fetch, '/api/wdsq/sqxq/rate')).toHaveLength(0);

    fireEvent.click(within(group).getByRole('radio', { name: '满意' }));
    fireEvent.input(screen.getByLabelText('评价内容'), { target: { value: ' 办理很快 ' } });
    press('提交评价');
    await waitFor(() => expect(requestsTo(fetch, '/api/wdsq/sqxq/rate')).toHaveLength(1));
    expect(await requestsTo(fetch, '/api/wdsq/sqxq/rate')[0].json()).toEqual({ id: 5, score: 4, comment: '办理很快' });
    expect(await screen.findByText('我的评价')).not.toBeNull();
    expect(screen.getByText('办理很快')).not.toBeNull();
    expect(screen.queryByRole('button', { name: '提交评价' })).toBeNull();
    expect($toast.get()?.message).toBe('感谢您的评价');
  });

  it('sends no comment when none is written', async () => {
    const fetch = stubFetch({
      'GET /api/wdsq/sqxq/getInfo': { code: 200, data: finished() },
      'POST /api/wdsq/sqxq/rate': { code: 200, data: { ...rating, score: 1, label: '非常不满意', comment: null, flagged: true } },
    });
    renderScreen('/details?id=5', <DetailsPage />);
    fireEvent.click(await screen.findByRole('radio', { name: '非常不满意' }));
    press('提交评价');
    await waitFor(() => expect(requestsTo(fetch, '/api/wdsq/sqxq/rate')).toHaveLength(1));
    expect(await requestsTo(fetch, '/api/wdsq/sqxq/rate')[0].json()).toEqual({ id: 5, score: 1 });
    expect(await screen.findByText('非常不满意')).not.toBeNull();
  });

  it('shows an existing rating and no form', async () => {
    stubFetch({ 'GET /api/wdsq/sqxq/getInfo': { code: 200, data: finished({ actions: [], rating }) } });
    renderScreen('/details?id=5', <DetailsPage />);
    expect(await screen.findByText('我的评价')).not.toBeNull();
    expect(screen.getByText('满意')).not.toBeNull();
    expect(screen.queryByRole('group', { name: '您对本次办理满意吗？' })).toBeNull();
  });

  it('offers no rating before the application is finished', async () => {
    stubFetch({ 'GET /api/wdsq/sqxq/getInfo': { code: 200, data: finished({ status: 6, statusName: '已寄出', actions: [] }) } });
    renderScreen('/details?id=5', <DetailsPage />);
    await screen.findAllByText('已寄出');
    expect(screen.queryByText('评价')).toBeNull();
  });

  it('keeps the form when the server refuses (already rated)', async () => {
    stubFetch({
      'GET /api/wdsq/sqxq/getInfo': { code: 200, data: finished() },
      'POST /api/wdsq/sqxq/rate': () => json({ code: 100, msg: '您已评价过该申请' }),
    });
    renderScreen('/details?id=5', <DetailsPage />);
    fireEvent.click(await screen.findByRole('radio', { name: '基本满意' }));
    press('提交评价');
    await waitFor(() => expect($toast.get()?.message).toBe('您已评价过该申请'));
    expect(screen.getByRole('button', { name: '提交评价' })).not.toBeNull();
  });
});
