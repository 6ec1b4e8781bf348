import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { usablePhone } from '@/components/service-form/delivery-fields';
import type { Values } from '@/components/service-form/draft';
import { ServiceFlow } from '@/components/service-form/service-flow';
import { useServiceForm } from '@/components/service-form/use-service-form';
import { $session } from '@/state/session';
import type { MoveInForm } from './move-in-form';
import type { MoveInService } from './move-in-services';

/**
 * 新生迁入, 博士后迁入, 教职工迁入, 家属随迁 after their guide (move-in-form-page): the form of the route on the shared form
 * experience (form, review, confirmation, draft, idempotent submit), once its module and dictionaries are in.
 */
export default function MoveInFlow({ load }: { load: MoveInService['load'] }) {
  const { userInfo } = useStore($session);
  const [form, setForm] = useState<MoveInForm | null>(null);

  useEffect(() => {
    void load().then(async (make) => {
      const made = make($session.get().userInfo);
      await made.ready();
      setForm(made);
    });
    // The form is made once per screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!form) return null;
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
