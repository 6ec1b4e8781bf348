import type { Schemas } from '@/api/client';
import type { ShowFilters } from '../../data';
import { ALL } from './use-queue-query';

const SORTS = [
  { value: '', label: '等待最久在前' },
  { value: '-created', label: '最新提交在前' },
  { value: 'kind', label: '按业务' },
] as const;
const WHOSE = [
  { value: '', label: '不限认领人' },
  { value: 'me', label: '我的' },
  { value: 'none', label: '未认领' },
] as const;

/** 待办, 全部 and each status, with their counts once known. */
export function StatusTabs({
  status,
  counts,
  meta,
  show,
}: {
  status: string;
  counts: Schemas['StatusCount'][] | undefined;
  meta: Schemas['AdminMeta'] | null;
  show: ShowFilters;
}) {
  const total = counts?.reduce((n, c) => n + c.count, 0);
  const todo = counts?.reduce((n, c) => n + (c.todo ?? 0), 0);
  return (
    <div class="adm-tabs" role="group" aria-label="办理状态">
      <button type="button" aria-pressed={!status} onClick={() => show({ status: '' })}>
        待办{todo !== undefined && ` ${todo}`}
      </button>
      <button type="button" aria-pressed={status === ALL} onClick={() => show({ status: ALL })}>
        全部{total !== undefined && ` ${total}`}
      </button>
      {(counts ?? meta?.statuses.map((s) => ({ status: s.code, statusName: s.label, count: undefined })) ?? []).map((c) => (
        <button key={c.status} type="button" aria-pressed={status === String(c.status)} onClick={() => show({ status: c.status })}>
          {c.statusName}
          {c.count !== undefined && ` ${c.count}`}
        </button>
      ))}
    </div>
  );
}

/** Who has it, the order, 选中本页全部 and the keys. */
export function QueueToolbar({
  whose,
  sort,
  rowCount,
  allPicked,
  pickAll,
  show,
}: {
  whose: string;
  sort: string;
  rowCount: number;
  allPicked: boolean;
  pickAll: () => void;
  show: ShowFilters;
}) {
  return (
    <div class="adm-toolbar">
      <div class="adm-tabs" role="group" aria-label="认领">
        {WHOSE.map((w) => (
          <button key={w.value} type="button" aria-pressed={whose === w.value} onClick={() => show({ assignee: w.value })}>
            {w.label}
          </button>
        ))}
      </div>
      <label class="adm-toolbar__sort">
        排序
        <select class="adm-input adm-input_small" aria-label="排序" value={sort} onChange={(e) => show({ sort: e.currentTarget.value })}>
          {SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      {rowCount > 0 && (
        <label class="adm-check">
          <input type="checkbox" checked={allPicked} onChange={pickAll} />
          选中本页全部 {rowCount} 件
        </label>
      )}
      <span class="adm-muted adm-toolbar__keys">快捷键：j/k 上下，x 选中，Enter 打开</span>
    </div>
  );
}
