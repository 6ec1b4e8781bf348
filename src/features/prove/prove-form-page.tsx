import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { useLocation } from 'wouter';
import { ServiceScreen } from '@/components/service-form/service-screen';
import { $session } from '@/state/session';
import type { Kind } from './api';

/** The server's refusal for 户籍证明, told before the user starts. */
const NOT_IN_SCHOOL = '您的户口不在本校，无法开具户籍证明';

const kindOf = (path: string): Kind =>
  path.startsWith('/prove/hr-issued') ? 'hjzmkj' : path.startsWith('/prove/n-issued') ? 'wwfzmkj' : 'wfzzmkj';

const form = () => import('./prove-form');

/**
 * 户籍证明, 无犯罪记录证明, 无违法证明 (by route): the proof's guide, or why it cannot be asked; the form (prove-form) is
 * fetched while the guide is read.
 */
export default function ProveFormPage() {
  const [path] = useLocation();
  const [kind] = useState(() => kindOf(path));
  const { userInfo } = useStore($session);
  return (
    <ServiceScreen
      serviceCode={kind}
      form={form}
      formProps={{ kind }}
      refusal={kind === 'hjzmkj' && userInfo?.hkIn === false ? { title: NOT_IN_SCHOOL } : null}
    />
  );
}
