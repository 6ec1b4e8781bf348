// The image code's accessible way through (issue 8, finding 4): the proof-of-work solver, and the button that solves
// the challenge and fills the field, announced as 验证完成; the picture itself still refreshes on a tap.
import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/preact';
import { CaptchaImage } from '@/components/ui/captcha-image';
import RegisterPage from '@/features/auth/register-page';
import { solvePow } from '@/lib/pow';
import { requestsTo, stubFetch } from './helpers';

/** Leading zero bits of SHA-256(text), computed by Node, not by the code under test. */
function zeroBits(text: string): number {
  const hex = createHash('sha256').update(text).digest('hex');
  let bits = 0;
  for (const ch of hex) {
    const nibble = parseInt(ch, 16);
    if (nibble) return bits + Math.clz32(nibble) - 28;
    bits += 4;
  }
  return bits;
}

const png = 'data:image/png;base64,iVBORw0KGgo=';
const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

describe('solvePow', () => {
  it('finds a nonce whose hash with the challenge begins with the required zero bits, answered as ~<base 36>', async () => {
    for (const [challenge, difficulty] of [
      ['3f2c8e0a-4b7d-4d0e-9a51-0c8b2f1e7a66', 12],
      ['another-challenge', 10],
    ] as const) {
      const answer = await solvePow({ challenge, difficulty });
      expect(answer).toMatch(/^~[0-9a-z]{1,7}$/);
      expect(zeroBits(`${challenge}:${answer.slice(1)}`)).toBeGreaterThanOrEqual(difficulty);
    }
  });

  it('answers the first nonce that solves it (deterministic for a challenge)', async () => {
    const p = { challenge: 'fixed', difficulty: 8 };
    const answer = await solvePow(p);
    const n = parseInt(answer.slice(1), 36);
    for (let k = 0; k < n; k++) expect(zeroBits(`fixed:${k.toString(36)}`)).toBeLessThan(8);
    expect(await solvePow(p)).toBe(answer);
  });
});

describe('CaptchaImage', () => {
  it('has an alt text, refreshes on a tap, and 看不清？无障碍验证 fills the field and announces 验证完成', async () => {
    const onRefresh = vi.fn();
    const onSolved = vi.fn();
    render(
      <CaptchaImage
        captcha={{ uuid: 'u-1', img: png, pow: { challenge: 'c-1', difficulty: 10 } }}
        onRefresh={onRefresh}
        onSolved={onSolved}
      />,
    );
    expect(screen.getByRole('img', { name: '图形验证码' }).getAttribute('src')).toBe(png);
    fireEvent.click(screen.getByRole('button', { name: '看不清？换一张图形验证码' }));
    expect(onRefresh).toHaveBeenCalledOnce();

    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    fireEvent.click(screen.getByRole('button', { name: '看不清？无障碍验证' }));
    await vi.waitFor(() => expect(status.textContent).toBe('验证完成'));
    expect(onSolved).toHaveBeenCalledOnce();
    const answer = onSolved.mock.calls[0]![0] as string;
    expect(zeroBits(`c-1:${answer.slice(1)}`)).toBeGreaterThanOrEqual(10);
  });

  it('offers no accessible way when the backend sends no challenge', () => {
    render(<CaptchaImage captcha={{ uuid: 'u-1', img: png }} onRefresh={() => {}} onSolved={() => {}} />);
    expect(screen.getByRole('img', { name: '图形验证码' })).not.toBeNull();
    expect(screen.queryByRole('button', { name: '看不清？无障碍验证' })).toBeNull();
  });

  it('drops an answer found for a code that has since been replaced', async () => {
    const onSolved = vi.fn();
    const props = { onRefresh: () => {}, onSolved };
    const { rerender } = render(<CaptchaImage captcha={{ uuid: 'u-1', img: png, pow: { challenge: 'old', difficulty: 4 } }} {...props} />);
    fireEvent.click(screen.getByRole('button', { name: '看不清？无障碍验证' }));
    rerender(<CaptchaImage captcha={{ uuid: 'u-2', img: png, pow: { challenge: 'new', difficulty: 4 } }} {...props} />);
    // The old search ends within a few hashes, after the new code arrived.
    await new Promise((r) => setTimeout(r, 300));
    expect(onSolved).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('');
  });
});

describe('the accessible way in a form (注册, step 1)', () => {
  it('fills the image-code field with the answer, which is sent with the uuid like a typed code', async () => {
    const fetch = stubFetch({
      '/api/registerOrLogin/sendMsgImgCode': { code: 200, data: { uuid: 'u-1', img: png, pow: { challenge: 'u-1', difficulty: 10 } } },
      '/api/registerOrLogin/imgCodeVerify': { code: 200, data: { smsTicket: 'st-1', expiresIn: 300 } },
      '/api/registerOrLogin/sendMsg': { code: 200, data: { resendAfter: 60, expiresIn: 300 } },
      '/api/dict/getSysDictByType': { code: 200, data: [] },
    });
    history.replaceState(null, '', '/web/register');
    render(<RegisterPage />);
    fireEvent.click(await screen.findByRole('button', { name: '看不清？无障碍验证' }));
    await vi.waitFor(() => expect(screen.getByRole('status').textContent).toBe('验证完成'));
    const field = screen.getByLabelText('图形验证码') as HTMLInputElement;
    expect(field.value).toMatch(/^~[0-9a-z]{1,7}$/);
    expect(zeroBits(`u-1:${field.value.slice(1)}`)).toBeGreaterThanOrEqual(10);

    type('手机号', '13800138000');
    fireEvent.click(screen.getByRole('button', { name: '获取短信验证码' }));
    await screen.findByLabelText('短信验证码');
    expect(await requestsTo(fetch, '/api/registerOrLogin/imgCodeVerify')[0]!.json()).toEqual({
      phone: '13800138000',
      code: field.value,
      uuid: 'u-1',
    });
  });
});
