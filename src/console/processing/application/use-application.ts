// An application's page in the console as state: its record, the action being filled in, whether one was taken, and
// what staff can do (act, 处理下一件, 认领, 分派).
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { Schemas } from '@/api/client';
import { adminPaths } from '@/console/paths';
import { confirmDialog, showToast } from '@/state/ui';
import { Status } from '@shared/contract/domain';
import { announce } from '../../data';
import { nextInQueue } from '../queue-context';
import { transition } from '../transition';
import { assignApplication, claimApplication, loadApplication } from './api';
import { finishWarning } from './finish-warning';

export type AdminApplication = Schemas['AdminApplication'];
export type Transition = Schemas['TransitionOption'];

export function useApplication(appId: number) {
  const [app, setApp] = useState<AdminApplication | null>(null);
  const [error, setError] = useState('');
  const [acting, setActing] = useState<Transition | null>(null);
  const [acted, setActed] = useState(false);
  const [, go] = useLocation();

  async function load() {
    const r = await loadApplication(appId);
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
    announce(await claimApplication(appId), '已认领');
    void load();
  }

  async function assign(staffId: number | null) {
    announce(await assignApplication(appId, staffId), staffId === null ? '已收回' : '已分派');
    void load();
  }

  /** An action's button: its form when it has inputs, else a confirmation (with what to check before 办结). */
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

  return { app, error, acting, stopActing: () => setActing(null), acted, act, next, claim, assign, start };
}
