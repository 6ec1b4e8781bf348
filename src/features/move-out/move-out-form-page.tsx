import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { Schemas } from '@/api/client';
import { ServiceScreen } from '@/components/service-form/service-screen';
import { moveOutSubRoute } from '@/lib/move-out-route';
import { lastFinishedMoveOut } from './api/last-finished';
import { CERTIFICATE_CODES, isCertificate, NO_REASSIGNMENT } from './move-out-services';

// The steps after the guide with the route's group of forms, fetched while the guide is read; two loaders written
// apart, so that each screen brings only its own group.
const certificateFlow = () => Promise.all([import('./move-out-flow'), import('./certificate-forms')]).then(([m]) => m);
const qianchuFlow = () => Promise.all([import('./move-out-flow'), import('./qianchu-form')]).then(([m]) => m);

/**
 * The user's last finished move-out (getLastFinishedQcByUserSfzjh), to prefill a move-out; null when there is
 * none or it is not needed; undefined while loading.
 */
function useLastFinished(needed: boolean): Schemas['Application'] | null | undefined {
  const [last, setLast] = useState<Schemas['Application'] | null | undefined>(needed ? undefined : null);
  useEffect(() => {
    if (needed) void lastFinishedMoveOut().then(setLast);
    // Read once per visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return last;
}

/**
 * Every /move-out/<sub> screen (graduate … c-issued): the form's guide once the move-out guard let the user in, or
 * why 毕业生改派 cannot be started; the form (move-out-flow) is fetched while the guide is read.
 */
export default function MoveOutFormPage() {
  const [path] = useLocation();
  const search = useSearch();
  const [sub] = useState(() => path.replace(/\/+$/, '').split('/').pop() || '');
  const editing = new URLSearchParams(search).get('edit') === '1';
  const certificate = isCertificate(sub);
  // Only the /api/qianchu forms are prefilled from a past move-out.
  const last = useLastFinished(!editing && !certificate);
  // Opened directly (a reload, a shared link): the router's guard is still checking; its answer arrives as dizhi.
  const checking = moveOutSubRoute(`${path}?${search}`) !== null && !new URLSearchParams(search).has('dizhi');
  const reassignment = sub === 'reassignment' && !editing;
  return (
    <ServiceScreen
      serviceCode={certificate ? CERTIFICATE_CODES[sub]! : `qianchu-${sub}`}
      form={certificate ? certificateFlow : qianchuFlow}
      formProps={{ sub, last }}
      ready={!checking && !(reassignment && last === undefined)}
      refusal={reassignment && last === null ? { title: NO_REASSIGNMENT, description: '毕业生改派须先办结毕业生迁出。' } : null}
    />
  );
}
