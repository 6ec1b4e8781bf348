import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/preact';
import NewsPage from '@/features/news/news-page';
import AnnouncementPage from '@/features/announcement/announcement-page';
import ContactPage from '@/features/contact/contact-page';
import { requestsTo, stubFetch } from '../helpers';

const notice = (id: number, isRead: '0' | '1') => ({
  id,
  type: 'apply',
  typeName: '申请进度',
  title: `通知${id}`,
  content: `内容${id}`,
  isRead,
  createdAt: '2026-11-20T09:30:00+08:00',
});

describe('消息通知', () => {
  it('pages the notices and marks one read when opened', async () => {
    const fetch = stubFetch({
      '/api/zhzx/xxtz/getListByType': (r: Request) => {
        const page = Number(new URL(r.url).searchParams.get('pageNum'));
        return { code: 200, rows: page === 1 ? [notice(1, '0'), notice(2, '1')] : [notice(3, '1')], total: 3 };
      },
      '/api/zhzx/xxtz/markRead': { code: 200, data: { unread: 0 } },
    });
    render(<NewsPage />);
    expect(await screen.findByText('通知1')).not.toBeNull();
    expect(screen.getByText('共 3 条')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    expect(await screen.findByText('通知3')).not.toBeNull();
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /通知1/ }));
    expect(screen.getByText('内容1')).not.toBeNull();
    await vi.waitFor(() => expect(requestsTo(fetch, '/api/zhzx/xxtz/markRead')).toHaveLength(1));
    expect(await requestsTo(fetch, '/api/zhzx/xxtz/markRead')[0].json()).toEqual({ ids: [1] });
    await vi.waitFor(() => expect(screen.queryByLabelText('未读')).toBeNull());
  });
});

describe('通知公告', () => {
  it('lists announcements and links their attachments for download', async () => {
    stubFetch({
      '/api/notice/announcement/list': {
        code: 200,
        rows: [
          {
            id: 5,
            title: '关于2026级新生户口迁入工作的通知',
            publishTime: '2026-08-20T09:00:00+08:00',
            top: true,
            summary: '新生户口迁入须知',
            content: '各位新同学：请按要求办理。',
            attachments: [{ fileName: '2026-xs.pdf', name: '新生户口迁入须知.pdf', size: 27_000 }],
          },
        ],
        total: 1,
      },
    });
    render(<AnnouncementPage />);
    fireEvent.click(await screen.findByRole('button', { name: /关于2026级新生户口迁入工作的通知/ }));
    const link = screen.getByRole('link', { name: '新生户口迁入须知.pdf' });
    expect(link.getAttribute('href')).toBe('/common/download/announcement?fileName=2026-xs.pdf');
    expect(screen.getByText('置顶')).not.toBeNull();
  });
});

describe('联系我们', () => {
  it('shows the office with callable phones', async () => {
    stubFetch({
      '/api/system/contact': {
        code: 200,
        data: {
          officeName: '户籍办公室',
          address: '行政楼108室',
          hours: '工作日 8:30-11:30',
          phones: [{ label: '户籍咨询', phone: '010-68920101' }],
        },
      },
    });
    render(<ContactPage />);
    expect((await screen.findByRole('link', { name: '010-68920101' })).getAttribute('href')).toBe('tel:010-68920101');
    expect(screen.getByText('行政楼108室')).not.toBeNull();
  });
});
