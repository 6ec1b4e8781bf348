import '@/styles/news.css';
import { useState } from 'react';
import { client, unwrap, type Schemas } from '@/api/client';
import { navigate } from '@/lib/nav';
import { Button } from '@/components/ui/button';
import { usePagedList } from '@/components/ui/use-paged-list';
import { paths } from '@shared/pages/paths';
import { formatDateTime } from '@/lib/format';
import { LoadMore } from '@/components/ui/load-more';

type Notice = Schemas['Notice'];

const PAGE_SIZE = 10;

/** 消息通知: my notices, newest first, paged; opening one marks it read. */
export default function NewsPage() {
  const { rows, setRows, total, page, loading, failed, more } = usePagedList(
    (pageNum) =>
      unwrap(client.GET('/api/zhzx/xxtz/getListByType', { params: { query: { pageNum, pageSize: PAGE_SIZE } }, loading: pageNum === 1 })),
    [],
  );
  const [open, setOpen] = useState<number | null>(null);

  async function markRead(ids: number[] | 'all') {
    const result = await unwrap(
      client.POST('/api/zhzx/xxtz/markRead', { body: ids === 'all' ? { all: true } : { ids }, loading: ids === 'all' }),
    );
    if (result.ok) {
      setRows((prev) => prev.map((n) => (ids === 'all' || ids.includes(n.id) ? { ...n, isRead: '1' } : n)));
    }
  }

  function toggle(notice: Notice) {
    setOpen(open === notice.id ? null : notice.id);
    if (notice.isRead !== '1') void markRead([notice.id]);
  }

  const unread = rows.filter((n) => n.isRead !== '1').length;

  return (
    <div class="app-page">
      <div class="news-toolbar">
        <span class="app-muted">共 {total} 条</span>
        <Button size="mini" variant="default" disabled={unread === 0} onClick={() => void markRead('all')}>
          全部已读
        </Button>
      </div>
      {failed && rows.length === 0 && <p class="app-empty">消息加载失败，请稍后重试</p>}
      {!failed && page > 0 && rows.length === 0 && <p class="app-empty">暂无消息</p>}
      <ul class="news-list">
        {rows.map((notice) => {
          const expanded = open === notice.id;
          const bodyId = `notice-${notice.id}`;
          return (
            <li key={notice.id} class="news-item">
              <button type="button" class="news-item__head" aria-expanded={expanded} aria-controls={bodyId} onClick={() => toggle(notice)}>
                {notice.isRead !== '1' && <span class="news-item__dot" aria-label="未读" />}
                <span class="news-item__title">{notice.title}</span>
                <span class="news-item__meta">
                  {notice.typeName ?? ''} {formatDateTime(notice.createdAt)}
                </span>
              </button>
              {expanded && (
                <div class="news-item__body" id={bodyId}>
                  <p>{notice.content}</p>
                  {notice.applicationId ? (
                    <button
                      type="button"
                      class="news-item__link"
                      onClick={() => void navigate(paths.details.href({ id: notice.applicationId }))}
                    >
                      查看申请{notice.sqbh ? ` ${notice.sqbh}` : ''}
                    </button>
                  ) : null}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <LoadMore shown={rows.length} total={total} loading={loading} onMore={more} />
    </div>
  );
}
