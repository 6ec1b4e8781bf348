import { client, unwrap } from '@/api/client';
import { SubmitButton } from '@/components/ui/button';
import { Form, useForm } from '@/components/ui/form';
import { TextField } from '@/components/ui/form-field';
import { PageHead } from './kit';
import { announce, schema } from './data';

/** 修改密码: the staff member's own password (other sessions of the account end). */
export default function PasswordPage() {
  const form = useForm({ oldPassword: '', password: '', password2: '' });
  const { values, set, errors } = form;
  const submit = () =>
    form.submit(schema('passwordSchema'), async (body) => {
      const r = await unwrap(client.POST('/api/admin/me/password', { body }));
      if (announce(r, '密码已修改')) form.setValues({ oldPassword: '', password: '', password2: '' });
      return r;
    });
  const field = (name: keyof typeof values, label: string, autoComplete: string, hint?: string) => (
    <TextField
      label={label}
      name={name}
      type="password"
      autoComplete={autoComplete}
      value={values[name]}
      onValue={set(name)}
      error={errors[name]}
      maxLength={64}
      required
      hint={hint}
    />
  );
  return (
    <>
      <PageHead title="修改密码" />
      <section class="adm-card adm-narrow">
        <Form id="password" onSubmit={() => void submit()} errors={errors} focusKey={form.focusKey} label="修改密码">
          <div class="weui-cells weui-cells_form">
            {field('oldPassword', '原密码', 'current-password')}
            {field('password', '新密码', 'new-password', '至少8位，须同时包含字母和数字')}
            {field('password2', '确认新密码', 'new-password')}
          </div>
          <p class="adm-muted">修改后，本账号在其他设备上的登录将失效。</p>
          <SubmitButton pending={form.pending}>修改密码</SubmitButton>
        </Form>
      </section>
    </>
  );
}
