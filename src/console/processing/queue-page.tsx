import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useStore } from '@nanostores/react';
import type { Schemas } from '@/api/client';
import { adminPaths } from '@/console/paths';
import { $adminMeta, $staff } from '@/console/staff';
import { ExportButtons } from '../export-buttons';
import { rememberQueue } from './queue-context';
import { LoadError, Modal, PageHead, Pager, PAGE_SIZE } from '../kit';
import { useRemote } from '../data';
import { loadCounts, loadQueue } from './queue/api';
import { BulkBar, BulkPlaceForm, BulkResultsModal } from './queue/bulk-parts';
import { QueueFilters } from './queue/queue-filters';
import { QueueTable } from './queue/queue-table';
import { QueueToolbar, StatusTabs } from './queue/queue-tabs';
import { useBulk } from './queue/use-bulk';
import { useQueueKeys } from './queue/use-queue-keys';
import { useQueueQuery } from './queue/use-queue-query';

type Row = Schemas['AdminApplicationRow'];

/**
 * 待办队列: by service or sub-service, status (tabs with counts), date, text and who has it; sorted, 20/50/100 a
 * page. Rows are picked for 批量办理 (受理, 通知领取, 办结: each application on its own, the result of each shown).
 * Keys: j/k move, x picks, Enter opens. It opens on 待办; the choice lives in the URL (queue/use-queue-query.ts).
 */
export default function QueuePage() {
  const meta = useStore($adminMeta);
  const me = useStore($staff);
  const [, go] = useLocation();
  const { search, page, show, applied, status, sort, whose, size, listQuery, countQuery } = useQueueQuery();
  const [cursor, setCursor] = useState(0);
  const table = useRef<HTMLDivElement>(null);

  const list = useRemote(() => loadQueue(listQuery, page, size), [search]);
  const counts = useRemote(() => loadCounts(countQuery), [applied.service, applied.keyword, applied.from, applied.to]);
  const rows = list.data ?? [];
  const bulk = useBulk<Row>(() => {
    list.reload();
    counts.reload();
  });

  // What 处理下一件 on an application's page continues with.
  useEffect(() => rememberQueue(listQuery), [search]); // eslint-disable-line react-hooks/exhaustive-deps
  // Another page or filter: nothing picked, the cursor at the top.
  useEffect(() => {
    bulk.clear();
    setCursor(0);
  }, [search]); // eslint-disable-line react-hooks/exhaustive-deps

  const allPicked = rows.length > 0 && rows.every((r) => bulk.picked.has(r.id));
  useQueueKeys({
    rows,
    cursor,
    setCursor,
    busy: !!bulk.asking || !!bulk.results,
    toggle: bulk.toggle,
    open: (id) => go(adminPaths.application.href({ id })),
    table,
  });

  return (
    <>
      <PageHead title="待办队列">
        <ExportButtons path="/api/admin/exports/applications" query={listQuery} title="申请列表" full={me?.role === 'admin'} />
      </PageHead>
      <QueueFilters meta={meta} applied={applied} show={show} />
      <StatusTabs status={status} counts={counts.data} meta={meta} show={show} />
      <QueueToolbar
        whose={whose}
        sort={sort}
        rowCount={rows.length}
        allPicked={allPicked}
        pickAll={() => bulk.pickAll(rows, !allPicked)}
        show={show}
      />
      {bulk.picked.size > 0 && (
        <BulkBar
          count={bulk.picked.size}
          working={bulk.working}
          act={(to, action) => void bulk.run(to, action)}
          ask={bulk.setAsking}
          clear={bulk.clear}
        />
      )}

      <LoadError message={list.error} />
      {list.data && (
        <QueueTable
          rows={rows}
          empty={!rows.length && (status ? '没有符合条件的申请' : '没有待办的申请，可查看「全部」')}
          cursor={cursor}
          setCursor={setCursor}
          picked={bulk.picked}
          toggle={bulk.toggle}
          table={table}
        >
          <Pager
            page={page}
            total={list.total}
            pageSize={size}
            onPage={(p) => show({ page: p })}
            onPageSize={(n) => show({ size: n === PAGE_SIZE ? '' : n })}
          />
        </QueueTable>
      )}

      {bulk.asking && (
        <Modal title={`批量${bulk.asking.action}`} onClose={() => bulk.setAsking(null)}>
          <BulkPlaceForm
            count={bulk.picked.size}
            working={bulk.working}
            onSubmit={(place) => bulk.run(bulk.asking!.to, bulk.asking!.action, place)}
          />
        </Modal>
      )}
      {bulk.results && <BulkResultsModal results={bulk.results} onClose={bulk.closeResults} />}
    </>
  );
}
