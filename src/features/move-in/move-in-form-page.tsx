import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useLocation, useSearch } from 'wouter';
import { ServiceScreen } from '@/components/service-form/service-screen';
import { editIdOf } from '@/components/service-form/step';
import { $session } from '@/state/session';
import { $sectors, loadSectors } from '@/stores/sectors';
import { moveInService, type MoveInService } from './move-in-services';

/** The steps after the guide with the route's form and its dictionaries, fetched while the guide is read. */
const flows = new Map<MoveInService, () => Promise<typeof import('./move-in-flow')>>();
const flowOf = (service: MoveInService) => {
  let load = flows.get(service);
  if (!load) {
    load = () =>
      Promise.all([import('./move-in-flow'), service.load().then((make) => make($session.get().userInfo).ready())]).then(([m]) => m);
    flows.set(service, load);
  }
  return load;
};

/**
 * 新生迁入, 博士后迁入, 教职工迁入, 家属随迁 (by route): the form's guide, or why it cannot be started now (a correction,
 * edit=1, is not refused); the form (move-in-flow) is fetched while the guide is read.
 */
export default function MoveInFormPage() {
  const [path] = useLocation();
  const [service] = useState(() => moveInService(path));
  const { userInfo } = useStore($session);
  const sectors = useStore($sectors);
  const editing = editIdOf(new URLSearchParams(useSearch())) !== null;

  useEffect(() => {
    if (service.needsSectors && !$sectors.get().loaded) void loadSectors();
  }, [service]);

  return (
    <ServiceScreen
      serviceCode={service.serviceCode}
      form={flowOf(service)}
      formProps={{ load: service.load }}
      ready={editing || !service.needsSectors || sectors.loaded}
      refusal={editing ? null : service.refusal({ user: userInfo, sectors })}
    />
  );
}
