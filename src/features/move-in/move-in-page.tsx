import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { Cell, Cells } from '@/components/ui/cells';
import { paths, type RouteKey } from '@shared/pages/paths';
import { formatDate, formatDateTime } from '@/lib/format';
import { $sectors, loadSectors, newStudentWindowOpen, type SectorsState } from '@/stores/sectors';
import { loadHistory, type HistoryItem } from './history';

export interface MoveInKind {
  key: RouteKey;
  note: string;
  /** Why it cannot be started now (shown instead of a link). */
  reason?: string;
}

/** The kinds of moving in the user's sectors allow (spec §3: 4 博士后, 5 新生 in its window, 6 教职工 and 家属). */
export function moveInKinds(state: Pick<SectorsState, 'openSectors' | 'yxStartTime' | 'yxEndTime'>, now = Date.now()): MoveInKind[] {
  const kinds: MoveInKind[] = [];
  for (const s of state.openSectors) {
    const off = s.disabled ? s.disabledReason || '暂不可办理' : undefined;
    if (s.sectorCode === '4') kinds.push({ key: 'moveInDr', note: '博士后进站后将户口迁入学校博士后集体户', reason: off });
    if (s.sectorCode === '5') {
      const open = newStudentWindowOpen(state, now);
      kinds.push({
        key: 'moveInNew',
        note: open ? `办理截止日期 ${formatDate(state.yxEndTime)}` : '新生入学时将户口迁入学校学生集体户',
        reason: off ?? (open ? undefined : '新生迁入暂未开放'),
      });
    }
    if (s.sectorCode === '6') {
      kinds.push({ key: 'moveInStaff', note: '新入职教职工将户口迁入学校教职工集体户', reason: off });
      kinds.push({ key: 'moveInStaffM', note: '以教职工本人为户主，为配偶、子女等家属办理随迁', reason: off });
    }
  }
  return kinds;
}

const label = (title: string, note: string) => (
  <>
    {title}
    <span class="app-muted" style={{ display: 'block' }}>
      {note}
    </span>
  </>
);

/** 迁入 (/move-in) and 迁入办理记录 (/m-index): the kinds open to the user, and their move-in records. */
export default function MoveInPage() {
  const sectors = useStore($sectors);
  const [history, setHistory] = useState<HistoryItem[] | null>(null);

  useEffect(() => {
    if (!$sectors.get().loaded) void loadSectors();
    void loadHistory().then((r) => setHistory(r.ok ? r.data : []));
  }, []);

  const kinds = moveInKinds(sectors);
  return (
    <div class="app-page">
      {kinds.length > 0 && (
        <Cells title="请选择迁入业务">
          {kinds.map((k) =>
            k.reason ? (
              <div key={k.key} class="weui-cell" aria-disabled="true" style={{ opacity: 0.6 }}>
                <div class="weui-cell__bd">{label(paths[k.key].title, k.reason)}</div>
              </div>
            ) : (
              <Cell key={k.key} href={paths[k.key].href()} label={label(paths[k.key].title, k.note)} />
            ),
          )}
        </Cells>
      )}
      {sectors.loaded && !kinds.length && <p class="app-empty">您的人员类别暂无可办理的迁入业务</p>}
      {history && (
        <Cells title="迁入办理记录">
          {history.length ? (
            history.map((a) => (
              <div key={a.id}>
                <Cell href={paths.details.href({ id: a.id })} label={label(a.title, formatDateTime(a.createdAt))} value={a.statusName} />
                {a.actions.includes('continue') && (
                  <Cell href={paths.mCr.href({ id: a.id })} label={<span class="app-muted">继续提交：确认信息并填写迁移证</span>} />
                )}
                {a.actions.includes('voucher') && (
                  <Cell href={paths.moveInVoucher.href({ id: a.id })} label={<span class="app-muted">下载迁入凭证</span>} />
                )}
              </div>
            ))
          ) : (
            <p class="app-empty">暂无迁入办理记录</p>
          )}
        </Cells>
      )}
    </div>
  );
}
