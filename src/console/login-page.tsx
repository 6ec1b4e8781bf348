import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { client, unwrap, type Schemas } from '@/api/client';
import { SubmitButton } from '@/components/ui/button';
import { CaptchaImage } from '@/components/ui/captcha-image';
import { Form, useForm } from '@/components/ui/form';
import { TextField } from '@/components/ui/form-field';
import { adminPaths } from '@/console/paths';
import { hasStaffToken, staffSignIn } from '@/console/staff';
import { schema } from './data';

/** Where to go after signing in: the page that asked for it, never another site. */
const nextPath = (search: string) => {
  const next = new URLSearchParams(search).get('next') ?? '';
  return /^\/(?!\/)/.test(next) ? next : adminPaths.dashboard.href();
};

/** 工作人员登录: sign-in name, password and an image code (always); a new image code after every failure. */
export default function LoginPage() {
  const [, go] = useLocation();
  const search = useSearch();
  const form = useForm({ username: '', password: '', code: '' });
  const { values, set, errors } = form;
  const [captcha, setCaptcha] = useState<Schemas['CaptchaImage'] | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);

  useEffect(() => {
    // Already signed in (the console checks the token when it opens).
    if (hasStaffToken()) go(nextPath(search), { replace: true });
    // Only on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    let live = true;
    setCaptcha(null);
    void unwrap(client.GET('/api/admin/captcha', { loading: false })).then((r) => {
      if (live && r.ok) setCaptcha(r.data);
    });
    return () => {
      live = false;
    };
  }, [captchaKey]);

  const submit = () =>
    form.submit(schema('loginSchema'), async (input) => {
      const r = await unwrap(client.POST('/api/admin/login', { body: { ...input, uuid: captcha?.uuid ?? '' } }));
      if (r.ok && typeof r.data === 'string') {
        const me = await staffSignIn(r.data);
        if (me.ok) go(nextPath(search), { replace: true });
        return me;
      }
      // Image codes are single-use: every failure needs a new one.
      set('code')('');
      setCaptchaKey((k) => k + 1);
      return r;
    });

  return (
    <div class="adm-login">
      <div class="adm-card adm-login__card">
        <h1 class="adm-login__title">户籍工作台</h1>
        <p class="app-muted adm-login__sub">户籍办公室工作人员登录</p>
        <Form id="admin-login" onSubmit={() => void submit()} errors={errors} focusKey={form.focusKey} label="工作人员登录">
          <div class="weui-cells weui-cells_form">
            <TextField
              label="登录名"
              name="username"
              value={values.username}
              onValue={set('username')}
              error={errors.username}
              autoComplete="username"
              autoCapitalize="off"
              maxLength={32}
              required
            />
            <TextField
              label="密码"
              name="password"
              type="password"
              value={values.password}
              onValue={set('password')}
              error={errors.password}
              autoComplete="current-password"
              maxLength={64}
              required
            />
            <TextField
              label="图形验证码"
              name="code"
              value={values.code}
              onValue={set('code')}
              error={errors.code}
              placeholder="请输入右侧字符"
              autoComplete="off"
              autoCapitalize="off"
              maxLength={8}
              required
              extra={<CaptchaImage captcha={captcha} onRefresh={() => setCaptchaKey((k) => k + 1)} onSolved={set('code')} />}
            />
          </div>
          <SubmitButton pending={form.pending}>登录</SubmitButton>
        </Form>
      </div>
    </div>
  );
}
