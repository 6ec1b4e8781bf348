import { useState } from 'react';
import { client, unwrap } from '@/api/client';
import { formatDateTime } from '@/lib/format';
import { LoadError, PAGE_SIZE, PageHead, Pager, Table, useRemote } from './ui';

type Filters = { realm: '' | 'user' | 'staff'; success: '' | '0' | '1'; keyword: string; from: string; to: string };
const EMPTY: Filters = { realm: '', success: '', keyword: '', from: '', to: '' };

/** 登录日志: every sign-in of users and staff, and every refusal with the message the person saw (kept 180 days). */
export default function LoginRecordsPage() {
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [page, setPage] = useState(1);
  const list = useRemote(() => {
    const { realm, success, keyword, from, to } = filters;
    return unwrap(
      client.GET('/api/admin/login-records', {
        params: {
          query: {
            ...(realm ? { realm } : {}),
            ...(success ? { success } : {}),
            ...(keyword.trim() ? { keyword: keyword.trim() } : {}),
            ...(from ? { from } : {}),
            ...(to ? { to } : {}),
            pageNum: page,
            pageSize: PAGE_SIZE,
          },
        },
      }),
    );
  }, [filters, page]);

  return (
    <>
      <PageHead title="登录日志">
        <span class="adm-muted">保留 180 天；不存在的账号只记打码后的账号，从不记密码</span>
      </PageHead>
      <form
        class="adm-filters"
        aria-label="筛选"
        onSubmit={(e) => {
          e.preventDefault();
          setPage(1);
          setFilters({ ...draft });
        }}
      >
        <label>
          登录端
          <select class="adm-input" value={draft.realm} onChange={(e) => setDraft({ ...draft, realm: e.currentTarget.value as Filters['realm'] })}>
            <option value="">全部</option>
            <option value="user">移动端</option>
            <option value="staff">工作台</option>
          </select>
        </label>
        <label>
          结果
          <select class="adm-input" value={draft.success} onChange={(e) => setDraft({ ...draft, success: e.currentTarget.value as Filters['success'] })}>
            <option value="">全部</option>
            <option value="1">成功</option>
            <option value="0">失败</option>
          </select>
        </label>
        <label>
          姓名或账号
          <input class="adm-input" value={draft.keyword} maxLength={40} onInput={(e) => setDraft({ ...draft, keyword: e.currentTarget.value })} />
        </label>
        <label>
          日期起
          <input type="date" class="adm-input" value={draft.from} onInput={(e) => setDraft({ ...draft, from: e.currentTarget.value })} />
        </label>
        <label>
          日期止
          <input type="date" class="adm-input" value={draft.to} onInput={(e) => setDraft({ ...draft, to: e.currentTarget.value })} />
        </label>
        <button type="submit" class="weui-btn weui-btn_primary weui-btn_mini">
          查询
        </button>
      </form>
      <LoadError message={list.error} />
      {list.data && (
        <>
          <Table head={['时间', '登录端', '账号', '方式', '结果', '来源地址', '浏览器']} empty={!list.data.length && '没有记录'}>
            {list.data.map((r) => (
              <tr key={r.id}>
                <td class="adm-nowrap">{formatDateTime(r.at)}</td>
                <td class="adm-nowrap">{r.realmName}</td>
                <td class="adm-nowrap">
                  {r.person ? (
                    <>
                      {r.person.name}（{r.person.roleName}）<div class="adm-muted">{r.person.account}</div>
                    </>
                  ) : (
                    <>
                      {r.attemptedName}
                      <div class="adm-muted">账号不存在</div>
                    </>
                  )}
                </td>
                <td class="adm-nowrap">{r.methodName}</td>
                <td>{r.success ? <span class="adm-ok">成功</span> : <span class="adm-bad">失败：{r.reason}</span>}</td>
                <td class="adm-nowrap">{r.ip}</td>
                <td class="adm-muted">
                  <div class="adm-ua" title={r.userAgent ?? undefined}>
                    {r.userAgent}
                  </div>
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
