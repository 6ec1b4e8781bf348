import { useEffect, useState } from 'react';
import { client, unwrap, type Schemas } from '@/api/client';
import { CaptchaImage } from '@/components/ui/captcha-image';

export interface ImageCodeProps {
  /** Changing it loads a new image (image codes are single-use). */
  refreshKey: number;
  onUuid: (uuid: string) => void;
  /** Fills the code field (the accessible way through). */
  onSolved: (code: string) => void;
}

/** The image code of sign-in, registration and retrieval: loads it and shows it; tapping the picture loads a new one. */
export function ImageCode({ refreshKey, onUuid, onSolved }: ImageCodeProps) {
  const [captcha, setCaptcha] = useState<Schemas['CaptchaImage'] | null>(null);
  const [bump, setBump] = useState(0);

  useEffect(() => {
    let live = true;
    void unwrap(client.GET('/api/registerOrLogin/sendMsgImgCode', { loading: false })).then((result) => {
      if (!live || !result.ok) return;
      setCaptcha(result.data);
      onUuid(result.data.uuid);
    });
    return () => {
      live = false;
    };
    // onUuid is a setter from the parent; reloading follows only the keys.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refreshKey, bump]);

  return <CaptchaImage captcha={captcha} onRefresh={() => setBump((b) => b + 1)} onSolved={onSolved} />;
}
