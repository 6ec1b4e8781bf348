import { loaderFor } from '@/app/routes';
import { Cell, Cells } from '@/components/ui/cells';
import { paths, type RouteKey } from '@/config/paths';

const services: { key: RouteKey; note: string }[] = [
  { key: 'certifIdCard', note: '首次申领、换领、补领，预约受理日期' },
  { key: 'certifHrCard', note: '户口卡遗失或损坏后补办' },
];

/** 证件办理: the certificate services whose screens exist. */
export default function CertifPage() {
  return (
    <div class="app-page">
      <Cells title="请选择要办理的业务">
        {services
          .filter((s) => loaderFor(s.key))
          .map((s) => (
            <Cell
              key={s.key}
              href={paths[s.key].href()}
              label={
                <>
                  {paths[s.key].title}
                  <span class="app-muted" style={{ display: 'block' }}>
                    {s.note}
                  </span>
                </>
              }
            />
          ))}
      </Cells>
    </div>
  );
}
