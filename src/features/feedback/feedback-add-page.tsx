import './feedback-add.css';
import { useEffect, useState } from 'react';
import { client, unwrap, type Schemas } from '@/api/client';
import * as limits from '@shared/contract/limits';
import { unsettledNotice } from '@/components/service-form/outcome';
import { useDraft } from '@/components/service-form/use-draft';
import { TextArea } from '@/components/service-fields/text-area';
import { SubmitButton } from '@/components/ui/button';
import { CaptchaImage } from '@/components/ui/captcha-image';
import { Form, useForm } from '@/components/ui/form';
import { TextField } from '@/components/ui/form-field';
import { noticeCutPaste } from '@/components/ui/paste-notice';
import { paths } from '@shared/pages/paths';
import { navigate } from '@/lib/nav';
import { showToast } from '@/state/ui';

const FORM_ID = 'feedback';
const EMPTY = { bt: '', nr: '', lxdh: '', code: '' };

/** The question's schema (valibot loads with useForm, while the user types; this with the screen's first effect). */
const loadQuestion = () => import('./feedback-schema').then((m) => m.question);

/**
 * 我要提问: title, question, an optional phone and the image code, then 提交; the question's page is the
 * confirmation. One step (a question needs no review). What is typed is kept as a draft (a reload, a lost
 * connection, a 401 and signing in again), and the draft's Idempotency-Key makes a retry or a double tap one question.
 */
export default function FeedbackAddPage() {
  // Kept here, not in the picture: the code typed stays valid while the draft is saved and restored.
  const [captcha, setCaptcha] = useState<Schemas['CaptchaImage'] | null>(null);
  const draft = useDraft(FORM_ID, EMPTY);
  const form = useForm(EMPTY, draft);
  const { values, errors, set } = form;
  const [notice, setNotice] = useState('');

  const refresh = () => void unwrap(client.GET('/api/qhqt/qtyhfkyzm/yycimg', { loading: false })).then((r) => r.ok && setCaptcha(r.data));

  useEffect(() => {
    refresh();
    void loadQuestion();
    // A code kept in the draft belongs to an image no longer shown.
    if (values.code) draft.update({ code: '' });
    // Once, at mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = () => {
    setNotice('');
    form
      .submit(loadQuestion, async ({ bt, nr, lxdh, code }) => {
        const body = { bt, nr, ...(lxdh ? { lxdh } : {}), code, uuid: captcha?.uuid ?? '' };
        const header = { 'Idempotency-Key': draft.keyFor(JSON.stringify(body)) };
        const result = await unwrap(client.POST('/api/qhqt/qtyhfk/add', { body, params: { header } }));
        if (result.ok) {
          draft.clear();
          showToast('提交成功');
          void navigate(paths.feedbackDetail.href({ id: result.data.id }), { replace: true });
          return;
        }
        const unsettled = unsettledNotice(result);
        if (unsettled !== null) return setNotice(unsettled);
        // A definite refusal: the next 提交 is a new attempt.
        draft.settle();
        if (result.msg.includes('验证码')) {
          // Image codes are single-use: a new one, typed afresh.
          refresh();
          draft.update({ code: '' });
          return form.fail({ code: result.msg });
        }
        // Field errors land on their fields (useForm); anything else is said.
        if (!result.errors.length) setNotice(result.msg);
        return result;
      })
      // The validation could not be fetched (the connection is lost): nothing was sent.
      .catch(() => setNotice('网络异常，请检查网络后再次提交。您填写的内容已保存。'));
  };

  return (
    <div class="app-page" onPaste={noticeCutPaste}>
      {draft.restored && (
        <p class="fb-note" role="status">
          已恢复您上次填写的内容
        </p>
      )}
      <Form id={FORM_ID} label="我要提问" onSubmit={submit} errors={errors} focusKey={form.focusKey}>
        <div class="weui-cells weui-cells_form">
          <TextField
            label="标题"
            name="bt"
            value={values.bt}
            onValue={set('bt')}
            error={errors.bt}
            maxLength={limits.addFeedback.bt}
            required
            placeholder="一句话概括您的问题"
          />
          <TextArea
            label="问题内容"
            name="nr"
            value={values.nr}
            onValue={set('nr')}
            error={errors.nr}
            maxLength={limits.addFeedback.nr}
            rows={6}
            required
            placeholder="请详细描述您的问题，不要填写身份证件号等个人敏感信息"
          />
          <TextField
            label="联系电话"
            name="lxdh"
            type="tel"
            inputMode="numeric"
            value={values.lxdh}
            onValue={set('lxdh')}
            error={errors.lxdh}
            maxLength={limits.addFeedback.lxdh}
            autoComplete="tel"
            placeholder="选填，便于工作人员与您联系"
          />
          <TextField
            label="图形验证码"
            name="code"
            value={values.code}
            onValue={set('code')}
            error={errors.code}
            maxLength={limits.addFeedback.code}
            autoComplete="off"
            autoCapitalize="none"
            required
            extra={<CaptchaImage captcha={captcha} onRefresh={refresh} onSolved={set('code')} />}
          />
        </div>
        <p class="fb-note">工作人员回复后，将在“消息通知”中告知您。</p>
        {notice && (
          <p class="fb-notice" role="alert">
            {notice}
          </p>
        )}
        <SubmitButton pending={form.pending}>提交</SubmitButton>
      </Form>
    </div>
  );
}
