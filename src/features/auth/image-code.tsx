import './image-code.css';
import { useEffect, useState } from 'react';
import { client, unwrap } from '@/api/client';

export interface ImageCodeProps {
  /** Changing it loads a new image (image codes are single-use). */
  refreshKey: number;
  onUuid: (uuid: string) => void;
}

/** The image code (captcha) picture; tapping it loads a new one. */
export function ImageCode({ refreshKey, onUuid }: ImageCodeProps) {
  const [img, setImg] = useState('');
  const [bump, setBump] = useState(0);

  useEffect(() => {
    let live = true;
    void unwrap(client.GET('/api/registerOrLogin/sendMsgImgCode', { loading: false })).then((result) => {
      if (!live || !result.ok) return;
      setImg(result.data.img);
      onUuid(result.data.uuid);
    });
    return () => {
      live = false;
    };
    // onUuid is a setter from the parent; reloading follows only the keys.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refreshKey, bump]);

  return (
    <button type="button" class="auth-captcha" onClick={() => setBump((b) => b + 1)} aria-label="看不清？换一张图形验证码">
      {img ? <img src={img} alt="图形验证码" width={100} height={40} /> : <span class="app-muted">加载中</span>}
    </button>
  );
}
