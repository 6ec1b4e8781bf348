// The record of an application as the console shows it: its answers and attachments, the applicant, the household
// record, what the office wrote when handling it, the timeline and the rating. ID numbers masked; 显示 reveals one.
import type { ReactNode } from 'react';
import { summaryGroups } from '@/lib/answer-summary';
import { formatDate, formatDateTime } from '@/lib/format';
import { statusLabel } from '@/console/staff';
import type { Schemas } from '@/api/client';
import { Attachments } from '../attachments';
import { IdNumber } from '../id-number';
import type { AdminApplication } from './use-application';

/** Rows of a description list, without the empty ones. */
function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl>{rows.filter((r) => r[1]).map(([label, value]) => [<dt key={`${label}-t`}>{label}</dt>, <dd key={`${label}-d`}>{value}</dd>])}</dl>
  );
}

/** 申请内容 in its groups, and 附件 (on paper: their list). */
export function AnswerCards({ app }: { app: AdminApplication }) {
  return (
    <>
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
    </>
  );
}

export function ApplicantCard({ app }: { app: AdminApplication }) {
  const a = app.applicant;
  return (
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
  );
}

export function HouseholdCard({ household: hh }: { household: AdminApplication['household'] }) {
  return (
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
  );
}

/** 办理信息: the reason, the pickup place and time, the courier and waybill, the return date; shown when there is one. */
export function HandlingInfoCard({ handling: h }: { handling: AdminApplication['handling'] }) {
  if (!h || !(h.reason || h.lqdd || h.kdgs || h.ghrq)) return null;
  return (
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
  );
}

/** 办理进度, newest first. */
export function TimelineCard({ app, meta }: { app: AdminApplication; meta: Schemas['AdminMeta'] | null }) {
  return (
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
  );
}

export function RatingCard({ rating }: { rating: AdminApplication['rating'] }) {
  if (!rating) return null;
  return (
    <section class="adm-card">
      <h3 class="adm-card__title">评价</h3>
      <Facts
        rows={[
          ['评价', `${rating.label}${rating.flagged ? '（需回访）' : ''}`],
          ['评价内容', rating.comment],
          ['评价时间', formatDateTime(rating.createdAt)],
        ]}
      />
    </section>
  );
}
