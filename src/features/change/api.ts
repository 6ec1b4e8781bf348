import { client, unwrap } from '@/api/client';

const latest = { params: { query: { pageNum: 1, pageSize: 4 } } };

/** The user's changes of information (education, marital status, other items), newest first. */
export async function changeRecords() {
  const [education, marriage, other] = await Promise.all([
    unwrap(client.GET('/api/daily/xlzkbg/list', latest)),
    unwrap(client.GET('/api/daily/hyzkbg/list', latest)),
    // 其他信息变更 is the sub-service change of 其他业务.
    unwrap(client.GET('/api/qhqt/qtbs/list', { params: { query: { pageNum: 1, pageSize: 20 } } })),
  ]);
  const rows = [
    ...(education.ok ? education.data : []),
    ...(marriage.ok ? marriage.data : []),
    ...(other.ok ? other.data.filter((a) => a.sub === 'change') : []),
  ];
  return { ok: true as const, data: rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt)) };
}
