import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useSearch } from 'wouter';
import { answersOf } from '@/api/form-send';
import { type Schemas } from '@/api/client';
import { attachmentRefs, attachmentsValue } from '@/components/service-fields/attachments';
import { filesReview, LazyAttachmentsField } from '@/components/service-fields/attachments-lazy';
import { MailingFields, mailedBy, PickupFields, pickupReview } from '@/components/service-fields/contact-fields';
import { emptyDelivery, fromDelivery, toDelivery, usablePhone } from '@/components/service-form/delivery-fields';
import type { DeliveryChecked } from '@/components/service-form/delivery-schema';
import type { Values } from '@/components/service-form/draft';
import { ServiceFlow } from '@/components/service-form/service-flow';
import { useServiceForm } from '@/components/service-form/use-service-form';
import { $session } from '@/state/session';
import type { Context, MoveOutForm } from './move-out-form-kit';
import { isCertificate } from './move-out-services';

type Forms = { formFor: (sub: string, context: Context) => MoveOutForm | null };

const loaded = new Map<boolean, Forms>();
// Two imports written apart: one import() of a conditional gets the files of both groups preloaded.
const certificateForms = () => import('./certificate-forms');
const qianchuForms = () => import('./qianchu-form');

/** The module of the route's form (fetched with this one by the screen): each screen brings only its own group. */
function useForms(sub: string): Forms | undefined {
  const certificate = isCertificate(sub);
  const [forms, setForms] = useState(loaded.get(certificate));
  useEffect(() => {
    if (forms) return;
    void (certificate ? certificateForms() : qianchuForms()).then((m) => {
      loaded.set(certificate, m);
      setForms(m);
    });
  }, [forms, certificate]);
  return forms;
}

/** The move-out guard's answer handed over as query dizhi (JSON), or null. */
export function verdictOf(search: string): Schemas['MoveOutCheck'] | null {
  try {
    return JSON.parse(new URLSearchParams(search).get('dizhi') ?? 'null') as Schemas['MoveOutCheck'] | null;
  } catch {
    return null;
  }
}

export interface MoveOutFlowProps {
  /** The route's sub-route (graduate … c-issued). */
  sub: string;
  /** The user's last finished move-out, to prefill the /api/qianchu forms (null: none or not needed); undefined while loading. */
  last: Schemas['Application'] | null | undefined;
}

/**
 * Every /move-out/<sub> form (graduate … c-issued) after its guide (move-out-form-page): the form of the route, with
 * one material uploaded and pickup or mailing, on the shared form experience (form, review, confirmation, draft,
 * idempotent submit).
 */
export default function MoveOutFlow({ sub, last }: MoveOutFlowProps) {
  const search = useSearch();
  const editing = new URLSearchParams(search).get('edit') === '1';
  const forms = useForms(sub);
  const { id: userId } = useStore($session);
  if (!forms || last === undefined) return null;
  return <Screen forms={forms} sub={sub} context={{ last, verdict: verdictOf(search), userId, editing }} />;
}

/** The form of the route, made once (its prefill is read at the start). */
function Screen({ forms, sub, context }: { forms: Forms; sub: string; context: Context }) {
  const [form] = useState(() => forms.formFor(sub, context));
  return form ? <Form form={form} /> : null;
}

interface Checked {
  lqfs: '0' | '1';
  lxdh: string;
  yjxx?: DeliveryChecked;
}

function Form({ form }: { form: MoveOutForm }) {
  const { userInfo } = useStore($session);
  const flow = useServiceForm({
    serviceCode: form.serviceCode,
    initial: {
      ...form.initial,
      attachments: '[]',
      lqfs: '0',
      lxdh: usablePhone(userInfo?.phone),
      ...emptyDelivery(userInfo ?? {}),
    } as Values,
    schema: (values) => form.schema(values, mailedBy(values.lqfs)) as Promise<import('valibot').GenericSchema<unknown, Checked>>,
    toBody: (c: Checked, values) => ({
      ...form.toBody(c as never, values),
      lqfs: c.lqfs,
      lxdh: c.lxdh,
      ...(c.yjxx ? { yjxx: toDelivery(c.yjxx, values) } : {}),
      attachments: attachmentRefs(values.attachments, form.material),
    }),
    send: (body, header, editId) => form.send(body as never, header, editId),
    fromApplication: (app) => {
      const a = answersOf(app, form.kind);
      return {
        ...form.fromApplication(app),
        lqfs: a.lqfs ?? '0',
        lxdh: a.lxdh || '',
        attachments: attachmentsValue(app.attachments),
        ...fromDelivery(a.yjxx),
      };
    },
    onRefused: form.onRefused,
  });
  return (
    <ServiceFlow
      flow={flow}
      label={form.label}
      next={form.next}
      review={() => [...form.review(flow.values), filesReview(flow.values, form.material, 'attachments'), ...pickupReview(flow.values)]}
    >
      <form.Fields flow={flow} />
      <LazyAttachmentsField flow={flow} label={form.material} hint={form.hint} required={!form.optionalMaterial} />
      <div class="weui-cells weui-cells_form">
        <PickupFields flow={flow} />
      </div>
      <MailingFields flow={flow} />
    </ServiceFlow>
  );
}
