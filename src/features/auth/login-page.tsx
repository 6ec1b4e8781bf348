import { lazy, Suspense, useEffect, useState } from 'react';
import { client, unwrap } from '@/api/client';
import { AppLink } from '@/components/ui/app-link';
import { navigate } from '@/lib/nav';
import { Button } from '@/components/ui/button';
import { Form, useForm } from '@/components/ui/form';
import { TextField } from '@/components/ui/form-field';
import { paths } from '@shared/pages/paths';
import { lazySchema } from '@/lib/lazy-schema';
import { completeSignIn } from '@/stores/auth';
import { captchaExpectedAtOpen, captchaExpectedFor, forgetCaptcha, rememberCaptcha } from './captcha-memory';

// Most sign-ins never need the image code: it loads when it is first shown.
const ImageCode = lazy(() => import('./image-code').then((m) => ({ default: m.ImageCode })));

/** Failed attempts after which the image code is shown even if the server did not ask yet. */
const CAPTCHA_AFTER_FAILURES = 3;

const loginSchema = lazySchema('loginSchema');
const loginWithCaptchaSchema = lazySchema('loginWithCaptchaSchema');

type LoginSchema = Awaited<ReturnType<typeof loginSchema | typeof loginWithCaptchaSchema>>;

const needsCaptcha = (data: unknown) =>
  typeof data === 'object' && data !== null && (data as { needCaptcha?: unknown }).needCaptcha === true;

/** 登录: account + password, image code when required, unified login, visit count. */
export default function LoginPage() {
  const form = useForm({ username: '', password: '', code: '' });
  const { values, set, errors } = form;
  // Shown from the start when it will be needed: before a name is typed, if the last answer on this device asked for
  // it; once a name is typed, if the server asked for that name (issue 25: another account on the same phone was
  // asked for the code its predecessor had earned); always once the server asks on this page.
  const [atOpen] = useState(captchaExpectedAtOpen);
  const [asked, setAsked] = useState(false);
  const captcha = asked || (values.username.trim() ? captchaExpectedFor(values.username) : atOpen);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [uuid, setUuid] = useState('');
  const [failures, setFailures] = useState(0);
  const [visits, setVisits] = useState<number | null>(null);
  const [casPending, setCasPending] = useState(false);

  useEffect(() => {
    void unwrap(client.GET('/h5/fangwen', { loading: false, silent: true })).then((r) => {
      if (r.ok) setVisits(r.data);
    });
  }, []);

  const submit = () =>
    form.submit<LoginSchema>(captcha ? loginWithCaptchaSchema : loginSchema, async (input) => {
      const result = captcha
        ? await unwrap(client.POST('/qhyhlogin', { body: { username: input.username, password: input.password, code: input.code, uuid } }))
        : await unwrap(client.POST('/qhyhlogin_false', { body: { username: input.username, password: input.password } }));
      if (result.ok && typeof result.data === 'string') {
        forgetCaptcha(input.username);
        const info = await completeSignIn(result.data);
        if (info.ok) await navigate(paths.home.href(), { replace: true });
        return info;
      }
      if (!result.ok) {
        const count = failures + 1;
        setFailures(count);
        if (needsCaptcha(result.data)) rememberCaptcha(input.username);
        if (needsCaptcha(result.data) || count >= CAPTCHA_AFTER_FAILURES || captcha) {
          setAsked(true);
          setCaptchaKey((k) => k + 1);
        }
      }
      return result;
    });

  async function unifiedLogin() {
    setCasPending(true);
    // The server names the service (its own callback): a ticket is bound to this site.
    const result = await unwrap(client.GET('/h5/getUnifiedLoginUrl'));
    if (result.ok) location.href = result.data;
    else setCasPending(false);
  }

  return (
    <div class="app-page">
      <div class="auth-brand">
        <div class="auth-brand__logo" aria-hidden="true">
          户
        </div>
        <p class="auth-brand__name">高校户籍业务办理</p>
      </div>
      <Form id="login" onSubmit={() => void submit()} errors={errors} focusKey={form.focusKey}>
        <div class="weui-cells weui-cells_form">
          <TextField
            label="账号"
            name="username"
            value={values.username}
            onValue={set('username')}
            error={errors.username}
            placeholder="手机号 / 学号 / 工作证号"
            autoComplete="username"
            maxLength={30}
            required
          />
          <TextField
            label="密码"
            name="password"
            type="password"
            value={values.password}
            onValue={set('password')}
            error={errors.password}
            placeholder="请输入密码"
            autoComplete="current-password"
            maxLength={64}
            required
          />
          {captcha && (
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
              extra={
                <Suspense fallback={null}>
                  <ImageCode refreshKey={captchaKey} onUuid={setUuid} onSolved={set('code')} />
                </Suspense>
              }
            />
          )}
        </div>
        <div class="app-actions">
          <Button type="submit" loading={form.pending}>
            登录
          </Button>
          <Button variant="default" loading={casPending} onClick={() => void unifiedLogin()}>
            统一身份认证
          </Button>
        </div>
      </Form>
      <nav class="app-links" aria-label="其他操作">
        <AppLink href={paths.register.href()}>注册</AppLink>
        <AppLink href={paths.forget.href()}>忘记密码</AppLink>
      </nav>
      {visits !== null && <p class="auth-visits app-muted">访问量：{visits}</p>}
    </div>
  );
}
