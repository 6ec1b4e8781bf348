import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useStore } from '@nanostores/react';
import { client, unwrap, type Schemas } from '@/api/client';
import { adminPaths } from '@/config/admin-paths';
import { summaryGroups } from '@/lib/answer-summary';
import { formatDate, formatDateTime } from '@/lib/format';
import { $adminMeta, $staff, statusLabel } from '@/stores/staff';
import { confirmDialog, showToast } from '@/state/ui';
import { nextInQueue } from './queue-context';
import { Attachments } from './attachments';
import { DocumentsCard } from './documents-card';
import { IdNumber } from './id-number';
import { transition } from './transition';
import { announce, LoadError, Modal, PageHead, StatusTag, useRemote } from '../ui';
import { Status } from '@shared/contract/domain';

// Only actions with inputs need the form blocks: they load when such an action is chosen.
const TransitionForm = lazy(() => import('./transition-form'));

type AdminApplication = Schemas['AdminApplication'];
type Transition = Schemas['TransitionOption'];

/**
 * What staff should check before 办结, though the rules let it through (issue 25): family moves that contradict this
 * one (the server's conflicts: family left behind by a staff move-out, a family move-in into the household of a staff
 * member moving out), and a 户籍证明 for someone whose household is no longer (or was never) registered at the school,
 * which certifies no current registration here.
 */
export function finishWarning(app: Pick<AdminApplication, 'kind' | 'status' | 'applicant' | 'conflicts'>): string | null {
  const warnings = [...(app.conflicts ?? [])];
  if (app.kind === 'hjzmkj' && app.status < 7 && !app.applicant.hkIn)
    warnings.push('申请人的户口已不在本校（已迁出或未在本校登记），户籍证明只能如实证明其在校期间的登记情况，办结前请核实。');
  return warnings.length ? warnings.join('') : null;
}

/** Who has the application (认领, 分派): claim it; a 管理员 gives it to someone or takes it back. */
function Assignment({
  app,
  mine,
  admin,
  onClaim,
  onAssign,
}: {
  app: AdminApplication;
  mine: boolean;
  admin: boolean;
  onClaim: () => Promise<void>;
  onAssign: (staffId: number | null) => Promise<void>;
}) {
  return (
    <div class="adm-row adm-assign">
      <span>
        认领人：{app.assignee ? `${app.assignee.name}（${formatDateTime(app.assignee.at)} 起）` : <span class="adm-muted">未认领</span>}
      </span>
      {!mine && (
        <button type="button" class="adm-link" onClick={() => void onClaim()}>
          认领
        </button>
      )}
      {admin && <AssignPicker current={app.assignee?.id ?? null} onAssign={onAssign} />}
    </div>
  );
}

/** 分派 (管理员): the enabled staff accounts to give it to, and 收回. */
function AssignPicker({ current, onAssign }: { current: number | null; onAssign: (staffId: number | null) => Promise<void> }) {
  const [pick, setPick] = useState('');
  const staff = useRemote(() => unwrap(client.GET('/api/admin/staff', { loading: false })), []);
  return (
    <>
      <select class="adm-input adm-input_small" aria-label="分派给" value={pick} onChange={(e) => setPick(e.currentTarget.value)}>
        <option value="">分派给…</option>
        {staff.data
          ?.filter((s) => s.enabled && s.id !== current)
          .map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}（{s.username}）
            </option>
          ))}
      </select>
      <button type="button" class="adm-link" disabled={!pick} onClick={() => void onAssign(Number(pick)).then(() => setPick(''))}>
        分派
      </button>
      {current !== null && (
        <button type="button" class="adm-link" onClick={() => void onAssign(null)}>
          收回
        </button>
      )}
    </>
  );
}

/** Rows of a description list, without the empty ones. */
function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl>{rows.filter((r) => r[1]).map(([label, value]) => [<dt key={`${label}-t`}>{label}</dt>, <dd key={`${label}-d`}>{value}</dd>])}</dl>
  );
}

/**
 * 申请详情 (staff): answers, attachments, applicant, household record, timeline; one button per action the rules
 * will take, and why 办结 cannot be done yet where they would refuse it. ID numbers masked, 显示 reveals one.
 */
export default function ApplicationPage({ id }: { id?: string }) {
  const appId = Number(id);
  const [app, setApp] = useState<AdminApplication | null>(null);
  const [error, setError] = useState('');
  const [acting, setActing] = useState<Transition | null>(null);
  const [acted, setActed] = useState(false);
  const meta = useStore($adminMeta);
  const me = useStore($staff);
  const [, go] = useLocation();

  async function load() {
    const r = await unwrap(client.GET('/api/admin/applications/{id}', { params: { path: { id: appId } } }));
    if (!r.ok) return setError(r.msg || '申请加载失败，请稍后重试');
    setError('');
    setApp(r.data);
  }

  useEffect(() => {
    setApp(null);
    setActed(false);
    if (appId > 0) void load();
    else setError('申请不存在');
    // Loads again for another application.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [appId]);

  /** Runs a transition with what the staff member saw (version, status); someone else's action means a reload. */
  async function act(t: Transition, input: Record<string, string> = {}) {
    if (!app) return undefined;
    const filled = Object.fromEntries(Object.entries(input).filter(([, v]) => v));
    const body = { to: t.to, expectedVersion: app.version, expectedStatus: app.status, ...filled };
    const r = await transition(app.id, body, `已${t.action}`, load);
    if (r.ok || r.code === 409) setActing(null);
    if (r.ok) setActed(true);
    return r;
  }

  /** 处理下一件: the next application of the queue as last filtered (queue-context.ts). */
  async function next() {
    const row = await nextInQueue(appId);
    if (row === 'failed') return showToast('加载失败，请稍后重试');
    if (!row) {
      showToast('当前筛选下没有下一件了');
      return go(adminPaths.queue.href());
    }
    go(adminPaths.application.href({ id: row.id }));
  }

  async function claim() {
    const r = await unwrap(client.POST('/api/admin/applications/{id}/claim', { params: { path: { id: appId } } }));
    announce(r, '已认领');
    void load();
  }

  async function assign(staffId: number | null) {
    const r = await unwrap(client.PUT('/api/admin/applications/{id}/assignee', { params: { path: { id: appId } }, body: { staffId } }));
    announce(r, staffId === null ? '已收回' : '已分派');
    void load();
  }

  async function start(t: Transition) {
    if (t.requires.length) return setActing(t);
    const finishing = t.to === Status.done && app ? finishWarning(app) : null;
    const yes = await confirmDialog({
      title: t.action,
      message: `${finishing ?? ''}确定将申请 ${app?.sqbh} 设为「${t.toName}」吗？申请人将收到通知。`,
      confirmText: t.action,
    });
    if (yes) await act(t);
  }

  if (error && !app) return <LoadError message={error} />;
  if (!app) return null;

  const h = app.handling ?? {};
  const a = app.applicant;
  const warning = finishWarning(app);
  const hh = app.household;
  return (
    <>
      {/* The paper file's heading (申请表), printed only; the service, number and status follow in the page's own heading. */}
      <header class="adm-print-only adm-print-head">
        <h2>户籍业务申请表</h2>
      </header>
      <PageHead title={`${app.kindName ?? app.kind} · ${app.sqbh}`}>
        <StatusTag status={app.status} name={app.statusName} />
        <button type="button" class="adm-link adm-no-print" onClick={() => window.print()}>
          打印申请表
        </button>
        <Link href={adminPaths.queue.href()}>返回队列</Link>
      </PageHead>

      {/* The version its actions are sent with (a test waits for the fresh one after a transition). */}
      <section class="adm-card" aria-label="办理" data-version={app.version}>
        <h3 class="adm-card__title">办理</h3>
        {app.transitions.length > 0 && (
          <div class="adm-row">
            {app.transitions.map((t) => (
              <button
                key={t.to}
                type="button"
                class={`weui-btn weui-btn_mini weui-btn_${t.to === Status.returned || t.to === Status.refused ? 'warn' : 'primary'}`}
                onClick={() => void start(t)}
              >
                {t.action}
              </button>
            ))}
          </div>
        )}
        {warning && (
          <p class="adm-blocked adm-warn" role="note">
            {warning}
          </p>
        )}
        {app.blocked.map((b) => (
          <p key={b.to} class="adm-blocked">
            {/* A reason that says 不能办结 itself is not prefixed with it again (「…不能办结，不能办结」). */}
            {b.reason.includes(`不能${b.action}`) ? b.reason : `暂不能${b.action}：${b.reason}`}
          </p>
        ))}
        {!app.transitions.length && !app.blocked.length && <p class="adm-muted">当前状态（{app.statusName}）没有可执行的办理操作。</p>}
        {acted && (
          <div class="adm-row">
            <button type="button" class="weui-btn weui-btn_mini weui-btn_default" onClick={() => void next()}>
              处理下一件
            </button>
          </div>
        )}
        {app.status <= 6 && (
          <Assignment app={app} mine={app.assignee?.id === me?.id} admin={me?.role === 'admin'} onClaim={claim} onAssign={assign} />
        )}
        <p class="adm-muted">
          提交于 {formatDateTime(app.createdAt)}，最近更新 {formatDateTime(app.updatedAt)}
        </p>
      </section>

      <div class="adm-cols">
        <div>
          {summaryGroups(app.summary).map((g, i) => (
            <section key={i} class="adm-card">
              <h3 class="adm-card__title">{g.title ?? '申请内容'}</h3>
              <Facts
                rows={g.items.map((r) => [
                  r.label,
                  r.idKey ? <IdNumber appId={app.id} idKey={r.idKey} masked={r.value} label={`${g.title ?? ''}${r.label}`} /> : r.value,
                ])}
              />
            </section>
          ))}
          <section class="adm-card">
            <h3 class="adm-card__title">附件</h3>
            {app.attachments.length ? <Attachments appId={app.id} files={app.attachments} /> : <p class="adm-muted">无附件</p>}
            {/* On paper: the list of what was attached (the images themselves are in the system). */}
            {app.attachments.length > 0 && (
              <ol class="adm-print-only">
                {app.attachments.map((f) => (
                  <li key={f.fileId}>
                    {f.clmc ? `${f.clmc}：` : ''}
                    {f.name}
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>
        <div>
          <section class="adm-card">
            <h3 class="adm-card__title">申请人</h3>
            <Facts
              rows={[
                ['姓名', a.xm],
                ['人员类别', a.rylbmc],
                ['学号', a.xh],
                ['工作证号', a.gzzh],
                ['身份证件号', a.sfzjh && <IdNumber appId={app.id} idKey="applicant" masked={a.sfzjh} label="申请人身份证件号" />],
                ['手机号', a.phone],
                ['单位', a.dwmc],
                ['户口在校', a.hkIn ? '是' : '否'],
              ]}
            />
          </section>
          <section class="adm-card">
            <h3 class="adm-card__title">户籍记录</h3>
            {hh ? (
              <Facts
                rows={[
                  ['户籍状态', hh.hjztmc],
                  ['户号', hh.hh],
                  ['集体户', hh.jthmc],
                  ['集体户地址', hh.jthdz],
                  ['与户主关系', hh.yhzgx],
                  ['派出所', hh.pcsmc],
                  ['迁入日期', formatDate(hh.qrrq)],
                  ['迁入类别', hh.qrlymc],
                  ['迁自', hh.ysdz],
                  ['迁出日期', formatDate(hh.qcrq)],
                  ['户口卡', hh.hkkztmc],
                  ['户口卡应还日期', formatDate(hh.hkkyhrq)],
                ]}
              />
            ) : (
              <p class="adm-muted">无本校户籍记录</p>
            )}
          </section>
          {(h.reason || h.lqdd || h.kdgs || h.ghrq) && (
            <section class="adm-card">
              <h3 class="adm-card__title">办理信息</h3>
              <Facts
                rows={[
                  ['原因', h.reason],
                  ['领取地点', h.lqdd],
                  ['领取时间', h.lqsj],
                  ['快递公司', h.kdgs],
                  ['快递单号', h.kddh],
                  ['应还日期', formatDate(h.ghrq)],
                ]}
              />
              {h.trackUrl && (
                <a class="adm-link" href={h.trackUrl} target="_blank" rel="noopener noreferrer">
                  查看物流（{h.kdgs}官网）
                </a>
              )}
            </section>
          )}
          <DocumentsCard key={app.version} appId={app.id} finished={app.status === Status.done} />
          <section class="adm-card">
            <h3 class="adm-card__title">办理进度</h3>
            <ol class="adm-timeline">
              {[...app.events].reverse().map((e, i) => (
                <li key={i}>
                  <b>{statusLabel(meta, e.to, app.kind)}</b>{' '}
                  <span class="adm-muted">{e.actor.role === 'user' ? '申请人' : (e.actor.name ?? '系统')}</span>
                  <div class="adm-muted">{formatDateTime(e.at)}</div>
                  {e.note && <div class="adm-pre">{e.note}</div>}
                </li>
              ))}
            </ol>
          </section>
          {app.rating && (
            <section class="adm-card">
              <h3 class="adm-card__title">评价</h3>
              <Facts
                rows={[
                  ['评价', `${app.rating.label}${app.rating.flagged ? '（需回访）' : ''}`],
                  ['评价内容', app.rating.comment],
                  ['评价时间', formatDateTime(app.rating.createdAt)],
                ]}
              />
            </section>
          )}
        </div>
      </div>

      {acting && (
        <Modal title={acting.action} onClose={() => setActing(null)}>
          <p class="adm-muted">
            申请 {app.sqbh} 将设为「{acting.toName}」，申请人将收到通知。
          </p>
          <Suspense fallback={<p class="adm-muted">加载中...</p>}>
            <TransitionForm key={acting.to} transition={acting} onSubmit={(input) => act(acting, input)} />
          </Suspense>
        </Modal>
      )}
      <footer class="adm-print-only adm-print-sign">
        <p>
          申请人签名：
          <span class="adm-print-line" />
          {'\u3000'}日期：
          <span class="adm-print-line adm-print-line_short" />
        </p>
        <p>
          经办人签名：
          <span class="adm-print-line" />
          {'\u3000'}日期：
          <span class="adm-print-line adm-print-line_short" />
        </p>
        <p class="adm-muted">
          打印于 {formatDateTime(new Date().toISOString())}，打印人 {me?.name ?? ''}
        </p>
      </footer>
    </>
  );
}
