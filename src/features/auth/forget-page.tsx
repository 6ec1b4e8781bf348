import { client, unwrap } from '@/api/client';
import { navigate } from '@/lib/nav';
import { Button } from '@/components/ui/button';
import { Form, useForm } from '@/components/ui/form';
import { paths } from '@shared/pages/paths';
import { lazySchema } from '@/lib/lazy-schema';
import { showToast, SHORT_TOAST_MS } from '@/state/ui';
import { NewPasswordFields, PhoneVerifiedSteps, spentTicket, type LastStep } from './phone-steps';

const steps = ['验证手机号', '短信验证', '设置新密码'];

const emptyPasswords = { password: '', password2: '' };
type PasswordForm = ReturnType<typeof useForm<typeof emptyPasswords>>;

/** 找回密码: phone + image code, SMS code (checked at its step), then the new password twice. */
export default function ForgetPage() {
  // The new password belongs to the page: going back to the SMS step and on again keeps it.
  const form = useForm(emptyPasswords);
  return (
    <PhoneVerifiedSteps scene="forget" steps={steps} loginLink="返回登录" last={(step) => <NewPasswordStep form={form} step={step} />} />
  );
}

function NewPasswordStep({ form, step }: { form: PasswordForm; step: LastStep }) {
  const { values, set, errors } = form;

  const submit = () =>
    form.submit(lazySchema('newPasswordSchema'), async (input) => {
      const result = await unwrap(
        client.POST('/api/registerOrLogin/retrievePassword', {
          body: { phone: step.proof.phone, phoneTicket: step.proof.phoneTicket, password: input.password, password2: input.password2 },
        }),
      );
      const spent = spentTicket(result);
      if (spent) {
        step.ticketSpent(spent);
        return;
      }
      if (result.ok) {
        showToast(result.msg || '密码已重置，请重新登录', SHORT_TOAST_MS);
        await navigate(paths.login.href(), { replace: true });
      }
      return result;
    });

  return (
    <Form id="forget-password" onSubmit={() => void submit()} errors={errors} focusKey={form.focusKey}>
      <div class="weui-cells weui-cells_form">
        <NewPasswordFields
          label="新密码"
          placeholder="设置新密码"
          confirmPlaceholder="再次输入新密码"
          values={values}
          set={set}
          errors={errors}
        />
      </div>
      <div class="app-actions">
        <Button type="submit" loading={form.pending}>
          重置密码
        </Button>
        <Button variant="default" onClick={step.back} disabled={form.pending}>
          上一步
        </Button>
      </div>
    </Form>
  );
}
