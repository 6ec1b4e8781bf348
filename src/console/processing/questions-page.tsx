import { useState } from 'react';
import type { Schemas } from '@/api/client';
import { Button, SubmitButton } from '@/components/ui/button';
import { Form, useForm } from '@/components/ui/form';
import { TextArea } from '@/components/service-fields/text-area';
import { adminPaths } from '@/console/paths';
import { formatDateTime } from '@/lib/format';
import { Check, KeywordSearch, LoadError, Modal, PageHead, Pager, PAGE_SIZE } from '../kit';
import { announce, schema, useRemote, useUrlFilters } from '../data';
import { loadQuestions, replyQuestion } from './api';

type Question = Schemas['AdminFeedback'];

function ReplyForm({ question, onDone }: { question: Question; onDone: () => void }) {
  const form = useForm({ hfnr: question.hfnr ?? '', sfgk: question.sfgk ? '1' : '' });
  const { values, set, errors } = form;
  const submit = () =>
    form.submit(schema('replySchema'), async (input) => {
      const r = await replyQuestion(question.id, { hfnr: input.hfnr, sfgk: input.sfgk === '1' });
      if (announce(r, '已回复，提问人将收到通知')) onDone();
      return r;
    });
  return (
    <Form id="reply" onSubmit={() => void submit()} errors={errors} focusKey={form.focusKey} label="回复">
      <div class="adm-card">
        <b>{question.bt}</b>
        <p class="adm-pre">{question.nr}</p>
      </div>
      <div class="weui-cells weui-cells_form">
        <TextArea
          label="回复内容"
          name="hfnr"
          value={values.hfnr}
          onValue={set('hfnr')}
          error={errors.hfnr}
          maxLength={2000}
          rows={6}
          required
        />
      </div>
      <Check label="设为公开问答（所有用户可见，不显示提问人）" checked={values.sfgk === '1'} onChange={(c) => set('sfgk')(c ? '1' : '')} />
      <SubmitButton pending={form.pending}>提交回复</SubmitButton>
    </Form>
  );
}

const tabs = [
  { zt: '0', param: '', label: '待回复' },
  { zt: '1', param: '1', label: '已回复' },
  { zt: '', param: 'all', label: '全部' },
] as const;

/** 问答: the users' questions (待回复 first, oldest first) and answering them. */
export default function QuestionsPage() {
  const { q, search, page, set: show } = useUrlFilters(adminPaths.questions);
  // 待回复 unless the URL says otherwise ('all' for every question).
  const zt = ({ '1': '1', all: '' } as const)[q.get('zt') ?? ''] ?? ('0' as const);
  const keyword = q.get('keyword') ?? '';
  const [replying, setReplying] = useState<Question | null>(null);
  const list = useRemote(
    () => loadQuestions({ ...(zt ? { zt } : {}), ...(keyword ? { keyword } : {}), pageNum: page, pageSize: PAGE_SIZE }),
    [search],
  );

  return (
    <>
      <PageHead title="问答" />
      <div class="adm-filters">
        <div class="adm-tabs" role="group" aria-label="状态">
          {tabs.map((t) => (
            <button key={t.zt} type="button" aria-pressed={zt === t.zt} onClick={() => show({ zt: t.param })}>
              {t.label}
            </button>
          ))}
        </div>
        <KeywordSearch placeholder="标题、内容" value={keyword} onSearch={(k) => show({ keyword: k })} />
      </div>
      <LoadError message={list.error} />
      {list.data?.map((item) => (
        <article key={item.id} class="adm-card">
          <div class="adm-head">
            <h3 class="adm-head__title">{item.bt}</h3>
            <span class={`adm-tag adm-tag_${item.zt === '0' ? 1 : 7}`}>{item.ztmc ?? (item.zt === '0' ? '待回复' : '已回复')}</span>
          </div>
          <p class="adm-pre">{item.nr}</p>
          <p class="adm-muted">
            {item.asker.xm} 提问于 {formatDateTime(item.tjsj)}
          </p>
          {item.hfnr && (
            <div class="adm-answer">
              <p class="adm-pre">{item.hfnr}</p>
              <p class="adm-muted">
                {item.answeredBy ?? '户籍办'} 回复于 {formatDateTime(item.hfsj)}
                {item.sfgk && ' · 公开问答'}
              </p>
            </div>
          )}
          <div class="adm-row">
            <Button size="mini" variant={item.hfnr ? 'default' : 'primary'} onClick={() => setReplying(item)}>
              {item.hfnr ? '修改回复' : '回复'}
            </Button>
          </div>
        </article>
      ))}
      {list.data && !list.data.length && <p class="adm-empty">没有问题</p>}
      {list.data && <Pager page={page} total={list.total} onPage={(p) => show({ page: p })} />}
      {replying && (
        <Modal title={replying.hfnr ? '修改回复' : '回复'} onClose={() => setReplying(null)}>
          <ReplyForm
            question={replying}
            onDone={() => {
              setReplying(null);
              list.reload();
            }}
          />
        </Modal>
      )}
    </>
  );
}
