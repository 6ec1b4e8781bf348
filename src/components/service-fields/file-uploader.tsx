import './file-uploader.less';
import { useEffect, useRef, useState } from 'react';
import { client, unwrap, type Schemas } from '@/api/client';
import { readFile } from '@/api/files';
import { compressImage } from '@/lib/image';
import { fetchWithUploadProgress } from '@/lib/xhr-fetch';

export type UploadedFile = Schemas['UploadedFile'];

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const UPLOAD_ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf';
const TOO_LARGE = '文件大小不能超过10MB';

/** Object URLs of image thumbnails by fileId: the compressed file as uploaded, or the stored one read back. */
const thumbs = new Map<string, string>();

const isImage = (f: UploadedFile) => f.mimeType.startsWith('image/');

/** Uploads one file to /api/wj/upload (photos compressed first); progress goes to onProgress. */
export async function uploadFile(file: File, onProgress: (fraction: number) => void = () => {}) {
  const prepared = await compressImage(file);
  if (prepared.size > MAX_UPLOAD_BYTES) {
    return { ok: false as const, code: 100, msg: TOO_LARGE, errors: [] };
  }
  const result = await unwrap(
    client.POST('/api/wj/upload', {
      body: { file: prepared as unknown as string },
      bodySerializer: (body) => {
        const form = new FormData();
        form.append('file', body.file as unknown as Blob, prepared.name);
        return form;
      },
      fetch: fetchWithUploadProgress(onProgress),
      loading: false,
    }),
  );
  // The server stores images as JPEG: the compressed file is what it keeps, drawn without reading it back.
  if (result.ok && isImage(result.data)) thumbs.set(result.data.fileId, URL.createObjectURL(prepared));
  return result;
}

/** Thumbnails of the images among the files; those uploaded before (a draft, a correction) are read back once. */
function useThumbs(files: UploadedFile[]) {
  const [, redraw] = useState(0);
  useEffect(() => {
    for (const f of files.filter((x) => isImage(x) && !thumbs.has(x.fileId))) {
      thumbs.set(f.fileId, '');
      void readFile(f.fileId, true).then((r) => {
        if (r.ok) thumbs.set(f.fileId, URL.createObjectURL(r.data));
        redraw((n) => n + 1);
      });
    }
  }, [files]);
  return (f: UploadedFile) => thumbs.get(f.fileId);
}

export interface FileUploaderProps {
  label: string;
  files: UploadedFile[];
  onChange: (files: UploadedFile[]) => void;
  max?: number;
  accept?: string;
  error?: string;
  hint?: string;
  id?: string;
  /** A material the form cannot be sent without: its title carries the same * as a required field's label. */
  required?: boolean;
}

/** Picks, compresses and uploads files, shows progress and the server's message. */
export function FileUploader({
  label,
  files,
  onChange,
  max = 9,
  accept = UPLOAD_ACCEPT,
  error,
  hint,
  id = 'uploader',
  required,
}: FileUploaderProps) {
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const inputId = `${id}-input`;
  const messageId = `${id}-message`;
  const shown = error || message;
  const thumb = useThumbs(files);

  async function onPick(list: FileList | null) {
    const picked = Array.from(list ?? []).slice(0, Math.max(0, max - files.length));
    if (input.current) input.current.value = '';
    if (!picked.length) return;
    setMessage('');
    let current = files;
    for (const [index, file] of picked.entries()) {
      setProgress(0);
      const result = await uploadFile(file, (f) => setProgress((index + f) / picked.length));
      if (!result.ok) {
        setMessage(result.msg || '上传失败，请重试');
        break;
      }
      current = [...current, result.data];
      onChange(current);
    }
    setProgress(null);
  }

  return (
    <div class="weui-cells weui-cells_form app-uploader">
      <div class="weui-cell weui-cell_uploader">
        <div class="weui-cell__bd">
          <div class="weui-uploader">
            <div class="weui-uploader__hd">
              <label class={required ? 'weui-uploader__title app-label_required' : 'weui-uploader__title'} for={inputId}>
                {label}
              </label>
              <div class="weui-uploader__info">
                {files.length}/{max}
              </div>
            </div>
            {hint && <p class="app-field__hint">{hint}</p>}
            <div class="weui-uploader__bd">
              <ul class="weui-uploader__files">
                {files.map((f) => (
                  <li class="weui-uploader__file app-uploader__file" key={f.fileId}>
                    {thumb(f) ? (
                      <img class="app-uploader__thumb" src={thumb(f)} alt={f.name} />
                    ) : (
                      <span class="app-uploader__name">{f.name}</span>
                    )}
                    <button
                      type="button"
                      class="app-uploader__remove"
                      aria-label={`删除 ${f.name}`}
                      onClick={() => {
                        URL.revokeObjectURL(thumb(f) || '');
                        thumbs.delete(f.fileId);
                        onChange(files.filter((x) => x.fileId !== f.fileId));
                      }}
                    >
                      ×
                    </button>
                  </li>
                ))}
              </ul>
              {files.length < max && (
                <div class="weui-uploader__input-box">
                  <input
                    ref={input}
                    id={inputId}
                    class="weui-uploader__input"
                    type="file"
                    accept={accept}
                    multiple={max - files.length > 1}
                    disabled={progress !== null}
                    aria-describedby={shown ? messageId : undefined}
                    aria-required={required || undefined}
                    onChange={(e) => void onPick((e.currentTarget as HTMLInputElement).files)}
                  />
                </div>
              )}
            </div>
            {progress !== null && (
              <div class="weui-progress app-uploader__progress">
                <div
                  class="weui-progress__bar"
                  role="progressbar"
                  aria-label="上传进度"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(progress * 100)}
                >
                  <div class="weui-progress__inner-bar" style={{ width: `${Math.round(progress * 100)}%` }} />
                </div>
              </div>
            )}
            {shown && (
              <p class="app-field__error" id={messageId} role="alert">
                {shown}
              </p>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
