import './steps.css';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { client, unwrap } from '@/api/client';
import { AppLink } from '@/components/ui/app-link';
import { SubmitButton } from '@/components/ui/button';
import { Form, useForm } from '@/components/ui/form';
import { TextField } from '@/components/ui/form-field';
import { paths } from '@shared/pages/paths';
import { lazySchema } from '@/lib/lazy-schema';
import { PASSWORD_RULE } from '@/lib/rules';
import { ImageCode } from './image-code';

export const RESEND_SECONDS = 60;

/** Step indicator with a focusable heading, so each step change is announced. */
export function StepHeader({ steps, current }: { steps: string[]; current: number }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [current]);
  return (
    <>
      <ol class="auth-steps" aria-label="步骤">
        {steps.map((s, i) => (
          <li key={s} class={i < current ? 'auth-steps__done' : undefined} aria-current={i === current ? 'step' : undefined}>
            {s}
          </li>
        ))}
      </ol>
      <h2 class="visually-hidden" tabIndex={-1} ref={heading}>
        第{current + 1}步，共{steps.length}步：{steps[current]}
      </h2>
    </>
  );
}

export interface PhoneStepProps {
  scene: 'register' | 'forget';
  phone: string;
  /** Called once the SMS code is on its way. */
  onSent: (phone: string, resendAfter: number) => void;
}

/** Step 1: phone and image code; passing the image code sends the SMS code. */
export function PhoneStep({ scene, phone, onSent }: PhoneStepProps) {
  const form = useForm({ phone, code: '' });
  const { values, set, errors } = form;
  const [uuid, setUuid] = useState('');
  const [captchaKey, setCaptchaKey] = useState(0);

  const submit = () =>
    form.submit(lazySchema('phoneStepSchema'), async (input) => {
      const verified = await unwrap(
        client.POST('/api/registerOrLogin/imgCodeVerify', { body: { phone: input.phone, code: input.code, uuid } }),
      );
      if (!verified.ok) {
        setCaptchaKey((k) => k + 1);
        return verified;
      }
      const sent = await unwrap(
        client.POST('/api/registerOrLogin/sendMsg', {
          body: { phone: input.phone, smsTicket: verified.data.smsTicket, scene },
        }),
      );
      if (!sent.ok) {
        setCaptchaKey((k) => k + 1);
        return sent;
      }
      onSent(input.phone, sent.data.resendAfter ?? RESEND_SECONDS);
      return sent;
    });

  return (
    <Form id={`${scene}-phone`} onSubmit={() => void submit()} errors={errors} focusKey={form.focusKey}>
      <div class="weui-cells weui-cells_form">
        <TextField
          label="手机号"
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={11}
          placeholder="请输入手机号"
          value={values.phone}
          onValue={set('phone')}
          error={errors.phone}
          required
        />
        <TextField
          label="图形验证码"
          name="code"
          autoComplete="off"
          autoCapitalize="off"
          maxLength={8}
          placeholder="请输入右侧字符"
          value={values.code}
          onValue={set('code')}
          error={errors.code}
          required
          extra={<ImageCode refreshKey={captchaKey} onUuid={setUuid} onSolved={set('code')} />}
        />
      </div>
      <SubmitButton pending={form.pending}>获取短信验证码</SubmitButton>
    </Form>
  );
}

/** Seconds left until `until` (a timestamp), ticking every second. */
export function useCountdown(until: number): number {
  const left = () => Math.max(0, Math.ceil((until - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    const timer = setInterval(() => {
      const s = left();
      setSeconds(s);
      if (s <= 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
    // left() reads only `until`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [until]);
  return seconds;
}

export interface SmsStepProps {
  scene: 'register' | 'forget';
  phone: string;
  smsCode: string;
  /** The code already checked at this step (its ticket is kept): going on again needs no new check. */
  verifiedCode: string | null;
  /** Shown under the code field on arrival (a ticket the last step found spent). */
  error?: string;
  /** When a new code may be requested (ms timestamp). */
  resendAt: number;
  /** A new code needs a new image code: back to step 1. */
  onResend: () => void;
  /** Every keystroke, so the code survives going back and forth. */
  onCode: (smsCode: string) => void;
  onVerified: (smsCode: string, phoneTicket: string) => void;
}

/**
 * Step 2: the SMS code, with the 60 s resend countdown. The code is checked here (verifySmsCode): a wrong one is
 * refused under its field at once; the right one is used up for the phone ticket the last step sends.
 */
export function SmsStep({ scene, phone, smsCode, verifiedCode, error, resendAt, onResend, onCode, onVerified }: SmsStepProps) {
  const form = useForm({ smsCode });
  const { values, set, errors } = form;
  const seconds = useCountdown(resendAt);
  const masked = phone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2');

  useEffect(() => {
    if (error) form.fail({ smsCode: error });
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = () =>
    form.submit(lazySchema('smsStepSchema'), async (input) => {
      if (input.smsCode === verifiedCode) {
        onVerified(input.smsCode, '');
        return;
      }
      const result = await unwrap(client.POST('/api/registerOrLogin/verifySmsCode', { body: { phone, smsCode: input.smsCode, scene } }));
      if (result.ok) onVerified(input.smsCode, result.data.phoneTicket);
      return result;
    });

  return (
    <Form id={`${scene}-sms`} onSubmit={() => void submit()} errors={errors} focusKey={form.focusKey}>
      <p class="app-page__intro">短信验证码已发送至 {masked}，5分钟内有效。</p>
      <div class="weui-cells weui-cells_form">
        <TextField
          label="短信验证码"
          name="smsCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="6位数字"
          value={values.smsCode}
          onValue={(value) => {
            set('smsCode')(value);
            onCode(value);
          }}
          error={errors.smsCode}
          required
          extra={
            <button type="button" class="auth-resend" disabled={seconds > 0} onClick={onResend}>
              {seconds > 0 ? `重新发送(${seconds}s)` : '重新发送'}
            </button>
          }
        />
      </div>
      <SubmitButton pending={form.pending}>下一步</SubmitButton>
    </Form>
  );
}

/** The phone as proved at the SMS step: the last step sends the ticket instead of the code. */
export interface PhoneProof {
  phone: string;
  phoneTicket: string;
}

export interface LastStep {
  proof: PhoneProof;
  /** Back to the SMS step (上一步); the code and its ticket are kept. */
  back: () => void;
  /**
   * The server found the ticket spent (used by an earlier try, or expired): back to the SMS step with the message under
   * the code, for a new code.
   */
  ticketSpent: (message: string) => void;
}

export interface PhoneVerifiedStepsProps {
  scene: PhoneStepProps['scene'];
  /** The three step names; the last is the screen's own. */
  steps: string[];
  /** The last step, once the phone is proved by its SMS code. Its state belongs to the page, so it survives 上一步. */
  last: (step: LastStep) => ReactNode;
  /** Text of the link back to the login screen. */
  loginLink: string;
}

/** 注册 and 找回密码 share their first two steps: phone + image code, then the SMS code, checked at its step. */
export function PhoneVerifiedSteps({ scene, steps, last, loginLink }: PhoneVerifiedStepsProps) {
  const [step, setStep] = useState(0);
  const [phone, setPhone] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [ticket, setTicket] = useState<{ code: string; phoneTicket: string } | null>(null);
  const [smsError, setSmsError] = useState<string | undefined>();
  const [resendAt, setResendAt] = useState(0);

  const toSmsStep = (error?: string) => {
    setSmsError(error);
    setStep(1);
  };

  return (
    <div class="app-page">
      <StepHeader steps={steps} current={step} />
      {step === 0 && (
        <PhoneStep
          scene={scene}
          phone={phone}
          onSent={(p, after) => {
            // A new code: the old one and its ticket are gone.
            setPhone(p);
            setSmsCode('');
            setTicket(null);
            setResendAt(Date.now() + after * 1000);
            toSmsStep();
          }}
        />
      )}
      {step === 1 && (
        <SmsStep
          scene={scene}
          phone={phone}
          smsCode={smsCode}
          verifiedCode={ticket?.code ?? null}
          error={smsError}
          resendAt={resendAt}
          onResend={() => setStep(0)}
          onCode={setSmsCode}
          onVerified={(code, phoneTicket) => {
            if (phoneTicket) setTicket({ code, phoneTicket });
            setSmsError(undefined);
            setStep(2);
          }}
        />
      )}
      {step === 2 &&
        ticket &&
        last({
          proof: { phone, phoneTicket: ticket.phoneTicket },
          back: () => toSmsStep(),
          ticketSpent: (message) => {
            setTicket(null);
            toSmsStep(message);
          },
        })}
      <nav class="app-links" aria-label="其他操作">
        <AppLink href={paths.login.href()}>{loginLink}</AppLink>
      </nav>
    </div>
  );
}

/** A refusal of the phone ticket (400 on phoneTicket): its message, else null. */
export const spentTicket = (result: { ok: boolean; errors?: readonly { field: string; message: string }[] }) =>
  (!result.ok && result.errors?.find((e) => e.field === 'phoneTicket')?.message) || null;

export interface NewPasswordFieldsProps {
  label: string;
  placeholder: string;
  confirmPlaceholder: string;
  values: { password: string; password2: string };
  set: (name: 'password' | 'password2') => (value: string) => void;
  errors: Partial<Record<string, string>>;
}

/** A new password typed twice, with the rule as a hint (注册 and 找回密码). */
export function NewPasswordFields({ label, placeholder, confirmPlaceholder, values, set, errors }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        label={label}
        name="password"
        type="password"
        autoComplete="new-password"
        maxLength={64}
        placeholder={placeholder}
        hint={PASSWORD_RULE}
        value={values.password}
        onValue={set('password')}
        error={errors.password}
        required
      />
      <TextField
        label="确认密码"
        name="password2"
        type="password"
        autoComplete="new-password"
        maxLength={64}
        placeholder={confirmPlaceholder}
        value={values.password2}
        onValue={set('password2')}
        error={errors.password2}
        required
      />
    </>
  );
}
