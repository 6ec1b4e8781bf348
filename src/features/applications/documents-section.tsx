import { useEffect, useRef, useState } from 'react';
import { client, toldByClient, unwrap, unwrapBlob, type Schemas } from '@/api/client';
import { Button } from '@/components/ui/button';
import { Cell, Cells } from '@/components/ui/cells';
import { formatDate, formatDateTime } from '@/lib/format';
import { alertDialog, showToast } from '@/state/ui';

type Doc = Schemas['MyDocument'];

const inWeChat = () => /MicroMessenger/i.test(navigator.userAgent);
const tell = (r: { code: number; msg: string }) => !toldByClient(r) && showToast(r.msg || '文件获取失败，请稍后重试');

/** The check page on this site (the QR code and checkUrl hold the same path on the office's public address). */
const checkPath = (doc: Doc) => `/web/verify/${doc.code.replace(/-/g, '')}`;

/** The check address the document carries (its QR code), to share. */
async function copy(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    showToast('核验链接已复制');
  } catch {
    // Clipboard refused (an older webview): the address shown to select and copy by hand.
    await alertDialog({ title: '核验链接', message: url });
  }
}

/** 电子证明 of a finished application: each document's number, code and status, its download and its check address. */
export function DocumentsSection({ id }: { id: number }) {
  const [docs, setDocs] = useState<Doc[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [urls, setUrls] = useState<Record<string, string>>({});
  // The files' object URLs, released when the screen goes (the state above is the render's copy).
  const made = useRef<string[]>([]);

  useEffect(() => {
    void unwrap(client.GET('/api/documents', { params: { query: { id } }, silent: true })).then((r) => r.ok && setDocs(r.data));
  }, [id]);
  useEffect(() => () => made.current.forEach((u) => URL.revokeObjectURL(u)), []);

  async function fetchPdf(doc: Doc) {
    setBusy(doc.kind);
    if (inWeChat()) {
      const link = await unwrap(client.POST('/api/documents/link', { body: { id, kind: doc.kind } }));
      setBusy(null);
      if (!link.ok) return void tell(link);
      location.assign(new URL(link.data.url, location.origin).href);
      return;
    }
    const r = await unwrapBlob(client.GET('/api/documents/file', { params: { query: { id, kind: doc.kind } }, parseAs: 'blob' }));
    setBusy(null);
    if (!r.ok) return void tell(r);
    const blob = r.data.type === 'application/pdf' ? r.data : new Blob([r.data], { type: 'application/pdf' });
    const url = URL.createObjectURL(blob);
    made.current.push(url);
    setUrls((u) => ({ ...u, [doc.kind]: url }));
  }

  if (!docs.length) return null;
  return (
    <>
      {docs.map((doc) => {
        const url = urls[doc.kind];
        return (
          <Cells key={doc.kind} title={`电子证明 · ${doc.title}`}>
            <Cell label="状态" value={doc.statusText} />
            <Cell label="文件编号" value={doc.number} />
            <Cell label="核验码" value={doc.code} />
            <Cell label="签发时间" value={formatDateTime(doc.issuedAt)} />
            {doc.expiresAt && <Cell label="有效期至" value={formatDate(doc.expiresAt)} />}
            {doc.revokeReason && <Cell label="作废原因" value={doc.revokeReason} />}
            {doc.status === 'valid' && (
              <div class="app-actions">
                {url ? (
                  <>
                    <a class="weui-btn weui-btn_primary" href={url} download={`${doc.title}-${doc.number}.pdf`}>
                      保存 PDF
                    </a>
                    <a class="weui-btn weui-btn_default" href={url} target="_blank" rel="noopener">
                      在新页面打开
                    </a>
                  </>
                ) : (
                  <Button loading={busy === doc.kind} onClick={() => void fetchPdf(doc)}>
                    下载电子证明
                  </Button>
                )}
                <Button variant="default" onClick={() => void copy(doc.checkUrl)}>
                  复制核验链接
                </Button>
                <a class="weui-btn weui-btn_default" href={checkPath(doc)}>
                  查看核验页面
                </a>
              </div>
            )}
          </Cells>
        );
      })}
    </>
  );
}
