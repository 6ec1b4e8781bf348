import { useStore } from '@nanostores/react';
import { ServiceScreen } from '@/components/service-form/service-screen';
import { $session } from '@/state/session';

/** The server's refusal, told before the user starts. */
const NOT_IN_SCHOOL = '您的户口不在本校，无法补办户口卡';

const form = () => import('./hr-card-form');

/** 户口卡补办: its guide, or why it cannot be started; the form (hr-card-form) is fetched while the guide is read. */
export default function HrCardPage() {
  const { userInfo } = useStore($session);
  return (
    <ServiceScreen serviceCode="hkkbb" form={form} formProps={{}} refusal={userInfo?.hkIn === false ? { title: NOT_IN_SCHOOL } : null} />
  );
}
