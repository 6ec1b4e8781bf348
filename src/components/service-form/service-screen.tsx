import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useLocation, useSearch } from 'wouter';
import { $session } from '@/state/session';
import { draftStorageKey, readDraft } from './draft';
import { ServiceGuide } from './service-guide';
import { stepOf } from './step';
import type { Refusal } from './service-refusal';

export type { Refusal };

type FormModule<P> = { default: ComponentType<P> };

// A refusal is rare: its page (and the buttons it shares with the forms) is fetched only for one.
const Refused = lazy(() => import('./service-refusal'));

type Load<P> = () => Promise<FormModule<P>>;
/** Form modules fetched, and being fetched, by loader: the guide's prefetch and the form's render share one fetch. */
const fetched = new Map<unknown, ComponentType<never>>();
const fetching = new Map<unknown, Promise<FormModule<never>>>();
function fetchForm<P>(load: Load<P>): Promise<FormModule<P>> {
  let request = fetching.get(load);
  if (!request) {
    request = load().then((m) => {
      fetched.set(load, m.default as ComponentType<never>);
      return m as FormModule<never>;
    });
    // A fetch that failed (offline) is tried again next time.
    request.catch(() => fetching.delete(load));
    fetching.set(load, request);
  }
  return request as Promise<FormModule<P>>;
}

/**
 * The form's component, one per form module: the module itself when it was fetched while the guide was read (shown
 * at once), else a lazy one (shown once fetched). Made once, so the form is never mounted anew.
 */
const components = new Map<unknown, ComponentType<never>>();
function formOf<P>(load: Load<P>): ComponentType<P> {
  let component = components.get(load);
  if (!component) components.set(load, (component = fetched.get(load) ?? (lazy(() => fetchForm(load)) as ComponentType<never>)));
  return component as unknown as ComponentType<P>;
}

export interface ServiceScreenProps<P> {
  /** ServiceCode of the form: names its draft (继续办理 when there is one) and its guide. */
  serviceCode: string;
  /** The form's module: the steps after the guide (form, review, confirmation), fetched once the guide is shown. */
  form: Load<P>;
  /** Props of the form's component. */
  formProps: P;
  /** Why the service cannot be started now, or null. Not told on the confirmation of a submit. */
  refusal?: Refusal | null;
  /** false while the refusal is still being decided (nothing is shown yet). */
  ready?: boolean;
}

/**
 * A service screen that opens on its guide: the refusal or the guide are shown with this small module alone, and
 * the form's code (its fields, the form hooks, the review and confirmation) is fetched once the guide is shown, while
 * the user reads it. Reached on a later step (a reload, Back, a correction with edit=1), the screen is the form.
 */
export function ServiceScreen<P extends object>({ serviceCode, form, formProps, refusal, ready = true }: ServiceScreenProps<P>) {
  const [path, go] = useLocation();
  const search = useSearch();
  const query = new URLSearchParams(search);
  const { step } = stepOf(query);
  const [starting, setStarting] = useState(false);

  if (step !== 'done' && !ready) return null;
  if (step !== 'done' && refusal) {
    return (
      <Suspense fallback={null}>
        <Refused refusal={refusal} />
      </Suspense>
    );
  }
  if (step === 'guide') {
    const draft = readDraft(draftStorageKey(serviceCode, $session.get().userInfo?.id));
    return (
      <ServiceGuide
        serviceCode={serviceCode}
        resumed={Boolean(draft)}
        // Failed (offline): fetched again on 开始办理, where a failure offers a reload (routes.tsx's error boundary).
        onShown={() => void fetchForm(form).catch(() => undefined)}
        starting={starting}
        onStart={() => {
          if (starting) return;
          const tapped = location.href;
          const open = () => {
            setStarting(false);
            // Left meanwhile (Back): stay where the user went.
            if (location.href !== tapped) return;
            query.set('step', 'form');
            go(`${path}?${query.toString()}`);
          };
          if (fetched.has(form)) return open();
          // Not in yet (a slow network, a quick tap): the button shows it is loading until the form can show at once; a
          // failed fetch still opens the step, where the error boundary offers a reload.
          setStarting(true);
          void fetchForm(form).then(open, open);
        }}
      />
    );
  }
  const Form = formOf(form);
  return (
    <Suspense fallback={<p class="app-empty" aria-busy="true" />}>
      <Form {...formProps} />
    </Suspense>
  );
}
