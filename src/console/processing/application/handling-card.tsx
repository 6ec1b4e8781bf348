import { useState } from 'react';
import { formatDateTime } from '@/lib/format';
import { Status } from '@shared/contract/domain';
import { useRemote } from '../../data';
import { loadStaff } from '../../system/api';
import { finishWarning } from './finish-warning';
import type { AdminApplication, Transition } from './use-application';

/**
 * 办理: one button per action the rules will take, what to check before 办结, why an action cannot be done yet,
 * 处理下一件 once one was taken, and who has it.
 */
export function HandlingCard({
  app,
  acted,
  mine,
  admin,
  start,
  next,
  claim,
  assign,
}: {
  app: AdminApplication;
  acted: boolean;
  mine: boolean;
  admin: boolean;
  start: (t: Transition) => Promise<void>;
  next: () => Promise<void>;
  claim: () => Promise<void>;
  assign: (staffId: number | null) => Promise<void>;
}) {
  const warning = finishWarning(app);
  return (
    // The version its actions are sent with (a test waits for the fresh one after a transition).
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
      {app.status <= 6 && <Assignment app={app} mine={mine} admin={admin} onClaim={claim} onAssign={assign} />}
      <p class="adm-muted">
        提交于 {formatDateTime(app.createdAt)}，最近更新 {formatDateTime(app.updatedAt)}
      </p>
    </section>
  );
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
  const staff = useRemote(() => loadStaff(true), []);
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
