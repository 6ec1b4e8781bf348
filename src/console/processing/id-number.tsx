// An ID number on the console stays masked until a staff member presses 显示: each reveal is one server call
// (adminRevealIdNumber), audited there; 隐藏 masks it again and forgets it, so seeing it again is another reveal.
import { useState } from 'react';
import { announce } from '../data';
import { revealIdNumber } from './api';

/** A masked ID number of an application with 显示/隐藏; `idKey` is `applicant` or a summary row's idKey. */
export function IdNumber({ appId, idKey, masked, label }: { appId: number; idKey: string; masked: string; label: string }) {
  const [full, setFull] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function reveal() {
    setBusy(true);
    const r = await revealIdNumber(appId, idKey);
    setBusy(false);
    if (r.ok) setFull(r.data.sfzjh);
    else announce(r, '');
  }

  return (
    <span class="adm-id">
      <span class="adm-id__value" aria-live="polite">
        {full ?? masked}
      </span>
      <button
        type="button"
        class="adm-link"
        aria-label={`${full ? '隐藏' : '显示'}${label}`}
        disabled={busy}
        onClick={() => (full ? setFull(null) : void reveal())}
      >
        {full ? '隐藏' : '显示'}
      </button>
    </span>
  );
}
