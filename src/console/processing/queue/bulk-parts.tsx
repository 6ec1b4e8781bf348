import { useEffect, useState } from 'react';
import { Status } from '@shared/contract/domain';
import { Modal, Table } from '../../kit';
import { loadPickupPrefill, type BulkResults, type BulkTo, type Place } from './api';
import { BULK } from './use-bulk';

/** The bar of 批量办理 while rows are picked. */
export function BulkBar({
  count,
  working,
  act,
  ask,
  clear,
}: {
  count: number;
  working: boolean;
  /** 受理 and 办结 at once (after a confirmation). */
  act: (to: BulkTo, action: string) => void;
  /** 通知领取 asks for its place and time first. */
  ask: (b: { to: BulkTo; action: string }) => void;
  clear: () => void;
}) {
  return (
    <div class="adm-bulk" role="region" aria-label="批量办理">
      <span>已选 {count} 件</span>
      {BULK.map((b) => (
        <button
          key={b.to}
          type="button"
          class="weui-btn weui-btn_primary weui-btn_mini"
          disabled={working}
          onClick={() => (b.to === Status.awaitingPickup ? ask(b) : act(b.to, b.action))}
        >
          批量{b.action}
        </button>
      ))}
      <button type="button" class="adm-link" onClick={clear}>
        清除选择
      </button>
    </div>
  );
}

/** What became of each application of a bulk action. */
export function BulkResultsModal({ results, onClose }: { results: { action: string; data: BulkResults }; onClose: () => void }) {
  return (
    <Modal title={`批量${results.action}结果`} onClose={onClose}>
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
  );
}

/** The one place and time of a bulk 通知领取. */
export function BulkPlaceForm({
  count,
  working,
  onSubmit,
}: {
  count: number;
  working: boolean;
  onSubmit: (place: Place) => Promise<unknown>;
}) {
  const [lqdd, setLqdd] = useState('');
  const [lqsj, setLqsj] = useState('');
  const [error, setError] = useState('');
  // Starts with the office's address and hours, as one application's 通知领取 does; what staff typed meanwhile stays.
  useEffect(() => {
    let live = true;
    void loadPickupPrefill().then((r) => {
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
