import { useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { toldByClient } from '@/api/client';
import { Button } from '@/components/ui/button';
import { Cells } from '@/components/ui/cells';
import { paths } from '@shared/pages/paths';
import { showToast } from '@/state/ui';
import { headPhoto, voucherLink, voucherPdf, type VoucherPdfPath } from './api/voucher';
import { openLatest } from './history';

type Kind = 'hkk' | 'hz';

const files: Record<
  Kind,
  {
    title: string;
    button: string;
    name: string;
    link: 'hkk' | 'hzsy';
    path: VoucherPdfPath;
  }
> = {
  hkk: { title: '户口卡（集体户口本人页）', button: '获取户口卡 PDF', name: '户口卡', link: 'hkk', path: '/api/qianru/downloadhkkPdf' },
  hz: { title: '集体户户主首页', button: '获取户主首页 PDF', name: '集体户户主首页', link: 'hzsy', path: '/api/qianru/downloadHzsyzpPdf' },
};

/** WeChat's webview cannot open blob: addresses: there the PDF opens by a short-lived signed link instead. */
const inWeChat = () => /MicroMessenger/i.test(navigator.userAgent);

/** An object URL that lives as long as the screen. */
function useObjectUrls() {
  const urls = useRef<string[]>([]);
  useEffect(() => () => urls.current.forEach((u) => URL.revokeObjectURL(u)), []);
  return (blob: Blob) => {
    const url = URL.createObjectURL(blob);
    urls.current.push(url);
    return url;
  };
}

/** A refusal the middleware did not tell already is told here. */
const tell = (r: { code: number; msg: string }) => !toldByClient(r) && showToast(r.msg || '文件获取失败，请稍后重试');

/**
 * 迁入凭证: the household card PDF and the household head's first page (photo and PDF), read as blobs with the
 * token and offered to save (<a download>) or open in a new page. In WeChat, which ignores `download` and cannot
 * open blob: addresses, each PDF opens by a short-lived signed link in WeChat's own viewer.
 */
export default function VoucherPage() {
  const id = Number(new URLSearchParams(useSearch()).get('id')) || 0;
  const [urls, setUrls] = useState<Partial<Record<Kind, string>>>({});
  const [busy, setBusy] = useState<Kind | null>(null);
  const [photo, setPhoto] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const objectUrl = useObjectUrls();

  useEffect(() => {
    setUrls({});
    setPhoto(null);
    if (!id) {
      void openLatest('voucher', (app) => paths.moveInVoucher.href({ id: app })).then((found) => setMissing(!found));
      return;
    }
    void headPhoto(id).then((img) => img && setPhoto(objectUrl(img)));
    // objectUrl is stable for the screen's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  async function fetchPdf(kind: Kind) {
    setBusy(kind);
    if (inWeChat()) {
      const link = await voucherLink(id, files[kind].link);
      setBusy(null);
      if (!link.ok) return void tell(link);
      // WeChat shows the PDF in its viewer, whose menu offers 在浏览器打开 and sending to a chat.
      location.assign(new URL(link.data.url, location.origin).href);
      return;
    }
    const r = await voucherPdf(files[kind].path, id);
    setBusy(null);
    if (!r.ok) return void tell(r);
    setUrls((u) => ({ ...u, [kind]: objectUrl(r.data) }));
  }

  if (missing) return <p class="app-empty">暂无可下载的迁入凭证，迁入办结后可在此下载。</p>;
  if (!id) return null;
  return (
    <div class="app-page">
      <p class="app-page__intro">迁入已办结。以下凭证可保存到手机，办理其他业务时出示。</p>
      {(['hkk', 'hz'] as const).map((kind) => {
        const url = urls[kind];
        const file = files[kind];
        return (
          <Cells key={kind} title={file.title}>
            {kind === 'hz' && photo && <img src={photo} alt="集体户户主首页照片" style={{ display: 'block', width: '100%' }} />}
            <div class="app-actions">
              {url ? (
                <>
                  <a class="weui-btn weui-btn_primary" href={url} download={`${file.name}.pdf`}>
                    保存 PDF
                  </a>
                  <a class="weui-btn weui-btn_default" href={url} target="_blank" rel="noopener">
                    在新页面打开
                  </a>
                </>
              ) : (
                <Button loading={busy === kind} onClick={() => void fetchPdf(kind)}>
                  {file.button}
                </Button>
              )}
            </div>
          </Cells>
        );
      })}
      <p class="app-page__intro app-muted">
        {inWeChat()
          ? '在微信中，PDF 将在微信的文件预览中打开，可通过右上角菜单“在浏览器打开”或发送给朋友保存；链接 5 分钟内有效。'
          : '如无法直接保存，请点击“在新页面打开”后在浏览器中保存。'}
      </p>
    </div>
  );
}
