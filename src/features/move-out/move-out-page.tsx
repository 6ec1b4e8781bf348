import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { Cell, Cells } from '@/components/ui/cells';
import { ResultPage } from '@/components/ui/result-page';
import { moveOutSubRoutes, paths, type RouteKey } from '@/config/paths';
import { $sectors, loadSectors, type Sector } from '@/stores/sectors';
import { $session } from '@/stores/session';

/** Spec §6: moving out needs the household registration at school. */
export const NOT_AT_SCHOOL = '您不在校，无法迁出';
const MOVE_OUT = '7';

export interface MoveOutEntry {
  key: RouteKey;
  label: string;
  /** Why it is disabled (shown greyed out, not a link). */
  reason?: string;
}

/** The sub-services of sector 7 in index order (spec §3: 0 graduate … 7 c-issued), disabled ones kept. */
export function moveOutEntries(sector: Sector | undefined): MoveOutEntry[] {
  return [...(sector?.subSectors ?? [])]
    .filter((s) => moveOutSubRoutes[Number(s.sectorCode)])
    .sort((a, b) => Number(a.sectorCode) - Number(b.sectorCode))
    .map((s) => {
      const key = moveOutSubRoutes[Number(s.sectorCode)];
      return { key, label: s.sectorName || paths[key].title, ...(s.disabled ? { reason: s.disabledReason || '暂不可办理' } : {}) };
    });
}

function Entry({ entry }: { entry: MoveOutEntry }) {
  if (!entry.reason) return <Cell href={paths[entry.key].href()} label={entry.label} />;
  return (
    <div class="weui-cell" aria-disabled="true" style={{ opacity: 0.6 }}>
      <div class="weui-cell__bd">
        {entry.label}
        <span class="app-muted" style={{ display: 'block' }}>
          {entry.reason}
        </span>
      </div>
    </div>
  );
}

/** 户口迁出: the sub-services open to the user; each link passes the move-out guard. */
export default function MoveOutPage() {
  const sectors = useStore($sectors);
  const { userInfo } = useStore($session);

  useEffect(() => {
    if (!$sectors.get().loaded) void loadSectors();
  }, []);

  const sector = sectors.openSectors.find((s) => s.sectorCode === MOVE_OUT);
  const entries = moveOutEntries(sector);
  if (userInfo?.hkIn === false || sector?.disabledReason === NOT_AT_SCHOOL) {
    // Moving out is refused; what the server still offers (the 迁移证 services, once moved out) stays reachable.
    const open = entries.filter((e) => !e.reason);
    return (
      <ResultPage type="warn" title={NOT_AT_SCHOOL} description="迁出业务仅限户口在学校集体户的人员办理。如有疑问，请联系户籍办公室。">
        {open.length > 0 && (
          <Cells title="您仍可办理">
            {open.map((e) => (
              <Entry key={e.key} entry={e} />
            ))}
          </Cells>
        )}
      </ResultPage>
    );
  }
  if (!sectors.loaded) return null;
  if (!sector || !entries.length) return <p class="app-empty">您的人员类别暂无可办理的迁出业务</p>;
  // 毕业生改派 follows 毕业生迁出; 其他原因迁出 is open to anyone at school (the guard has the last word).
  const graduate = entries.find((e) => e.key === 'moveOutGraduate');
  const more: MoveOutEntry[] = [
    ...(graduate ? [{ ...graduate, key: 'moveOutReassignment' as const, label: paths.moveOutReassignment.title }] : []),
    { key: 'moveOutMoveOut', label: '其他原因迁出' },
  ];
  return (
    <div class="app-page">
      <Cells title="请选择要办理的迁出业务">
        {entries.map((e) => (
          <Entry key={e.key} entry={e} />
        ))}
      </Cells>
      <Cells title="其他迁出业务">
        {more.map((e) => (
          <Entry key={e.key} entry={e} />
        ))}
      </Cells>
    </div>
  );
}
