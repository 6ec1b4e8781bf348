import { formatDateTime } from '@/lib/format';
import { ExportButtons } from '../export-buttons';
import { FilterForm, LoadError, PAGE_SIZE, PageHead, Pager, Table } from '../kit';
import { useFilters, useRemote } from '../data';
import { loadAudit, loadStaff } from './api';

/** Action codes to filter by (prefixes; the server matches the start). */
const ACTIONS = [
  { value: 'login', label: '登录' },
  { value: 'application.', label: '申请（查看、附件、办理）' },
  { value: 'application.view', label: '查看申请人信息' },
  { value: 'application.idNumber', label: '查看身份证件号' },
  { value: 'application.transition', label: '办理申请' },
  { value: 'feedback.', label: '问答' },
  { value: 'rating.', label: '评价回访' },
  { value: 'staff.', label: '工作人员账号' },
  { value: 'settings.', label: '设置' },
  { value: 'audit.', label: '查看审计日志' },
];

type Filters = { staffId: string; action: string; targetType: string; targetId: string; from: string; to: string };
const EMPTY: Filters = { staffId: '', action: '', targetType: '', targetId: '', from: '', to: '' };

/** 审计日志: every staff action and every view of an applicant's personal data; read-only. */
export default function AuditPage() {
  const staff = useRemote(() => loadStaff(true), []);
  const { draft, field, filters, page, setPage, apply } = useFilters<Filters>(EMPTY);
  const list = useRemote(() => {
    const query = Object.fromEntries(Object.entries(filters).filter(([, v]) => v));
    return loadAudit({ ...query, ...(query.staffId ? { staffId: Number(query.staffId) } : {}), pageNum: page, pageSize: PAGE_SIZE });
  }, [filters, page]);
  const input = (name: keyof Filters, label: string, type: 'text' | 'date' = 'text') => (
    <label>
      {label}
      {/* Preact types <input> per type value; a union of them is not accepted as one. */}
      <input type={type as 'text'} class="adm-input" value={draft[name]} maxLength={64} onInput={field(name)} />
    </label>
  );

  return (
    <>
      <PageHead title="审计日志">
        <span class="adm-muted">日志只可追加，不能修改或删除</span>
        <ExportButtons
          path="/api/admin/exports/audit"
          query={{
            ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v)),
            ...(filters.staffId ? { staffId: Number(filters.staffId) } : {}),
          }}
          title="审计日志"
        />
      </PageHead>
      <FilterForm onApply={apply}>
        <label>
          工作人员
          <select class="adm-input" value={draft.staffId} onChange={field('staffId')}>
            <option value="">全部</option>
            {staff.data?.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}（{s.username}）
              </option>
            ))}
          </select>
        </label>
        <label>
          操作
          <select class="adm-input" value={draft.action} onChange={field('action')}>
            <option value="">全部</option>
            {ACTIONS.map((a) => (
              <option key={a.value} value={a.value}>
                {a.label}
              </option>
            ))}
          </select>
        </label>
        {input('targetType', '对象类型')}
        {input('targetId', '对象编号')}
        {input('from', '日期起', 'date')}
        {input('to', '日期止', 'date')}
      </FilterForm>
      <LoadError message={list.error} />
      {list.data && (
        <>
          <Table head={['时间', '工作人员', '操作', '对象', '说明', '来源地址']} empty={!list.data.length && '没有记录'}>
            {list.data.map((e) => (
              <tr key={e.id}>
                <td class="adm-nowrap">{formatDateTime(e.at)}</td>
                <td class="adm-nowrap">
                  {e.staffName}
                  <div class="adm-muted">{e.staffUsername}</div>
                </td>
                <td>
                  {e.actionName}
                  <div class="adm-muted">{e.action}</div>
                </td>
                <td class="adm-nowrap">{[e.targetType, e.targetId].filter(Boolean).join(' ')}</td>
                <td class="adm-pre">{e.summary}</td>
                <td class="adm-nowrap">{e.ip}</td>
              </tr>
            ))}
          </Table>
          <Pager page={page} total={list.total} onPage={setPage} />
        </>
      )}
    </>
  );
}
