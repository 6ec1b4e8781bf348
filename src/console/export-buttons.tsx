import { useState } from 'react';
import { client, unwrapBlob } from '@/api/client';
import { showToast } from '@/state/ui';
import { isoDay } from './dates';

type ExportPath =
  '/api/admin/exports/applications' | '/api/admin/exports/borrowed' | '/api/admin/exports/ratings' | '/api/admin/exports/audit';

/**
 * 导出 Excel / CSV of what a list shows (its filters, every page), read with the console's token and saved under
 * a Chinese name. `full` offers a 管理员 the full ID numbers and phones (the server refuses anyone else; audited).
 */
export function ExportButtons({
  path,
  query,
  title,
  full = false,
}: {
  path: ExportPath;
  query: Record<string, unknown>;
  title: string;
  full?: boolean;
}) {
  const [inFull, setInFull] = useState(false);
  const [busy, setBusy] = useState(false);

  async function save(format: 'xlsx' | 'csv') {
    if (busy) return;
    setBusy(true);
    const params = { query: { ...query, format, ...(full && inFull ? { full: '1' } : {}) } } as never;
    const r = await unwrapBlob(client.GET(path, { params, parseAs: 'blob', loading: true }));
    setBusy(false);
    if (!r.ok) return showToast(r.msg || '导出失败，请稍后重试');
    const url = URL.createObjectURL(r.data);
    const a = document.createElement('a');
    a.href = url;
    a.download = `${title}-${isoDay().replace(/-/g, '')}.${format}`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }

  return (
    <span class="adm-export">
      {full && (
        <label class="adm-check">
          <input type="checkbox" checked={inFull} onChange={(e) => setInFull(e.currentTarget.checked)} />
          含完整身份证件号与手机号
        </label>
      )}
      <button type="button" class="weui-btn weui-btn_default weui-btn_mini" disabled={busy} onClick={() => void save('xlsx')}>
        导出 Excel
      </button>
      <button type="button" class="weui-btn weui-btn_default weui-btn_mini" disabled={busy} onClick={() => void save('csv')}>
        导出 CSV
      </button>
    </span>
  );
}
