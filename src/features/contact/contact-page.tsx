import { useEffect, useState } from 'react';
import { client, unwrap, type Schemas } from '@/api/client';
import { Cell, Cells } from '@/components/ui/cells';

type ContactInfo = Schemas['ContactInfo'];

/** 联系我们: the office's address, hours and phones (server configuration). */
export default function ContactPage() {
  const [info, setInfo] = useState<ContactInfo | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    void unwrap(client.GET('/api/system/contact')).then((r) => {
      if (r.ok) setInfo(r.data);
      else setFailed(true);
    });
  }, []);

  if (failed) return <p class="app-empty">联系方式加载失败，请稍后重试</p>;
  if (!info)
    return (
      <p class="app-empty" aria-busy="true">
        正在加载…
      </p>
    );
  return (
    <div class="app-page">
      <Cells title={info.officeName}>
        <Cell label="办公地址" value={info.address} />
        <Cell label="办公时间" value={info.hours} />
      </Cells>
      <Cells title="联系电话">
        {info.phones.map((p) => (
          <Cell
            key={p.phone}
            label={p.label}
            value={
              <a href={`tel:${p.phone.replace(/[^\d+-]/g, '')}`} class="contact-phone">
                {p.phone}
              </a>
            }
          />
        ))}
        {info.email && <Cell label="电子邮箱" value={<a href={`mailto:${info.email}`}>{info.email}</a>} />}
      </Cells>
      {info.notes && <p class="app-page__intro">{info.notes}</p>}
    </div>
  );
}
