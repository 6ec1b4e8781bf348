import { ServiceIndex } from '@/components/service-fields/service-index';
import type { RouteKey } from '@shared/pages/paths';

const services: { key: RouteKey; note: string }[] = [
  { key: 'certifIdCard', note: '首次申领、换领、补领，预约受理日期' },
  { key: 'certifHrCard', note: '户口卡遗失或损坏后补办' },
];

/** 证件办理: the certificate services. */
export default function CertifPage() {
  return <ServiceIndex services={services} />;
}
