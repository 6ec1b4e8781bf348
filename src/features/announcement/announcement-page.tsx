import '@/styles/news.css';
import { useState } from 'react';
import { client, unwrap } from '@/api/client';
import { usePagedList } from '@/components/ui/use-paged-list';
import { formatDate } from '@/lib/format';
import { LoadMore } from '@/components/ui/load-more';

const PAGE_SIZE = 10;

const downloadHref = (fileName: string) => `/common/download/announcement?fileName=${encodeURIComponent(fileName)}`;

const sizeText = (bytes?: number) =>
  bytes === undefined
    ? ''
    : bytes >= 1024 * 1024
      ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
      : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** 通知公告: the published announcements with their attachments; open without login. */
export default function AnnouncementPage() {
  const { rows, total, page, loading, failed, more } = usePagedList(
    (pageNum) =>
      unwrap(client.GET('/api/notice/announcement/list', { params: { query: { pageNum, pageSize: PAGE_SIZE } }, loading: pageNum === 1 })),
    [],
  );
  const [open, setOpen] = useState<number | null>(null);

  return (
    <div class="app-page">
      {failed && rows.length === 0 && <p class="app-empty">公告加载失败，请稍后重试</p>}
      {!failed && page > 0 && rows.length === 0 && <p class="app-empty">暂无公告</p>}
      <ul class="news-list">
        {rows.map((item) => {
          const expanded = open === item.id;
          const bodyId = `announcement-${item.id}`;
          return (
            <li key={item.id} class="news-item">
              <button
                type="button"
                class="news-item__head"
                aria-expanded={expanded}
                aria-controls={bodyId}
                onClick={() => setOpen(expanded ? null : item.id)}
              >
                {item.top && <span class="news-item__tag">置顶</span>}
                <span class="news-item__title">{item.title}</span>
                <span class="news-item__meta">{formatDate(item.publishTime)}</span>
              </button>
              {!expanded && item.summary && <p class="news-item__summary">{item.summary}</p>}
              {expanded && (
                <div class="news-item__body" id={bodyId}>
                  <p>{item.content || item.summary}</p>
                  {item.attachments && item.attachments.length > 0 && (
                    <ul class="news-files" aria-label="附件">
                      {item.attachments.map((f) => (
                        <li key={f.fileName}>
                          <a href={downloadHref(f.fileName)} download={f.name} target="_blank" rel="noopener">
                            {f.name}
                          </a>
                          <span class="app-muted"> {sizeText(f.size)}</span>
                        </li>
                      ))}
                    </ul>
                  )}
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
