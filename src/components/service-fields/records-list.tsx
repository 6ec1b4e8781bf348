import { useEffect, useState } from 'react';
import type { ApiResult, Schemas } from '@/api/client';
import { AppLink } from '@/components/ui/app-link';
import { Cell, Cells } from '@/components/ui/cells';
import { paths } from '@shared/pages/paths';
import { formatDateTime } from '@/lib/format';

type Item = Schemas['ApplicationListItem'];

/** Records shown at most (the rest are in 我的申请). */
const RECORDS_SHOWN = 3;

export interface RecordsListProps {
  title: string;
  /** The kind, for 查看全部 in 我的申请 (all kinds when absent). */
  kind?: Schemas['ServiceCode'];
  /** The user's applications of this service, newest first. */
  load: () => Promise<ApiResult<Item[]>>;
}

/** The user's latest applications of a service, with their status; nothing when there are none. */
export default function RecordsList({ title, kind, load }: RecordsListProps) {
  const [rows, setRows] = useState<Item[]>([]);

  useEffect(() => {
    void load().then((r) => r.ok && setRows(r.data));
    // Loaded once per visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!rows.length) return null;
  return (
    <Cells
      title={title}
      tips={rows.length > RECORDS_SHOWN && <AppLink href={paths.applyList.href({ kind })}>在“我的申请”中查看全部</AppLink>}
    >
      {rows.slice(0, RECORDS_SHOWN).map((r) => (
        <Cell
          key={r.id}
          href={paths.details.href({ id: r.id })}
          label={
            <>
              {r.title}
              <span class="app-muted" style={{ display: 'block' }}>
                {formatDateTime(r.createdAt)}
              </span>
            </>
          }
          value={r.statusName}
        />
      ))}
    </Cells>
  );
}
