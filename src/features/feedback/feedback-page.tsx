import './feedback.css';
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { client, unwrap, type Schemas } from '@/api/client';
import { Button, LinkButton } from '@/components/ui/button';
import { Cell, Cells } from '@/components/ui/cells';
import { usePagedList } from '@/components/ui/use-paged-list';
import { paths } from '@shared/pages/paths';
import { formatDateTime } from '@/lib/format';

type Feedback = Schemas['Feedback'];
type Scope = 'mine' | 'public';

const PAGE_SIZE = 10;
const scopes: { value: Scope; label: string; empty: string }[] = [
  { value: 'mine', label: '我的提问', empty: '您还没有提过问题' },
  { value: 'public', label: '常见问答', empty: '暂无公开的问答' },
];

/** 问答反馈 (/feedback) and 问答详情 (/feedback/{id}): one chunk for both. */
export default function FeedbackPage({ id }: Record<string, unknown> & { id?: string }) {
  return id ? <FeedbackDetail id={id} /> : <FeedbackList />;
}

/** 待回复 until staff answer, then 已回复. */
function FeedbackStatus({ item }: { item: Feedback }) {
  const answered = item.zt === '1';
  return <span class={answered ? 'fb-status fb-status_answered' : 'fb-status'}>{item.ztmc ?? (answered ? '已回复' : '待回复')}</span>;
}

/** My questions (待回复 until answered) or the public ones, paged; 我要提问. */
function FeedbackList() {
  const search = useSearch();
  const [, go] = useLocation();
  const scope: Scope = new URLSearchParams(search).get('scope') === 'public' ? 'public' : 'mine';
  // Reloads when the scope changes.
  const { rows, total, page, loading, failed, more } = usePagedList(
    (pageNum) =>
      unwrap(client.GET('/api/qhqt/qtyhfk/list', { params: { query: { scope, pageNum, pageSize: PAGE_SIZE } }, loading: pageNum === 1 })),
    [scope],
  );

  return (
    <div class="app-page">
      <div class="fb-tabs" role="group" aria-label="问答范围">
        {scopes.map((s) => (
          <button
            key={s.value}
            type="button"
            class="fb-tab"
            aria-pressed={scope === s.value}
            onClick={() => go(paths.feedback.href(s.value === 'public' ? { scope: 'public' } : undefined), { replace: true })}
          >
            {s.label}
          </button>
        ))}
      </div>
      {failed && !rows.length ? (
        <p class="app-empty">加载失败，请稍后重试</p>
      ) : page > 0 && !rows.length ? (
        <p class="app-empty">{scopes.find((s) => s.value === scope)?.empty}</p>
      ) : (
        rows.length > 0 && (
          <Cells>
            {rows.map((f) => (
              <Cell
                key={f.id}
                href={paths.feedbackDetail.href({ id: f.id })}
                label={
                  <>
                    {f.bt}
                    <span class="app-muted" style={{ display: 'block' }}>
                      {formatDateTime(f.tjsj)}
                    </span>
                  </>
                }
                value={<FeedbackStatus item={f} />}
              />
            ))}
          </Cells>
        )
      )}
      <div class="app-actions">
        {rows.length < total && (
          <Button variant="default" loading={loading} onClick={more}>
            加载更多
          </Button>
        )}
        <LinkButton href={paths.feedbackAdd.href()}>我要提问</LinkButton>
      </div>
    </div>
  );
}

/** 问答详情: the question and, once staff have answered, the answer. */
function FeedbackDetail({ id }: { id: string }) {
  const [item, setItem] = useState<Feedback | null>(null);
  const [failure, setFailure] = useState('');

  useEffect(() => {
    const n = Number(id);
    if (!Number.isInteger(n) || n < 1) return setFailure('问题不存在');
    void unwrap(client.GET('/api/qhqt/qtyhfk/detail/{id}', { params: { path: { id: n } } })).then((r) => {
      if (r.ok) setItem(r.data);
      else setFailure(r.msg || '加载失败，请稍后重试');
    });
  }, [id]);

  if (failure) {
    return (
      <div class="app-page">
        <p class="app-empty">{failure}</p>
        <div class="app-actions">
          <LinkButton href={paths.feedback.href()} variant="default">
            返回问答反馈
          </LinkButton>
        </div>
      </div>
    );
  }
  if (!item) return <p class="app-empty" aria-busy="true" />;
  return (
    <div class="app-page">
      <h2 class="fb-title">{item.bt}</h2>
      <p class="fb-meta">
        提交于 {formatDateTime(item.tjsj)} · <FeedbackStatus item={item} />
      </p>
      <Cells title="问题内容">
        <p class="fb-detail">{item.nr}</p>
      </Cells>
      <Cells title="回复">
        {item.hfnr ? (
          <>
            <p class="fb-detail">{item.hfnr}</p>
            {item.hfsj && <p class="fb-meta fb-detail">回复于 {formatDateTime(item.hfsj)}</p>}
          </>
        ) : (
          <p class="fb-detail app-muted">待回复。工作人员回复后，将在“消息通知”中告知您。</p>
        )}
      </Cells>
      <div class="app-actions">
        <LinkButton href={paths.feedback.href()} variant="default">
          返回问答反馈
        </LinkButton>
      </div>
    </div>
  );
}
