import './verify.css';
import { useEffect, useState } from 'react';
import { useParams } from 'wouter';
import { client, unwrap, type Schemas } from '@/api/client';
import { Cell, Cells } from '@/components/ui/cells';
import { formatDate, formatDateTime } from '@/lib/format';

type Check = Schemas['DocumentCheck'];

const VERDICT: Record<Check['status'], { mark: string; title: string; note: string; tone: string }> = {
  valid: { mark: '✓', title: '文件有效', note: '该文件由户籍办公室签发，当前有效。', tone: '' },
  revoked: { mark: '!', title: '文件已作废', note: '该文件已被户籍办公室作废，不能再作为证明使用。', tone: 'verify-result_bad' },
  replaced: { mark: '!', title: '文件已换发新版本', note: '该文件已由新版本替代，请向持有人索取新文件。', tone: 'verify-result_old' },
  expired: { mark: '!', title: '文件已过期', note: '该文件已超过有效期。', tone: 'verify-result_old' },
};

async function sha256Hex(file: File): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The issued file's SHA-256 against the one in hand (computed on the phone; nothing is sent). */
function CompareFile({ expected }: { expected: string }) {
  const [verdict, setVerdict] = useState<'same' | 'different' | null>(null);
  if (typeof crypto === 'undefined' || !crypto.subtle)
    return <p class="verify-compare">如需比对手中的文件，请计算其 SHA-256 并与上方的值对照。</p>;
  return (
    <label class="verify-compare">
      选择手中的 PDF 文件，比对是否与签发的文件一致（文件不会上传）：
      <input
        type="file"
        accept="application/pdf,.pdf"
        onChange={(e) => {
          const file = (e.currentTarget as HTMLInputElement).files?.[0];
          if (file) void sha256Hex(file).then((hash) => setVerdict(hash === expected ? 'same' : 'different'));
        }}
      />
      {verdict === 'same' && <p class="verify-compare__ok">与签发的文件一致。</p>}
      {verdict === 'different' && <p class="verify-compare__bad">与签发的文件不一致：该文件可能被修改过，或不是这份文件。</p>}
    </label>
  );
}

/** 文件核验: the public check of an issued document, opened from its QR code (no sign-in). */
export default function VerifyPage() {
  const { code = '' } = useParams<{ code: string }>();
  const [check, setCheck] = useState<Check | null>(null);
  const [failed, setFailed] = useState('');

  useEffect(() => {
    setCheck(null);
    setFailed('');
    void unwrap(client.GET('/api/verify/{code}', { params: { path: { code } }, silent: true })).then((r) =>
      r.ok ? setCheck(r.data) : setFailed(r.msg || '核验失败，请稍后重试'),
    );
  }, [code]);

  if (failed)
    return (
      <div class="app-page">
        <section class="verify-result verify-result_bad" aria-live="polite">
          <span class="verify-result__mark" aria-hidden="true">
            ?
          </span>
          <h2 class="verify-result__title">{failed}</h2>
          <p class="verify-result__note">核验码：{code}</p>
        </section>
      </div>
    );
  if (!check) return <p class="app-empty">正在核验…</p>;
  const verdict = VERDICT[check.status];
  return (
    <div class="app-page">
      <section class={`verify-result ${verdict.tone}`} aria-live="polite">
        <span class="verify-result__mark" aria-hidden="true">
          {verdict.mark}
        </span>
        <h2 class="verify-result__title">{verdict.title}</h2>
        <p class="verify-result__note">{verdict.note}</p>
      </section>
      <Cells title="文件信息">
        <Cell label="文件名称" value={check.title} />
        <Cell label="文件编号" value={check.number} />
        <Cell label="持有人" value={check.holder} />
        <Cell label="签发机关" value={check.office} />
        <Cell label="签发时间" value={formatDateTime(check.issuedAt)} />
        <Cell label="有效期至" value={check.expiresAt ? formatDate(check.expiresAt) : '长期有效'} />
        {check.revokedAt && <Cell label="作废时间" value={formatDateTime(check.revokedAt)} />}
        <Cell label="电子签名" value={check.selfSigned ? '系统自签名证书（演示）' : '户籍办公室证书'} />
      </Cells>
      <Cells title="文件指纹（SHA-256）">
        <p class="weui-cell verify-hash">{check.sha256}</p>
        <CompareFile expected={check.sha256} />
      </Cells>
    </div>
  );
}
