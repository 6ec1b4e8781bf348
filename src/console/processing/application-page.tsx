import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { useStore } from '@nanostores/react';
import { adminPaths } from '@/console/paths';
import { formatDateTime } from '@/lib/format';
import { $adminMeta, $staff } from '@/console/staff';
import { Status } from '@shared/contract/domain';
import { LoadError, Modal, PageHead, StatusTag } from '../kit';
import { DocumentsCard } from './documents-card';
import { HandlingCard } from './application/handling-card';
import { AnswerCards, ApplicantCard, HandlingInfoCard, HouseholdCard, RatingCard, TimelineCard } from './application/record-cards';
import { useApplication } from './application/use-application';

// Only actions with inputs need the form blocks: they load when such an action is chosen.
const TransitionForm = lazy(() => import('./transition-form'));

/**
 * 申请详情 (staff): answers, attachments, applicant, household record, timeline; one button per action the rules
 * will take, and why 办结 cannot be done yet where they would refuse it (application/use-application.ts holds the
 * state and the actions). ID numbers masked, 显示 reveals one.
 */
export default function ApplicationPage({ id }: { id?: string }) {
  const { app, error, acting, stopActing, acted, act, next, claim, assign, start } = useApplication(Number(id));
  const meta = useStore($adminMeta);
  const me = useStore($staff);

  if (error && !app) return <LoadError message={error} />;
  if (!app) return null;
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

      <HandlingCard
        app={app}
        acted={acted}
        mine={app.assignee?.id === me?.id}
        admin={me?.role === 'admin'}
        start={start}
        next={next}
        claim={claim}
        assign={assign}
      />

      <div class="adm-cols">
        <div>
          <AnswerCards app={app} />
        </div>
        <div>
          <ApplicantCard app={app} />
          <HouseholdCard household={app.household} />
          <HandlingInfoCard handling={app.handling} />
          <DocumentsCard key={app.version} appId={app.id} finished={app.status === Status.done} />
          <TimelineCard app={app} meta={meta} />
          <RatingCard rating={app.rating} />
        </div>
      </div>

      {acting && (
        <Modal title={acting.action} onClose={stopActing}>
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
