import { useEffect, useState } from 'react';
import type { Schemas } from '@/api/client';
import { showToast } from '@/state/ui';
import { Modal } from '../kit';
import { readAttachment } from './api';

type Attachment = Schemas['Attachment'];

async function download(appId: number, file: Attachment) {
  const r = await readAttachment(appId, file.fileId, true);
  if (!r.ok) return showToast(r.msg || '文件下载失败');
  const url = URL.createObjectURL(r.data);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

const isImage = (file: Attachment) => file.mimeType.startsWith('image/');

/** The attachments: images as thumbnails that open large, other files (PDF) to download. */
export function Attachments({ appId, files }: { appId: number; files: Attachment[] }) {
  const [urls, setUrls] = useState<Record<string, string>>({});
  const [open, setOpen] = useState<Attachment | null>(null);

  useEffect(() => {
    const made: string[] = [];
    let live = true;
    for (const file of files.filter(isImage)) {
      void readAttachment(appId, file.fileId, false).then((r) => {
        if (!r.ok) return;
        const url = URL.createObjectURL(r.data);
        made.push(url);
        if (live) setUrls((prev) => ({ ...prev, [file.fileId]: url }));
      });
    }
    return () => {
      live = false;
      made.forEach((u) => URL.revokeObjectURL(u));
    };
  }, [appId, files]);

  return (
    <>
      <ul class="adm-files">
        {files.map((file) => (
          <li key={file.fileId}>
            {isImage(file) ? (
              <button type="button" class="adm-files__thumb" onClick={() => setOpen(file)} aria-label={`查看 ${file.clmc || file.name}`}>
                {urls[file.fileId] ? <img src={urls[file.fileId]} alt="" /> : <span class="adm-muted">加载中</span>}
              </button>
            ) : (
              <button
                type="button"
                class="adm-files__thumb"
                onClick={() => void download(appId, file)}
                aria-label={`下载 ${file.clmc || file.name}`}
              >
                <span class="adm-files__type">PDF</span>
              </button>
            )}
            <span class="adm-files__name">{file.clmc || file.name}</span>
            {file.clmc && <span class="adm-muted">{file.name}</span>}
            <button type="button" class="adm-link" onClick={() => void download(appId, file)}>
              下载
            </button>
          </li>
        ))}
      </ul>
      {open && (
        <Modal title={open.clmc || open.name} onClose={() => setOpen(null)}>
          <img class="adm-files__large" src={urls[open.fileId]} alt={open.clmc || open.name} />
        </Modal>
      )}
    </>
  );
}
