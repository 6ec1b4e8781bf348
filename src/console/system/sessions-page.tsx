import { useState } from 'react';
import { formatDateTime } from '@/lib/format';
import { confirmDialog } from '@/state/ui';
import { WhoFields } from '../who-fields';
import { FilterForm, LoadError, PAGE_SIZE, PageHead, Pager, Table } from '../kit';
import { announce, useFilters, useRemote } from '../data';
import { endSession, loadSessions } from './api';

type Filters = { realm: string; keyword: string };
const EMPTY: Filters = { realm: '', keyword: '' };

/** 在线用户: the sessions in force, most recently active first; 强制退出 ends one at once on every instance. */
export default function SessionsPage() {
  const { draft, field, filters, page, setPage, apply } = useFilters<Filters>(EMPTY);
  const [ending, setEnding] = useState<number | null>(null);
  const list = useRemote(() => {
    const { realm, keyword } = filters;
    return loadSessions({
      ...(realm ? { realm: realm as 'user' | 'staff' } : {}),
      ...(keyword.trim() ? { keyword: keyword.trim() } : {}),
      pageNum: page,
      pageSize: PAGE_SIZE,
    });
  }, [filters, page]);

  async function end(id: number, name: string) {
    if (ending !== null) return;
    if (
      !(await confirmDialog({
        title: '强制退出',
        message: `确定让「${name}」的这个会话立即退出登录吗？对方须重新登录。`,
        confirmText: '强制退出',
      }))
    )
      return;
    setEnding(id);
    const r = await endSession(id);
    setEnding(null);
    announce(r, '已强制退出');
    list.reload();
  }

  return (
    <>
      <PageHead title="在线用户">
        <span class="adm-muted">用户登录 7 天内有效；工作人员闲置 30 分钟或登录满 12 小时失效</span>
      </PageHead>
      <FilterForm onApply={apply}>
        <WhoFields realm={draft.realm} keyword={draft.keyword} onRealm={field('realm')} onKeyword={field('keyword')} />
      </FilterForm>
      <LoadError message={list.error} />
      {list.data && (
        <>
          <Table
            head={['账号', '登录方式', '设备', '登录地址', '登录时间', '最近活动', '到期', '操作']}
            empty={!list.data.length && '没有在线会话'}
          >
            {list.data.map((s) => (
              <tr key={s.id}>
                <td class="adm-nowrap">
                  {s.person.name}（{s.person.roleName}）<div class="adm-muted">{s.person.account}</div>
                </td>
                <td class="adm-nowrap">{s.loginTypeName}</td>
                {/* Which phone or computer: two sessions of one person told apart (issue 25). */}
                <td class="adm-nowrap">{s.device ?? '未知'}</td>
                <td class="adm-nowrap">{s.ip}</td>
                <td class="adm-nowrap">{formatDateTime(s.createdAt)}</td>
                <td class="adm-nowrap">{formatDateTime(s.lastSeenAt)}</td>
                <td class="adm-nowrap">{formatDateTime(s.expiresAt)}</td>
                <td class="adm-nowrap">
                  {s.current ? (
                    <span class="adm-muted">本人当前会话</span>
                  ) : (
                    <button
                      type="button"
                      class="weui-btn weui-btn_warn weui-btn_mini"
                      disabled={ending === s.id}
                      onClick={() => void end(s.id, s.person.name)}
                    >
                      强制退出
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </Table>
          <Pager page={page} total={list.total} onPage={setPage} />
        </>
      )}
    </>
  );
}
