import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useStore } from '@nanostores/react';
import { client, unwrap, type Schemas } from '@/api/client';
import { adminPaths } from '@/config/admin-paths';
import { formatDateTime } from '@/lib/format';
import { $adminMeta, $staff, serviceOptions } from '@/stores/staff';
import { confirmDialog } from '@/state/ui';
import { ExportButtons } from '../export-buttons';
import { rememberQueue, type QueueQuery } from './queue-context';
import { announce, LoadError, Modal, PageHead, Pager, PAGE_SIZE, PAGE_SIZES, StatusTag, Table, useRemote, useUrlFilters } from '../ui';
import { Status } from '@shared/contract/domain';

type Filters = { service: string; keyword: string; from: string; to: string };
const filterKeys = ['service', 'keyword', 'from', 'to'] as const;
type Row = Schemas['AdminApplicationRow'];
type BulkTo = 4 | 5 | 7;
type BulkResults = Schemas['BulkTransitionResult']['data'];

/** The status tab of 全部 in the URL (`status=all`); no status in the URL is 待办. */
const ALL = 'all';
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
const BULK: { to: BulkTo; action: string }[] = [
  { to: 4, action: '受理' },
  { to: 5, action: '通知领取' },
  { to: 7, action: '办结' },
];

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

/**
 * 待办队列: by service or sub-service, status (tabs with counts), date, text and who has it; sorted, 20/50/100 a
 * page. Rows are picked for 批量办理 (受理, 通知领取, 办结: each application on its own, the result of each shown).
 * Keys: j/k move, x picks, Enter opens. It opens on 待办; the choice lives in the URL.
 */
export default function QueuePage() {
  const meta = useStore($adminMeta);
  const me = useStore($staff);
  const [, go] = useLocation();
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
  const [draft, setDraft] = useState<Filters>(applied);
  const [picked, setPicked] = useState<Map<number, number>>(new Map());
  const [cursor, setCursor] = useState(0);
  const [bulk, setBulk] = useState<{ to: BulkTo; action: string } | null>(null);
  const [results, setResults] = useState<{ action: string; data: BulkResults } | null>(null);
  const [working, setWorking] = useState(false);
  const table = useRef<HTMLDivElement>(null);

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
  const list = useRemote(
    () => unwrap(client.GET('/api/admin/applications', { params: { query: { ...listQuery, pageNum: page, pageSize: size } } })),
    [search],
  );
  const { sub: _sub, ...countQuery } = query;
  const counts = useRemote(
    () => unwrap(client.GET('/api/admin/applications/counts', { params: { query: countQuery }, loading: false })),
    [applied.service, applied.keyword, applied.from, applied.to],
  );
  const rows = list.data ?? [];

  // What 处理下一件 on an application's page continues with.
  useEffect(() => rememberQueue(listQuery), [search]); // eslint-disable-line react-hooks/exhaustive-deps
  // Another page or filter: nothing picked, the cursor at the top.
  useEffect(() => {
    setPicked(new Map());
    setCursor(0);
  }, [search]);

  const toggle = (row: Row) =>
    setPicked((now) => {
      const next = new Map(now);
      if (next.has(row.id)) next.delete(row.id);
      else next.set(row.id, row.version);
      return next;
    });
  const allPicked = rows.length > 0 && rows.every((r) => picked.has(r.id));

  // j/k move, x picks, Enter opens (not while typing in a field or with a dialog open). Registered once; it reads
  // what is on screen now through `live`.
  const live = useRef({ rows, cursor, busy: false, toggle, open: (id: number) => go(adminPaths.application.href({ id })) });
  live.current = { rows, cursor, busy: !!bulk || !!results, toggle, open: (id: number) => go(adminPaths.application.href({ id })) };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement;
      const now = live.current;
      if (e.ctrlKey || e.metaKey || e.altKey || now.busy || !now.rows.length) return;
      if (target.closest('input, select, textarea, button, a, [role="dialog"], [role="alertdialog"]')) return;
      if (e.key === 'j' || e.key === 'k') {
        e.preventDefault();
        setCursor((c) => Math.min(now.rows.length - 1, Math.max(0, c + (e.key === 'j' ? 1 : -1))));
      } else if (e.key === 'x') {
        e.preventDefault();
        const row = now.rows[now.cursor];
        if (row) now.toggle(row);
      } else if (e.key === 'Enter') {
        const row = now.rows[now.cursor];
        if (row) now.open(row.id);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  useEffect(() => {
    table.current?.querySelector('[data-cursor="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [cursor]);

  async function runBulk(to: BulkTo, action: string, place?: { lqdd: string; lqsj: string }) {
    if (working) return;
    const items = [...picked].map(([id, expectedVersion]) => ({ id, expectedVersion }));
    if (
      !place &&
      !(await confirmDialog({
        title: `批量${action}`,
        message: `确定将选中的 ${items.length} 件申请${action}吗？申请人将各自收到通知。`,
        confirmText: action,
      }))
    )
      return;
    setWorking(true);
    const r = await unwrap(client.POST('/api/admin/applications/bulk-transition', { body: { to, items, ...place } }));
    setWorking(false);
    if (!r.ok) {
      announce(r, '');
      return r;
    }
    setBulk(null);
    setResults({ action, data: r.data });
    setPicked(new Map());
    list.reload();
    counts.reload();
    return r;
  }

  const total = counts.data?.reduce((n, c) => n + c.count, 0);
  const todo = counts.data?.reduce((n, c) => n + (c.todo ?? 0), 0);

  return (
    <>
      <PageHead title="待办队列">
        <ExportButtons path="/api/admin/exports/applications" query={listQuery} title="申请列表" full={me?.role === 'admin'} />
      </PageHead>
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

      <div class="adm-tabs" role="group" aria-label="办理状态">
        <button type="button" aria-pressed={!status} onClick={() => show({ status: '' })}>
          待办{todo !== undefined && ` ${todo}`}
        </button>
        <button type="button" aria-pressed={status === ALL} onClick={() => show({ status: ALL })}>
          全部{total !== undefined && ` ${total}`}
        </button>
        {(counts.data ?? meta?.statuses.map((s) => ({ status: s.code, statusName: s.label, count: undefined })) ?? []).map((c) => (
          <button key={c.status} type="button" aria-pressed={status === String(c.status)} onClick={() => show({ status: c.status })}>
            {c.statusName}
            {c.count !== undefined && ` ${c.count}`}
          </button>
        ))}
      </div>

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
        {rows.length > 0 && (
          <label class="adm-check">
            <input
              type="checkbox"
              checked={allPicked}
              onChange={() => setPicked(allPicked ? new Map() : new Map(rows.map((r) => [r.id, r.version])))}
            />
            选中本页全部 {rows.length} 件
          </label>
        )}
        <span class="adm-muted adm-toolbar__keys">快捷键：j/k 上下，x 选中，Enter 打开</span>
      </div>

      {picked.size > 0 && (
        <div class="adm-bulk" role="region" aria-label="批量办理">
          <span>已选 {picked.size} 件</span>
          {BULK.map((b) => (
            <button
              key={b.to}
              type="button"
              class="weui-btn weui-btn_primary weui-btn_mini"
              disabled={working}
              onClick={() => (b.to === Status.awaitingPickup ? setBulk(b) : void runBulk(b.to, b.action))}
            >
              批量{b.action}
            </button>
          ))}
          <button type="button" class="adm-link" onClick={() => setPicked(new Map())}>
            清除选择
          </button>
        </div>
      )}

      <LoadError message={list.error} />
      {list.data && (
        <div ref={table}>
          <Table
            head={['选择', '申请编号', '业务', '申请人', '提交时间', '已等待', '认领人', '状态']}
            num={['已等待']}
            empty={!rows.length && (status ? '没有符合条件的申请' : '没有待办的申请，可查看「全部」')}
          >
            {rows.map((row, i) => (
              <tr key={row.id} data-cursor={i === cursor} class={i === cursor ? 'adm-row_cursor' : undefined} onClick={() => setCursor(i)}>
                <td>
                  <input type="checkbox" aria-label={`选择 ${row.sqbh}`} checked={picked.has(row.id)} onChange={() => toggle(row)} />
                </td>
                <td class="adm-nowrap">
                  <Link href={adminPaths.application.href({ id: row.id })}>{row.sqbh}</Link>
                </td>
                <td>
                  {row.kindName ?? row.kind}
                  <div class="adm-muted">{row.title}</div>
                </td>
                <td class="adm-nowrap">
                  {row.applicant.xm}
                  <div class="adm-muted">{row.applicant.xh ?? row.applicant.gzzh ?? row.applicant.rylbmc}</div>
                </td>
                <td class="adm-nowrap">{formatDateTime(row.createdAt)}</td>
                <td class={row.overdue ? 'adm-num adm-warn' : 'adm-num'}>
                  {row.waitingDays} 天{row.overdue && '（超时）'}
                </td>
                <td class="adm-nowrap">{row.assignee ? row.assignee.name : <span class="adm-muted">未认领</span>}</td>
                <td>
                  <StatusTag status={row.status} name={row.statusName} />
                </td>
              </tr>
            ))}
          </Table>
          <Pager
            page={page}
            total={list.total}
            pageSize={size}
            onPage={(p) => show({ page: p })}
            onPageSize={(n) => show({ size: n === PAGE_SIZE ? '' : n })}
          />
        </div>
      )}

      {bulk && (
        <Modal title={`批量${bulk.action}`} onClose={() => setBulk(null)}>
          <BulkPlaceForm count={picked.size} working={working} onSubmit={(place) => runBulk(bulk.to, bulk.action, place)} />
        </Modal>
      )}
      {results && (
        <Modal title={`批量${results.action}结果`} onClose={() => setResults(null)}>
          <p>
            办理成功 {results.data.succeeded} 件{results.data.skipped > 0 && `，跳过 ${results.data.skipped} 件`}。
          </p>
          <Table head={['申请编号', '结果', '当前状态']}>
            {results.data.results.map((r) => (
              <tr key={r.id}>
                <td class="adm-nowrap">{r.sqbh ?? `#${r.id}`}</td>
                <td>{r.ok ? <span class="adm-ok">成功</span> : <span class="adm-bad">跳过：{r.reason}</span>}</td>
                <td>{r.statusName}</td>
              </tr>
            ))}
          </Table>
        </Modal>
      )}
    </>
  );
}

/** The one place and time of a bulk 通知领取. */
function BulkPlaceForm({
  count,
  working,
  onSubmit,
}: {
  count: number;
  working: boolean;
  onSubmit: (place: { lqdd: string; lqsj: string }) => Promise<unknown>;
}) {
  const [lqdd, setLqdd] = useState('');
  const [lqsj, setLqsj] = useState('');
  const [error, setError] = useState('');
  // Starts with the office's address and hours, as one application's 通知领取 does; what staff typed meanwhile stays.
  useEffect(() => {
    let live = true;
    void unwrap(client.GET('/api/admin/applications/pickup-prefill', { loading: false, silent: true })).then((r) => {
      if (!live || !r.ok) return;
      setLqdd((typed) => typed || r.data.lqdd || '');
      setLqsj((typed) => typed || r.data.lqsj || '');
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <form
      class="adm-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!lqdd.trim() || !lqsj.trim()) return setError(!lqdd.trim() ? '请填写领取地点' : '请填写领取时间');
        setError('');
        void onSubmit({ lqdd: lqdd.trim(), lqsj: lqsj.trim() });
      }}
    >
      <p class="adm-muted">选中的 {count} 件申请使用同一领取地点与时间。</p>
      <label>
        领取地点
        <textarea class="adm-input" rows={2} value={lqdd} maxLength={100} onInput={(e) => setLqdd(e.currentTarget.value)} />
      </label>
      <label>
        领取时间
        <input
          class="adm-input"
          value={lqsj}
          maxLength={100}
          placeholder="如 工作日 9:00-11:30"
          onInput={(e) => setLqsj(e.currentTarget.value)}
        />
      </label>
      {error && (
        <p class="adm-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" class="weui-btn weui-btn_primary weui-btn_mini" disabled={working}>
        确认通知领取
      </button>
    </form>
  );
}
