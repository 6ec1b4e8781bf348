import './applications.css';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { client, toldByClient, unwrap, type Schemas } from '@/api/client';
import { readFile } from '@/api/files';
import { Button, LinkButton } from '@/components/ui/button';
import { Cell, Cells } from '@/components/ui/cells';
import { paths } from '@shared/pages/paths';
import { formatDate, formatDateTime } from '@/lib/format';
import { confirmDialog, showToast } from '@/state/ui';
import { summaryGroups } from '@/lib/answer-summary';
import { formRoute, statusOf } from './kinds';
import { StatusBadge } from './status-badge';
import { DocumentsSection } from './documents-section';
import { Status } from '@shared/contract/domain';

type Application = Schemas['Application'];

// Few applications are rated: the form loads only where the rating is offered.
const RatingForm = lazy(() => import('./rating-form'));
type Attachment = Schemas['Attachment'];

const actorName = (actor: Schemas['AppEvent']['actor']) =>
  actor.role === 'user' ? '申请人' : actor.role === 'staff' ? actor.name || '户籍办' : '系统';

/** Borrowing the card names 4 and 7 已借出 and 已归还. */
const statusLabel = (status: number, kind: string) =>
  kind === 'hkkjy' && status === Status.handling
    ? '已借出'
    : kind === 'hkkjy' && status === Status.done
      ? '已归还'
      : (statusOf(status)?.label ?? '');

async function openAttachment(file: Attachment) {
  const r = await readFile(file.fileId);
  if (!r.ok) return showToast(r.msg || '文件打开失败');
  const url = URL.createObjectURL(r.data);
  const a = document.createElement('a');
  a.href = url;
  a.target = '_blank';
  a.rel = 'noopener';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** 申请详情: status, handling details, answers, attachments, timeline, and what the status allows. */
export default function DetailsPage() {
  const id = Number(new URLSearchParams(useSearch()).get('id'));
  const [app, setApp] = useState<Application | null>(null);
  const [failed, setFailed] = useState('');
  const [busy, setBusy] = useState(false);

  async function load() {
    const r = await unwrap(client.GET('/api/wdsq/sqxq/getInfo', { params: { query: { id } } }));
    if (!r.ok) return setFailed(r.msg || '申请加载失败，请稍后重试');
    setApp(r.data);
  }

  useEffect(() => {
    setApp(null);
    setFailed('');
    if (id > 0) void load();
    else setFailed('申请不存在');
    // Loads again when the id changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  async function cancel() {
    const yes = await confirmDialog({
      title: '撤销申请',
      message: '确定撤销这份申请吗？撤销后不能恢复，如需办理须重新提交。',
      confirmText: '撤销',
      cancelText: '再想想',
    });
    if (!yes) return;
    setBusy(true);
    const r = await unwrap(client.POST('/api/wdsq/sqxq/endProcessing', { body: { id } }));
    setBusy(false);
    if (!r.ok) {
      if (!toldByClient(r)) showToast(r.msg);
      return;
    }
    showToast('已撤销');
    await load();
  }

  if (failed) return <p class="app-empty">{failed}</p>;
  if (!app) return null;

  const h = app.handling ?? {};
  const handling = [
    ['退回原因', app.status === Status.returned ? h.reason : null],
    ['未通过原因', app.status === Status.refused ? h.reason : null],
    ['领取地点', h.lqdd],
    ['领取时间', h.lqsj],
    ['快递公司', h.kdgs],
    ['快递单号', h.kddh],
    ['应还日期', formatDate(h.ghrq)],
  ].filter((row): row is [string, string] => Boolean(row[1]));
  const editKey = formRoute(app.kind, app.sub);
  const can = (action: Schemas['AppAction']) => app.actions.includes(action);

  return (
    <div class="app-page">
      <section class="apps-summary" aria-label="申请概况">
        <div class="apps-item__head">
          <h2 class="apps-summary__kind">{app.kindName ?? app.kind}</h2>
          <StatusBadge status={app.status} name={app.statusName} />
        </div>
        <p class="apps-item__meta">申请编号 {app.sqbh}</p>
        <p class="apps-item__meta">提交于 {formatDateTime(app.createdAt)}</p>
      </section>

      {app.conflicts?.length ? (
        // Family moves that contradict each other (issue 25), while the application is open.
        <div class="apps-conflicts" role="note" aria-label="请注意">
          {app.conflicts.map((c) => (
            <p key={c}>{c}</p>
          ))}
        </div>
      ) : null}

      {handling.length > 0 && (
        <Cells title="办理信息">
          {handling.map(([label, value]) => (
            <Cell key={label} label={label} value={value} />
          ))}
          {h.trackUrl && (
            // The courier's own page: it opens outside the app (in WeChat, its built-in browser).
            <a class="weui-cell weui-cell_active weui-cell_access" href={h.trackUrl} target="_blank" rel="noopener noreferrer">
              <div class="weui-cell__bd">查看物流</div>
              <div class="weui-cell__ft">{h.kdgs}官网</div>
            </a>
          )}
        </Cells>
      )}

      {summaryGroups(app.summary).map((g, i) => (
        <Cells key={i} title={g.title ?? '申请内容'}>
          {g.items.map((r, j) => (
            <Cell key={j} label={r.label} value={r.value} />
          ))}
        </Cells>
      ))}

      {app.attachments.length > 0 && (
        <Cells title="附件">
          {app.attachments.map((f) => (
            <Cell key={f.fileId} label={f.clmc || f.name} value={f.clmc ? f.name : undefined} onClick={() => void openAttachment(f)} />
          ))}
        </Cells>
      )}

      {app.status === Status.done && ['hjzmkj', 'qianru', 'yingxin'].includes(app.kind) && <DocumentsSection id={app.id} />}

      <section class="weui-cells__group">
        <h2 class="weui-cells__title">办理进度</h2>
        <ol class="apps-timeline">
          {[...app.events].reverse().map((e, i) => (
            <li key={i} class={i === 0 ? 'apps-timeline__item apps-timeline__item_now' : 'apps-timeline__item'}>
              <p class="apps-timeline__title">
                {statusLabel(e.to, app.kind)}
                <span class="apps-timeline__who">{actorName(e.actor)}</span>
              </p>
              <p class="apps-item__meta">{formatDateTime(e.at)}</p>
              {e.note && <p class="apps-timeline__note">{e.note}</p>}
            </li>
          ))}
        </ol>
      </section>

      {app.rating ? (
        <Cells title="我的评价">
          <Cell label="评价" value={app.rating.label} />
          {app.rating.comment && <Cell label="评价内容" value={app.rating.comment} />}
          <Cell label="评价时间" value={formatDateTime(app.rating.createdAt)} />
        </Cells>
      ) : (
        can('rate') && (
          <Suspense fallback={null}>
            <RatingForm id={app.id} onRated={(rating) => setApp({ ...app, rating, actions: app.actions.filter((a) => a !== 'rate') })} />
          </Suspense>
        )
      )}

      <div class="app-actions">
        {can('edit') && editKey && <LinkButton href={paths[editKey].href({ edit: 1, id: app.id })}>修改</LinkButton>}
        {can('continue') && <LinkButton href={paths.mCr.href({ id: app.id })}>继续提交</LinkButton>}
        {can('voucher') && <LinkButton href={paths.moveInVoucher.href({ id: app.id })}>查看迁入凭证</LinkButton>}
        {can('cancel') && (
          <Button variant="warn" loading={busy} onClick={() => void cancel()}>
            撤销申请
          </Button>
        )}
      </div>
    </div>
  );
}
