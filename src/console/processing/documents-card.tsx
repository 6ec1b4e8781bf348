import { useState } from 'react';
import type { Schemas } from '@/api/client';
import { TextArea } from '@/components/service-fields/text-area';
import { SubmitButton } from '@/components/ui/button';
import { Form, useForm } from '@/components/ui/form';
import { formatDate, formatDateTime } from '@/lib/format';
import { confirmDialog, showToast } from '@/state/ui';
import { LoadError, Modal } from '../kit';
import { announce, schema, useRemote } from '../data';
import { issueDocument, loadDocuments, readDocument, revokeDocument } from './api';

type Doc = Schemas['AdminDocument'];

const KIND_NAMES: Record<Schemas['DocumentKind'], string> = { hjzm: '户籍证明', hkk: '户口卡', hzsy: '户主页' };

async function download(doc: Doc) {
  const r = await readDocument(doc.id);
  if (!r.ok) return showToast(r.msg || '文件下载失败');
  const url = URL.createObjectURL(new Blob([r.data], { type: 'application/pdf' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${doc.title}-${doc.number}.pdf`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function RevokeForm({ doc, onDone }: { doc: Doc; onDone: () => void }) {
  const form = useForm({ reason: '' });
  const { values, set, errors } = form;
  const submit = () =>
    form.submit(schema('revokeSchema'), async (input) => {
      const r = await revokeDocument(doc.id, input);
      if (announce(r, '已作废')) onDone();
      return r;
    });
  return (
    <Form id="revoke" onSubmit={() => void submit()} errors={errors} focusKey={form.focusKey} label="作废电子证明">
      <p class="adm-muted">
        作废 {doc.title}（{doc.number}）。作废后核验页面立即显示「已作废」，申请人不能再下载，直到重新签发。
      </p>
      <div class="weui-cells weui-cells_form">
        <TextArea
          label="作废原因"
          name="reason"
          value={values.reason}
          onValue={set('reason')}
          error={errors.reason}
          maxLength={200}
          required
          placeholder="申请人将在申请详情中看到"
        />
      </div>
      <SubmitButton pending={form.pending}>确认作废</SubmitButton>
    </Form>
  );
}

/** 电子证明 of an application: every edition with its status, download, 作废 and 签发 / 重新签发. */
export function DocumentsCard({ appId, finished }: { appId: number; finished: boolean }) {
  const list = useRemote(() => loadDocuments(appId), [appId]);
  const [revoking, setRevoking] = useState<Doc | null>(null);
  const [busy, setBusy] = useState(false);
  const data = list.data;
  if (!data?.issuable.length && !list.error) return null;

  async function issue(kind: Schemas['DocumentKind'], again: boolean) {
    if (again) {
      const yes = await confirmDialog({
        title: '重新签发',
        message: `将签发新的${KIND_NAMES[kind]}（新的文件编号与核验码），申请人可再次下载。`,
        confirmText: '签发',
        cancelText: '取消',
      });
      if (!yes) return;
    }
    setBusy(true);
    const r = await issueDocument(appId, kind);
    setBusy(false);
    if (r.ok) showToast(r.msg || '签发成功');
    else announce(r, '');
    list.reload();
  }

  const latest = (kind: Schemas['DocumentKind']) => data?.documents.find((d) => d.kind === kind);
  return (
    <section class="adm-card" aria-label="电子证明">
      <h3 class="adm-card__title">电子证明</h3>
      <LoadError message={list.error} />
      {data && !data.documents.length && <p class="adm-muted">{finished ? '尚未签发' : '办结后自动签发'}</p>}
      {data?.documents.map((d) => (
        <div key={d.id} class="adm-doc">
          <p>
            <b>{d.title}</b> <span class={`adm-tag adm-doc__${d.status}`}>{d.statusText}</span>
          </p>
          <p class="adm-muted">
            {d.number} · 核验码 {d.code}
          </p>
          <p class="adm-muted">
            签发于 {formatDateTime(d.issuedAt)}
            {d.expiresAt ? ` · 有效期至 ${formatDate(d.expiresAt)}` : ''}
            {d.selfSigned ? ' · 自签名证书' : ''}
          </p>
          {d.revokedAt && (
            <p class="adm-muted">
              {d.revokedBy ?? ''} 于 {formatDateTime(d.revokedAt)} 作废：{d.revokeReason}
            </p>
          )}
          <p class="adm-doc__actions">
            <button type="button" class="adm-link" onClick={() => void download(d)}>
              下载
            </button>
            <a class="adm-link" href={d.checkUrl} target="_blank" rel="noopener noreferrer">
              核验页面
            </a>
            {d.status === 'valid' && (
              <button type="button" class="adm-link adm-link_danger" onClick={() => setRevoking(d)}>
                作废
              </button>
            )}
          </p>
        </div>
      ))}
      {finished &&
        data?.issuable.map((kind) => {
          const last = latest(kind);
          if (last && last.status !== 'revoked') return null;
          return (
            <button
              key={kind}
              type="button"
              class="weui-btn weui-btn_default weui-btn_mini"
              disabled={busy}
              onClick={() => void issue(kind, !!last)}
            >
              {last ? '重新签发' : '签发'}
              {KIND_NAMES[kind]}
            </button>
          );
        })}
      {revoking && (
        <Modal title="作废电子证明" onClose={() => setRevoking(null)}>
          <RevokeForm
            doc={revoking}
            onDone={() => {
              setRevoking(null);
              list.reload();
            }}
          />
        </Modal>
      )}
    </section>
  );
}
