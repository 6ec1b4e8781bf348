import { useState } from 'react';
import { useLocation } from 'wouter';
import { ServiceScreen } from '@/components/service-form/service-screen';

import type { QtbsGroup } from './qtbs-form';

const form = () => import('./qtbs-form');

/** 其他业务 and 其他信息变更: the guide of the route; the form (qtbs-form) is fetched while the guide is read. */
export default function QtbsPage() {
  const [path] = useLocation();
  const [group] = useState<QtbsGroup>(() => (path.startsWith('/change/') ? 'change' : 'other'));
  return <ServiceScreen serviceCode={group === 'change' ? 'qtbs-change' : 'qtbs'} form={form} formProps={{ group }} />;
}
