import './applications.css';
import { useLocation, useSearch } from 'wouter';
import { client, unwrap } from '@/api/client';
import { AppLink } from '@/components/ui/app-link';
import { usePagedList } from '@/components/ui/use-paged-list';
import { paths } from '@shared/pages/paths';
import { formatDateTime } from '@/lib/format';
import { kinds, statuses, type AppStatus, type ServiceCode } from './kinds';
import { StatusBadge } from './status-badge';
import { LoadMore } from '@/components/ui/load-more';

const PAGE_SIZE = 10;

/** 我的申请: every application of the user, filtered by kind and status (kept in the URL), paged. */
export default function ApplyListPage() {
  const search = useSearch();
  const [, go] = useLocation();
  const query = new URLSearchParams(search);
  const kind = (query.get('kind') ?? '') as ServiceCode | '';
  const status = query.get('status') ?? '';
  // Reloads when a filter changes.
  const { rows, total, page, loading, failed, more } = usePagedList(
    (pageNum) =>
      unwrap(
        client.GET('/api/wdsq/sqxq/getListByType', {
          params: {
            query: {
              ...(kind ? { kind } : {}),
              ...(status ? { status: Number(status) as AppStatus } : {}),
              pageNum,
              pageSize: PAGE_SIZE,
            },
          },
          loading: pageNum === 1,
        }),
      ),
    [kind, status],
  );

  const filter = (name: 'kind' | 'status') => (e: Event) => {
    const q = new URLSearchParams(search);
    const value = (e.currentTarget as HTMLSelectElement).value;
    if (value) q.set(name, value);
    else q.delete(name);
    const s = q.toString();
    go(paths.applyList.href() + (s ? `?${s}` : ''), { replace: true });
  };

  return (
    <div class="app-page">
      <div class="apps-filters">
        <label>
          <span class="visually-hidden">业务种类</span>
          <select class="apps-filter" value={kind} onChange={filter('kind')}>
            <option value="">全部业务</option>
            {kinds.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span class="visually-hidden">办理状态</span>
          <select class="apps-filter" value={status} onChange={filter('status')}>
            <option value="">全部状态</option>
            {statuses.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {failed && rows.length === 0 && <p class="app-empty">申请加载失败，请稍后重试</p>}
      {!failed && page > 0 && rows.length === 0 && <p class="app-empty">{kind || status ? '没有符合条件的申请' : '您还没有提交过申请'}</p>}
      <ul class="apps-list" aria-label="申请列表">
        {rows.map((a) => (
          <li key={a.id}>
            <AppLink class="apps-item" href={paths.details.href({ id: a.id })}>
              <span class="apps-item__head">
                <span class="apps-item__kind">{a.kindName ?? a.kind}</span>
                <StatusBadge status={a.status} name={a.statusName} />
              </span>
              <span class="apps-item__title">{a.title}</span>
              <span class="apps-item__meta">
                {a.sqbh} · {formatDateTime(a.updatedAt)}
              </span>
            </AppLink>
          </li>
        ))}
      </ul>
      <LoadMore shown={rows.length} total={total} loading={loading} onMore={more} />
    </div>
  );
}
