import { useState } from 'react';
import { Link } from 'wouter';
import { useStore } from '@nanostores/react';
import type { Schemas } from '@/api/client';
import { Button, SubmitButton } from '@/components/ui/button';
import { Form, useForm } from '@/components/ui/form';
import { TextArea } from '@/components/service-fields/text-area';
import { adminPaths } from '@/console/paths';
import { formatDateTime } from '@/lib/format';
import { $adminMeta, serviceOptions } from '@/console/staff';
import { ExportButtons } from '../export-buttons';
import { LoadError, Modal, PageHead, Pager, PAGE_SIZE, Table } from '../kit';
import { announce, schema, useRemote, useUrlFilters } from '../data';
import { followUpRating, loadRatings, loadRatingSummary } from './api';

type Rating = Schemas['AdminRating'];

function FollowUpForm({ rating, onDone }: { rating: Rating; onDone: () => void }) {
  const form = useForm({ note: rating.followUp?.note ?? '' });
  const submit = () =>
    form.submit(schema('followUpSchema'), async (input) => {
      const r = await followUpRating(rating.id, input);
      if (announce(r, '回访已记录')) onDone();
      return r;
    });
  return (
    <Form id="follow-up" onSubmit={() => void submit()} errors={form.errors} focusKey={form.focusKey} label="记录回访">
      <p>
        {rating.applicant.xm} 对 {rating.kindName}（{rating.sqbh}）的评价：<b>{rating.label}</b>
      </p>
      {rating.comment && <p class="adm-pre adm-muted">{rating.comment}</p>}
      <div class="weui-cells weui-cells_form">
        <TextArea
          label="回访说明"
          name="note"
          value={form.values.note}
          onValue={form.set('note')}
          error={form.errors.note}
          maxLength={1000}
          rows={5}
          required
        />
      </div>
      <SubmitButton pending={form.pending}>保存</SubmitButton>
    </Form>
  );
}

const scopes = [
  { key: '', label: '全部评价' },
  { key: 'flagged', label: '需回访' },
  { key: 'pending', label: '待回访' },
] as const;

/** 评价: the ratings per service, the list (flagged ones for follow-up), recording a follow-up. */
export default function RatingsPage() {
  const meta = useStore($adminMeta);
  const { q, search, page, set: show } = useUrlFilters(adminPaths.ratings);
  const scope = q.get('pending') === '1' ? 'pending' : q.get('flagged') === '1' ? 'flagged' : '';
  const kind = q.get('kind') ?? '';
  const score = q.get('score') ?? '';
  const [following, setFollowing] = useState<Rating | null>(null);
  const summary = useRemote(loadRatingSummary, []);
  const list = useRemote(
    () =>
      loadRatings({
        ...(scope ? { [scope]: '1' as const } : {}),
        ...(kind ? { kind: kind as Schemas['ServiceCode'] } : {}),
        ...(score ? { score: Number(score) as Schemas['RatingScore'] } : {}),
        pageNum: page,
        pageSize: PAGE_SIZE,
      }),
    [search],
  );

  return (
    <>
      <PageHead title="评价">
        <ExportButtons
          path="/api/admin/exports/ratings"
          query={{ ...(scope ? { [scope]: '1' } : {}), ...(kind ? { kind } : {}), ...(score ? { score: Number(score) } : {}) }}
          title="评价"
        />
      </PageHead>
      <section class="adm-card">
        <h3 class="adm-card__title">各业务评价</h3>
        <LoadError message={summary.error} />
        {summary.data && summary.data.length > 0 ? (
          <div class="adm-scroll">
            <table class="adm-table">
              <thead>
                <tr>
                  <th>业务</th>
                  <th class="adm-num">评价数</th>
                  <th class="adm-num">平均分</th>
                  {summary.data[0].scores.map((s) => (
                    <th key={s.score} class="adm-num">
                      {s.label}
                    </th>
                  ))}
                  <th class="adm-num">需回访</th>
                  <th class="adm-num">待回访</th>
                </tr>
              </thead>
              <tbody>
                {summary.data.map((row) => (
                  <tr key={row.kind}>
                    <td>{row.kindName}</td>
                    <td class="adm-num">{row.count}</td>
                    <td class="adm-num">{row.average?.toFixed(2) ?? '—'}</td>
                    {row.scores.map((s) => (
                      <td key={s.score} class="adm-num">
                        {s.count}
                      </td>
                    ))}
                    <td class="adm-num">{row.flagged}</td>
                    <td class={row.pendingFollowUp ? 'adm-num adm-warn' : 'adm-num'}>{row.pendingFollowUp}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          summary.data && <p class="adm-empty">暂无评价</p>
        )}
      </section>

      <div class="adm-filters">
        <div class="adm-tabs" role="group" aria-label="范围">
          {scopes.map((s) => (
            <button
              key={s.key}
              type="button"
              aria-pressed={scope === s.key}
              onClick={() => show({ flagged: s.key === 'flagged' ? 1 : '', pending: s.key === 'pending' ? 1 : '' })}
            >
              {s.label}
            </button>
          ))}
        </div>
        <label>
          业务
          <select class="adm-input" value={kind} onChange={(e) => show({ kind: e.currentTarget.value })}>
            <option value="">全部业务</option>
            {serviceOptions(meta).map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          评价
          <select class="adm-input" value={score} onChange={(e) => show({ score: e.currentTarget.value })}>
            <option value="">全部</option>
            {meta?.ratings.map((r) => (
              <option key={r.score} value={r.score}>
                {r.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <LoadError message={list.error} />
      {list.data && (
        <>
          <Table head={['评价时间', '申请', '评价人', '评价', '回访']} empty={!list.data.length && '没有评价'}>
            {list.data.map((r) => (
              <tr key={r.id}>
                <td class="adm-nowrap">{formatDateTime(r.createdAt)}</td>
                <td class="adm-nowrap">
                  {r.kindName}
                  <div>
                    <Link href={adminPaths.application.href({ id: r.applicationId })}>{r.sqbh}</Link>
                  </div>
                </td>
                <td class="adm-nowrap">{r.applicant.xm}</td>
                <td>
                  <span class={r.flagged ? 'adm-warn' : undefined}>{r.label}</span>
                  {r.comment && <div class="adm-pre adm-muted">{r.comment}</div>}
                </td>
                <td>
                  {r.followUp && (
                    <div class="adm-pre">
                      {r.followUp.note}
                      <div class="adm-muted">
                        {r.followUp.by} · {formatDateTime(r.followUp.at)}
                      </div>
                    </div>
                  )}
                  {r.flagged && (
                    <Button size="mini" variant={r.followUp ? 'default' : 'primary'} onClick={() => setFollowing(r)}>
                      {r.followUp ? '修改回访' : '记录回访'}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </Table>
          <Pager page={page} total={list.total} onPage={(p) => show({ page: p })} />
        </>
      )}
      {following && (
        <Modal title="记录回访" onClose={() => setFollowing(null)}>
          <FollowUpForm
            rating={following}
            onDone={() => {
              setFollowing(null);
              list.reload();
              summary.reload();
            }}
          />
        </Modal>
      )}
    </>
  );
}
