import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import type { Schemas } from '@/api/client';
import { LinkButton } from '@/components/ui/button';
import { Cell, Cells } from '@/components/ui/cells';
import { paths } from '@shared/pages/paths';
import { loadConfirmation } from './api/confirmation';
import { openLatest } from './history';

// The form (on the shared form experience) loads with the screen, as a chunk of its own.
const ContinueForm = lazy(() => import('./continue-form'));

type Confirmation = Extract<Awaited<ReturnType<typeof loadConfirmation>>, { ok: true }>['data'];
type Person = Schemas['PersonCard'];

/** The rows of a person as the server holds them (ID numbers come masked). */
function PersonCells({ title, p }: { title: string; p: Person }) {
  const rows: [string, string | null | undefined][] = [
    ['姓名', p.xm],
    ['性别', p.xbmc],
    ['民族', p.mzmc],
    ['出生日期', p.csrq],
    ['身份证件号', p.sfzjh],
    ['与户主关系', p.yhzgxmc],
    ['工作证号', p.gzzh],
    ['单位', p.dwmc],
  ];
  return <Cells title={title}>{rows.map(([label, value]) => value && <Cell key={label} label={label} value={value} />)}</Cells>;
}

/** 迁入信息确认: the user's and the household head's data, then the 迁移证 for stage 2 (continueSubmit). */
export default function ConfirmPage() {
  const query = new URLSearchParams(useSearch());
  const id = Number(query.get('id')) || 0;
  const step = query.get('step');
  const [data, setData] = useState<Confirmation | null>(null);
  const [failed, setFailed] = useState('');

  useEffect(() => {
    setData(null);
    setFailed('');
    if (!id) {
      void openLatest('continue', (app) => paths.mCr.href({ id: app })).then((found) => found || setFailed('暂无需要确认的迁入申请'));
      return;
    }
    void loadConfirmation(id).then((r) => (r.ok ? setData(r.data) : setFailed(r.msg || '迁入信息加载失败，请稍后重试')));
  }, [id]);

  // The review and the confirmation are the form's own steps; the form keeps its place in the tree throughout.
  const cards = step !== 'review' && step !== 'done';
  if (cards && failed) return <p class="app-empty">{failed}</p>;
  if (cards && !data) return null;
  return (
    <>
      {cards && data && (
        <div class="app-page">
          <p class="app-page__intro">
            申请编号 {data.application.sqbh}（{data.application.statusName}）。请核对以下信息，如有错误请联系户籍办公室。
          </p>
          {data.hz ? (
            <PersonCells title="户主信息" p={data.hz} />
          ) : (
            data.jthmc && (
              <Cells title="户主">
                <Cell label="迁入集体户" value={data.jthmc} />
              </Cells>
            )
          )}
          <PersonCells title={data.hz ? '随迁人员1' : '本人信息'} p={data.yh} />
          {data.sqjs?.map((p, i) => (
            <PersonCells key={i} title={`随迁人员${i + 2}`} p={p} />
          ))}
          {(data.qrdz || data.pcsmc) && (
            <Cells title="迁入地">
              {data.qrdz && <Cell label="迁入地址" value={data.qrdz} />}
              {data.pcsmc && <Cell label="派出所" value={data.pcsmc} />}
            </Cells>
          )}
          {!data.canContinue && (
            <>
              <p class="sf-note" role="status">
                准予迁入证明开具后（状态为“待领取”），您取得户口迁移证即可在此继续提交。
              </p>
              <div class="app-actions">
                <LinkButton href={paths.details.href({ id })}>查看申请详情</LinkButton>
              </div>
            </>
          )}
        </div>
      )}
      {id > 0 && (!cards || data?.canContinue) && (
        <Suspense fallback={null}>
          <ContinueForm id={id} />
        </Suspense>
      )}
    </>
  );
}
