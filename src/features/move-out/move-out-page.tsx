import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { Cell, Cells } from '@/components/ui/cells';
import { RefusalPage } from '@/components/ui/refusal-page';
import { moveOutSubRoutes, paths, type RouteKey } from '@shared/pages/paths';
import { $sectors, loadSectors, type Sector } from '@/stores/sectors';
import { showToast } from '@/state/ui';

/** Spec §6: moving out needs the household registration at school. */
export const NOT_AT_SCHOOL = '您不在校，无法迁出';
const MOVE_OUT = '7';

/** The sub-services outside the 0–7 index, by their code in moreSubSectors. */
const MORE: Record<string, RouteKey> = { reassignment: 'moveOutReassignment', 'move-out': 'moveOutMoveOut' };
/** The services of the 户口迁移证 of a finished move-out (for people whose registration has left). */
const CERTIFICATE: RouteKey[] = ['moveOutPostpone', 'moveOutChange', 'moveOutMcCard', 'moveOutReassignment'];

export interface MoveOutEntry {
  key: RouteKey;
  label: string;
  /** Why it cannot be started (the server's words): shown greyed out with it, and said again when tapped. */
  reason?: string;
}

type Sub = NonNullable<Sector['subSectors']>[number];

const entryOf = (key: RouteKey, s: Sub): MoveOutEntry => ({
  key,
  label: s.sectorName || paths[key].title,
  ...(s.disabled ? { reason: s.disabledReason || '暂不可办理' } : {}),
});

/**
 * The sub-services of sector 7 as the server offers them: 0–7 in index order (spec §3), then 毕业生改派 and
 * 其他原因迁出 (moreSubSectors); the disabled ones kept with their reason.
 */
export function moveOutEntries(sector: Sector | undefined): MoveOutEntry[] {
  const subs = [...(sector?.subSectors ?? [])]
    .filter((s) => moveOutSubRoutes[Number(s.sectorCode)])
    .sort((a, b) => Number(a.sectorCode) - Number(b.sectorCode))
    .map((s) => entryOf(moveOutSubRoutes[Number(s.sectorCode)], s));
  const more = (sector?.moreSubSectors ?? []).filter((s) => MORE[s.sectorCode]).map((s) => entryOf(MORE[s.sectorCode], s));
  return [...subs, ...more];
}

/** The entries in two groups, the one with something to do first (a person who moved out sees the 迁移证 services first). */
export function moveOutGroups(entries: MoveOutEntry[]): { title: string; entries: MoveOutEntry[] }[] {
  const certificate = { title: '迁移证业务（户口已迁出人员）', entries: entries.filter((e) => CERTIFICATE.includes(e.key)) };
  const leaving = { title: '户口迁出（户口在校人员）', entries: entries.filter((e) => !CERTIFICATE.includes(e.key)) };
  const open = (g: typeof leaving) => g.entries.some((e) => !e.reason);
  const groups = open(certificate) && !open(leaving) ? [certificate, leaving] : [leaving, certificate];
  return groups.filter((g) => g.entries.length > 0);
}

function Entry({ entry }: { entry: MoveOutEntry }) {
  if (!entry.reason) return <Cell href={paths[entry.key].href()} label={entry.label} />;
  const reason = entry.reason;
  return (
    <button type="button" class="weui-cell app-cell__button" aria-disabled="true" onClick={() => showToast(reason)}>
      <div class="weui-cell__bd">
        <span style={{ color: 'var(--weui-FG-1)' }}>{entry.label}</span>
        <span class="app-muted" style={{ display: 'block' }}>
          {reason}
        </span>
      </div>
    </button>
  );
}

/** 户口迁出: the sub-services the server offers the user; each link passes the move-out guard. */
export default function MoveOutPage() {
  const sectors = useStore($sectors);

  useEffect(() => {
    if (!$sectors.get().loaded) void loadSectors();
  }, []);

  if (!sectors.loaded) return null;
  const sector = sectors.openSectors.find((s) => s.sectorCode === MOVE_OUT);
  const entries = moveOutEntries(sector);
  if (!sector || !entries.length)
    return <RefusalPage title="您的人员类别暂无可办理的迁出业务" description="如有疑问，请联系户籍办公室。" />;
  if (sector.disabled) {
    const reason = sector.disabledReason || NOT_AT_SCHOOL;
    const description =
      reason === NOT_AT_SCHOOL
        ? '户口迁出仅限户口在学校集体户的人员办理；户口已迁出的，可在迁移证有效期内办理迁移证延期、地址变更、补办与毕业生改派。如有疑问，请联系户籍办公室。'
        : '如有疑问，请联系户籍办公室。';
    return <RefusalPage title={reason} description={description} />;
  }
  return (
    <div class="app-page">
      {moveOutGroups(entries).map((g) => (
        <Cells key={g.title} title={g.title}>
          {g.entries.map((e) => (
            <Entry key={e.key} entry={e} />
          ))}
        </Cells>
      ))}
    </div>
  );
}
