import { useRef, useState } from 'react';
import type { Schemas } from '@/api/types';
import type { PowChallenge } from '@/lib/pow';

export interface CaptchaImageProps {
  /** The image code (picture, uuid and, from our server, the proof-of-work challenge); null while loading. */
  captcha: Schemas['CaptchaImage'] | null;
  /** Loads a new image code. */
  onRefresh: () => void;
  /** Fills the code field with the answer of the accessible way (no picture to read). */
  onSolved: (code: string) => void;
}

// Inline: a stylesheet of its own would be one more file for the screens that show it. Lengths carry their unit:
// Preact's core sets a number as it is (only React adds px).
const button = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '100px',
  minHeight: '44px',
  padding: '0',
  border: '0',
  background: 'none',
};
const link = { ...button, minHeight: '24px', color: 'var(--app-link)', fontSize: '12px', whiteSpace: 'nowrap' };

/**
 * An image code (captcha): the picture, which a tap replaces, and 「看不清？无障碍验证」, which solves the code's
 * proof-of-work challenge (about a second) and fills the field in place of the characters, announced as 验证完成.
 */
export function CaptchaImage({ captcha, onRefresh, onSolved }: CaptchaImageProps) {
  // What the status says belongs to one code: a new code clears it, and an answer found for an old one is dropped.
  const current = captcha ? captcha.uuid : '';
  const [status, setStatus] = useState({ uuid: '', text: '' });
  const latest = useRef('');
  latest.current = current;
  const pow = captcha && captcha.pow;

  async function solve() {
    const uuid = current;
    setStatus({ uuid, text: '正在验证…' });
    try {
      // The solver loads when first asked for: most people read the picture.
      const answer = await (await import('@/lib/pow')).solvePow(pow as PowChallenge);
      if (latest.current !== uuid) return;
      onSolved(answer);
      setStatus({ uuid, text: '验证完成' });
    } catch {
      setStatus({ uuid, text: '验证失败，请重试' });
    }
  }

  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
      <button type="button" style={button} onClick={onRefresh} aria-label="看不清？换一张图形验证码">
        {captcha ? (
          <img src={captcha.img} alt="图形验证码" width={100} height={40} style={{ borderRadius: '4px' }} />
        ) : (
          <span class="app-muted">加载中</span>
        )}
      </button>
      {pow && typeof crypto === 'object' && crypto.subtle && (
        <button type="button" style={link} onClick={() => void solve()}>
          看不清？无障碍验证
        </button>
      )}
      <span class="visually-hidden" role="status">
        {status.uuid === current ? status.text : ''}
      </span>
    </div>
  );
}
