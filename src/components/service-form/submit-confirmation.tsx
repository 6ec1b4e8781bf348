import { useEffect, useState, type ReactNode } from 'react';
import { client, unwrap } from '@/api/client';
import { LinkButton } from '@/components/ui/button';
import { ResultPage } from '@/components/ui/result-page';
import { paths } from '@shared/pages/paths';
import type { ServiceFormFlow } from './use-service-form';

export interface SubmitConfirmationProps {
  flow: ServiceFormFlow;
  /** What happens next and when (the service's own words). */
  next: ReactNode;
  /** The guide whose 办理时限 is repeated here. */
  guideCode: string;
}

/** 提交成功: the reference number, what happens next, and where to follow it. */
export default function SubmitConfirmation({ flow, next, guideCode }: SubmitConfirmationProps) {
  const done = flow.done;
  const [timeLimit, setTimeLimit] = useState('');
  useEffect(() => {
    void unwrap(
      client.GET('/api/guide/{serviceCode}', { params: { path: { serviceCode: guideCode } }, loading: false, silent: true }),
    ).then((r) => r.ok && setTimeLimit(r.data.timeLimit));
  }, [guideCode]);
  if (!done) return null;
  return (
    <ResultPage
      type="success"
      title={flow.editId ? '修改已提交' : '提交成功'}
      description={
        <>
          <p>
            申请编号 <strong class="sf-sqbh">{done.sqbh}</strong>
          </p>
          {done.conflicts?.length ? (
            // Family moves that contradict each other (issue 25): said where the person looks right after submitting.
            <div class="sf-note sf-conflicts" role="note">
              <p>请注意：</p>
              {done.conflicts.map((c) => (
                <p key={c}>{c}</p>
              ))}
            </div>
          ) : null}
          <p class="sf-next">{next}</p>
          {timeLimit && <p class="sf-next">办理时限：{timeLimit}</p>}
          <p class="sf-next">办理进度可在“我的申请”中查看，状态变化时将在“消息通知”中告知您。</p>
        </>
      }
    >
      <LinkButton href={paths.details.href({ id: done.id })}>查看申请详情</LinkButton>
      <LinkButton href={paths.home.href()} variant="default" replace>
        返回首页
      </LinkButton>
    </ResultPage>
  );
}
