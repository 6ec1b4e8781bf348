import { useState } from 'react';
import type { Schemas } from '@/api/client';
import { serviceOptions } from '@/console/staff';
import type { ShowFilters } from '../../data';
import { filterKeys, type Filters } from './use-queue-query';

/** 业务 in one list: a service, or one of its sub-services (value `kind` or `kind:sub`). */
function serviceChoices(meta: Schemas['AdminMeta'] | null) {
  const kinds = meta?.kinds ?? [];
  const groupLabel = (code: string, fallback: string) => serviceOptions(meta).find((o) => o.value === code)?.label ?? fallback;
  return kinds.flatMap((k, i) => {
    const first = kinds.findIndex((x) => x.code === k.code) === i;
    const hasSubs = kinds.some((x) => x.code === k.code && x.sub);
    if (!hasSubs) return first ? [{ value: k.code, label: k.label }] : [];
    return [
      ...(first ? [{ value: k.code, label: `${groupLabel(k.code, k.label)}（全部）` }] : []),
      { value: `${k.code}:${k.sub ?? ''}`, label: `\u3000${k.label}` },
    ];
  });
}

/** The queue's filters: typed here, applied to the URL by 查询 (重置 clears them). */
export function QueueFilters({ meta, applied, show }: { meta: Schemas['AdminMeta'] | null; applied: Filters; show: ShowFilters }) {
  const [draft, setDraft] = useState<Filters>(applied);
  return (
    <form
      class="adm-filters"
      aria-label="筛选"
      onSubmit={(e) => {
        e.preventDefault();
        show({ ...draft });
      }}
    >
      <label>
        业务
        <select
          class="adm-input"
          aria-label="业务"
          value={draft.service}
          onChange={(e) => setDraft({ ...draft, service: e.currentTarget.value })}
        >
          <option value="">全部业务</option>
          {serviceChoices(meta).map((k) => (
            <option key={k.value} value={k.value}>
              {k.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        提交日期起
        <input type="date" class="adm-input" value={draft.from} onInput={(e) => setDraft({ ...draft, from: e.currentTarget.value })} />
      </label>
      <label>
        提交日期止
        <input type="date" class="adm-input" value={draft.to} onInput={(e) => setDraft({ ...draft, to: e.currentTarget.value })} />
      </label>
      <label>
        关键字
        <input
          type="search"
          class="adm-input"
          value={draft.keyword}
          maxLength={50}
          placeholder="申请编号、姓名、学号/工作证号"
          onInput={(e) => setDraft({ ...draft, keyword: e.currentTarget.value })}
        />
      </label>
      <button type="submit" class="weui-btn weui-btn_primary weui-btn_mini">
        查询
      </button>
      <button
        type="button"
        class="weui-btn weui-btn_default weui-btn_mini"
        onClick={() => {
          setDraft({ service: '', keyword: '', from: '', to: '' });
          show(Object.fromEntries(filterKeys.map((k) => [k, ''])));
        }}
      >
        重置
      </button>
    </form>
  );
}
