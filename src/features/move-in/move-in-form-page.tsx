import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useLocation, useSearch } from 'wouter';
import type { UserInfo } from '@/api/client';
import { usablePhone } from '@/components/service-form/delivery-fields';
import type { Values } from '@/components/service-form/draft';
import { ServiceFlow } from '@/components/service-form/service-flow';
import { useServiceForm } from '@/components/service-form/use-service-form';
import { LinkButton } from '@/components/ui/button';
import { RefusalPage } from '@/components/ui/refusal-page';
import { paths } from '@/config/paths';
import { $sectors, loadSectors } from '@/stores/sectors';
import { $session } from '@/stores/session';
import type { MoveInForm } from './move-in-form';

/** Each route's form module (its fields, answers ↔ wire, review and texts), loaded with the screen. */
function loadForm(path: string): Promise<(user: UserInfo | null) => MoveInForm> {
  if (path.startsWith(paths.moveInNew.path)) return import('./yingxin-form').then((m) => m.form);
  if (path.startsWith(paths.moveInStaffM.path)) return import('./family-form').then((m) => m.form);
  const qrlx = path.startsWith(paths.moveInDr.path) ? '1' : '2';
  return import('./qianru-form').then((m) => (user) => m.form(user, qrlx));
}

/**
 * 新生迁入, 博士后迁入, 教职工迁入, 家属随迁: the form of the route on the shared form experience (guide, form, review,
 * confirmation, draft, idempotent submit), or why it cannot be started now.
 */
export default function MoveInFormPage() {
  const [path] = useLocation();
  const { userInfo } = useStore($session);
  const sectors = useStore($sectors);
  const [form, setForm] = useState<MoveInForm | null>(null);

  useEffect(() => {
    void loadForm(path).then(async (make) => {
      const made = make($session.get().userInfo);
      if (made.needsSectors && !$sectors.get().loaded) void loadSectors();
      await made.ready();
      setForm(made);
    });
    // The form is made once per screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const query = new URLSearchParams(useSearch());
  if (!form || (form.needsSectors && !sectors.loaded)) return null;
  // Refusals are told before starting; a correction (edit=1) or a finished submit is not refused.
  const refusal = query.get('edit') !== '1' && query.get('step') !== 'done' ? form.refusal?.({ user: userInfo, sectors }) : null;
  if (refusal) {
    return (
      <RefusalPage title={refusal.title} description={refusal.description}>
        {refusal.link && <LinkButton href={refusal.link[0]}>{refusal.link[1]}</LinkButton>}
      </RefusalPage>
    );
  }
  return <Form form={form} phone={usablePhone(userInfo?.phone)} />;
}

function Form({ form, phone }: { form: MoveInForm; phone: string }) {
  const flow = useServiceForm({
    serviceCode: form.serviceCode,
    initial: { lxdh: phone, ...form.initial } as Values,
    schema: form.schema,
    toBody: form.toBody as (checked: never, values: Values) => never,
    send: form.send,
    fromApplication: form.fromApplication,
    onRefused: form.onRefused,
  });
  return (
    <ServiceFlow flow={flow} label={form.label} next={form.next} review={() => form.review(flow.values)}>
      <form.Fields flow={flow} />
    </ServiceFlow>
  );
}
