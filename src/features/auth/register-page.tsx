import { useEffect, useState } from 'react';
import { client, unwrap } from '@/api/client';
import { navigate } from '@/lib/nav';
import { Button } from '@/components/ui/button';
import { Form, useForm } from '@/components/ui/form';
import { Select, TextField, type SelectOption } from '@/components/ui/form-field';
import { paths } from '@shared/pages/paths';
import { lazySchema } from '@/lib/lazy-schema';
import { usesGzzh, usesXh } from '@/lib/rules';
import { showToast } from '@/state/ui';
import { NewPasswordFields, PhoneVerifiedSteps, spentTicket, type LastStep } from './phone-steps';

const steps = ['验证手机号', '短信验证', '填写信息'];

const emptyDetails = { xm: '', sfzjh: '', rylb: '', xh: '', gzzh: '', password: '', password2: '' };
type DetailsForm = ReturnType<typeof useForm<typeof emptyDetails>>;

/** 注册: phone + image code, SMS code (checked at its step), then the account details. */
export default function RegisterPage() {
  // The details belong to the page: going back to the SMS step and on again keeps what was typed.
  const form = useForm(emptyDetails);
  const [types, setTypes] = useState<SelectOption[]>([]);

  useEffect(() => {
    // Needed at the last step only: loaded meanwhile, not with the first screen.
    void import('@/api/person-types').then((m) => {
      setTypes(m.defaultPersonTypes);
      return m.loadPersonTypes().then(setTypes);
    });
  }, []);

  return (
    <PhoneVerifiedSteps
      scene="register"
      steps={steps}
      loginLink="已有账号，去登录"
      last={(step) => <DetailsStep form={form} types={types} step={step} />}
    />
  );
}

function DetailsStep({ form, types, step }: { form: DetailsForm; types: SelectOption[]; step: LastStep }) {
  const { values, set, errors } = form;
  const idLabel = usesXh(values.rylb) ? '学号' : usesGzzh(values.rylb) ? '工作证号' : null;

  const submit = () =>
    form.submit(lazySchema('registerDetailsSchema'), async (input) => {
      const result = await unwrap(
        client.POST('/api/registerOrLogin/register', {
          body: {
            phone: step.proof.phone,
            phoneTicket: step.proof.phoneTicket,
            xm: input.xm,
            sfzjh: input.sfzjh.toUpperCase(),
            rylb: input.rylb,
            ...(usesXh(input.rylb) ? { xh: input.xh.trim() } : {}),
            ...(usesGzzh(input.rylb) ? { gzzh: input.gzzh.trim() } : {}),
            password: input.password,
            password2: input.password2,
          },
        }),
      );
      const spent = spentTicket(result);
      if (spent) {
        step.ticketSpent(spent);
        return;
      }
      if (!result.ok || typeof result.data !== 'string') return result;
      // The session's store loads once there is a session (not with the screen).
      const { completeSignIn } = await import('@/stores/auth');
      const info = await completeSignIn(result.data);
      if (info.ok) {
        showToast('注册成功');
        await navigate(paths.home.href(), { replace: true });
      }
      return info;
    });

  return (
    <Form id="register-details" onSubmit={() => void submit()} errors={errors} focusKey={form.focusKey}>
      <div class="weui-cells weui-cells_form">
        <TextField
          label="姓名"
          name="xm"
          autoComplete="name"
          maxLength={30}
          placeholder="请输入姓名"
          value={values.xm}
          onValue={set('xm')}
          error={errors.xm}
          required
        />
        <TextField
          label="身份证件号"
          name="sfzjh"
          autoComplete="off"
          maxLength={18}
          placeholder="18位身份证号码"
          value={values.sfzjh}
          onValue={set('sfzjh')}
          error={errors.sfzjh}
          required
        />
        <Select
          label="人员类型"
          name="rylb"
          value={values.rylb}
          options={types}
          onValue={set('rylb')}
          error={errors.rylb}
          required
          placeholder="请选择人员类型"
        />
        {idLabel === '学号' && (
          <TextField
            label="学号"
            name="xh"
            maxLength={20}
            autoComplete="off"
            placeholder="请输入学号"
            value={values.xh}
            onValue={set('xh')}
            error={errors.xh}
            required
          />
        )}
        {idLabel === '工作证号' && (
          <TextField
            label="工作证号"
            name="gzzh"
            maxLength={20}
            autoComplete="off"
            placeholder="请输入工作证号"
            value={values.gzzh}
            onValue={set('gzzh')}
            error={errors.gzzh}
            required
          />
        )}
        <NewPasswordFields
          label="密码"
          placeholder="设置登录密码"
          confirmPlaceholder="再次输入密码"
          values={values}
          set={set}
          errors={errors}
        />
      </div>
      <div class="app-actions">
        <Button type="submit" loading={form.pending}>
          注册
        </Button>
        <Button variant="default" onClick={step.back} disabled={form.pending}>
          上一步
        </Button>
      </div>
    </Form>
  );
}
