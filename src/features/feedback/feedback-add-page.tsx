import { useEffect, useRef, useState } from 'react';
import { client, unwrap, type Schemas } from '@/api/client';
import * as limits from '@/api/limits';
import type { operations } from '@/api/schema';
import { navigate } from '@/lib/nav';
import { ServiceFlow } from '@/components/service-form/service-flow';
import { useServiceForm, type ApplicationSummary } from '@/components/service-form/use-service-form';
import { TextArea } from '@/components/service-fields/text-area';
import { CaptchaImage } from '@/components/ui/captcha-image';
import { TextField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import type { FieldErrors } from '@/lib/validators';
import { showToast } from '@/stores/ui';
import type { Checked } from './feedback-schema';

type Question = operations['addFeedback']['requestBody']['content']['application/json'];

/**
 * 我要提问: title, question and the image code, checked, then sent. The shared service form gives the draft, the
 * error summary, the review and an idempotent submit; without a guide, and the question itself is the confirmation.
 */
export default function FeedbackAddPage() {
  // Kept here, not in the picture: the code typed stays valid when the user goes to the review and back.
  const [captcha, setCaptcha] = useState<Schemas['CaptchaImage'] | null>(null);
  const uuid = useRef('');
  uuid.current = captcha?.uuid ?? '';
  const refresh = () => void unwrap(client.GET('/api/qhqt/qtyhfkyzm/yycimg', { loading: false })).then((r) => r.ok && setCaptcha(r.data));

  const flow = useServiceForm({
    serviceCode: 'feedback',
    guide: false,
    initial: { bt: '', nr: '', lxdh: '', code: '' },
    schema: () => import('./feedback-schema').then((m) => m.question),
    toBody: (c: Checked): Question => ({ bt: c.bt, nr: c.nr, ...(c.lxdh ? { lxdh: c.lxdh } : {}), code: c.code, uuid: uuid.current }),
    send: async (body, header) => {
      const r = await unwrap(client.POST('/api/qhqt/qtyhfk/add', { body, params: { header } }));
      // The flow's result carries an id; a question has no reference number.
      return r.ok ? { ...r, data: { id: r.data.id, sqbh: '' } as ApplicationSummary } : r;
    },
    onRefused: (failure): FieldErrors | void => {
      if (!failure.msg.includes('验证码')) return;
      // Image codes are single-use: a new one, typed afresh.
      refresh();
      flow.patch({ code: '' });
      return { code: failure.msg };
    },
  });
  const { values, errors, set, done } = flow;

  useEffect(() => {
    refresh();
    // A code kept in the draft belongs to an image no longer shown.
    if (values.code) flow.patch({ code: '' });
    // Once, at mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!done) return;
    showToast('提交成功');
    void navigate(paths.feedbackDetail.href({ id: done.id }), { replace: true });
  }, [done]);

  if (done) return null;
  return (
    <ServiceFlow
      flow={flow}
      label="我要提问"
      next=""
      review={() => [
        { name: 'bt', label: '标题', value: values.bt },
        { name: 'nr', label: '问题内容', value: values.nr },
        { name: 'lxdh', label: '联系电话', value: values.lxdh },
      ]}
    >
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
      <p class="sf-note">工作人员回复后，将在“消息通知”中告知您。</p>
    </ServiceFlow>
  );
}
