// What 待办队列 shows, as the URL says it: the filters, the status tab, who has it, the order and the page size, and the
// same as the calls' parameters.
import type { Schemas } from '@/api/client';
import { adminPaths } from '@/console/paths';
import type { QueueQuery } from './api';
import { PAGE_SIZE, PAGE_SIZES } from '../../kit';
import { useUrlFilters } from '../../data';

export type Filters = { service: string; keyword: string; from: string; to: string };
export const filterKeys = ['service', 'keyword', 'from', 'to'] as const;

/** The status tab of 全部 in the URL (`status=all`); no status in the URL is 待办. */
export const ALL = 'all';

export function useQueueQuery() {
  const { q, search, page, set: show } = useUrlFilters(adminPaths.queue);
  const applied: Filters = {
    service: q.get('service') ?? '',
    keyword: q.get('keyword') ?? '',
    from: q.get('from') ?? '',
    to: q.get('to') ?? '',
  };
  const status = q.get('status') ?? '';
  const sort = q.get('sort') ?? '';
  const whose = q.get('assignee') ?? '';
  const size = PAGE_SIZES.find((n) => String(n) === q.get('size')) ?? PAGE_SIZE;

  const [kind, sub] = applied.service.split(':') as [string, string | undefined];
  /** The filters of the URL as call parameters (empty ones left out). */
  const query: QueueQuery = {
    ...(kind ? { kind: kind as Schemas['ServiceCode'] } : {}),
    ...(sub !== undefined ? { sub } : {}),
    ...(applied.keyword ? { keyword: applied.keyword } : {}),
    ...(applied.from ? { from: applied.from } : {}),
    ...(applied.to ? { to: applied.to } : {}),
  };
  const scope: QueueQuery = status === ALL ? {} : status ? { status: Number(status) as Schemas['AppStatus'] } : { todo: '1' };
  const listQuery: QueueQuery = {
    ...query,
    ...scope,
    ...(whose ? { assignee: whose } : {}),
    ...(sort ? { sort: sort as QueueQuery['sort'] } : {}),
  };
  // The tabs count every status of the service, whatever its sub-service.
  const { sub: _sub, ...countQuery } = query;
  return { search, page, show, applied, status, sort, whose, size, listQuery, countQuery };
}
