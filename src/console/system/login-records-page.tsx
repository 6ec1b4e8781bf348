import { formatDateTime } from '@/lib/format';
import { WhoFields } from '../who-fields';
import { FilterForm, LoadError, PAGE_SIZE, PageHead, Pager, Table } from '../kit';
import { useFilters, useRemote } from '../data';
import { loadLoginRecords } from './api';

type Filters = { realm: string; success: string; keyword: string; from: string; to: string };
const EMPTY: Filters = { realm: '', success: '', keyword: '', from: '', to: '' };

/** 登录日志: every sign-in of users and staff, and every refusal with the message the person saw (kept 180 days). */
export default function LoginRecordsPage() {
  const { draft, field, filters, page, setPage, apply } = useFilters<Filters>(EMPTY);
  const list = useRemote(() => {
    const { realm, success, keyword, from, to } = filters;
    return loadLoginRecords({
      ...(realm ? { realm: realm as 'user' | 'staff' } : {}),
      ...(success ? { success: success as '0' | '1' } : {}),
      ...(keyword.trim() ? { keyword: keyword.trim() } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      pageNum: page,
      pageSize: PAGE_SIZE,
    });
  }, [filters, page]);

  return (
    <>
      <PageHead title="登录日志">
        <span class="adm-muted">保留 180 天；不存在的账号只记打码后的账号，从不记密码</span>
      </PageHead>
      <FilterForm onApply={apply}>
        <WhoFields realm={draft.realm} keyword={draft.keyword} onRealm={field('realm')} onKeyword={field('keyword')} />
        <label>
          结果
          <select class="adm-input" value={draft.success} onChange={field('success')}>
            <option value="">全部</option>
            <option value="1">成功</option>
            <option value="0">失败</option>
          </select>
        </label>
        <label>
          日期起
          <input type="date" class="adm-input" value={draft.from} onInput={field('from')} />
        </label>
        <label>
          日期止
          <input type="date" class="adm-input" value={draft.to} onInput={field('to')} />
        </label>
      </FilterForm>
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
