import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type * as v from 'valibot';
import type { FormSend } from '@/api/form-send';
import { client, unwrap, type ApiFailure, type Schemas } from '@/api/client';
import { fieldId } from '@/components/ui/form-field';
import { noticeCutPaste } from '@/components/ui/paste-notice';
import { paths } from '@shared/pages/paths';
import type { FieldErrors } from '@/lib/validators';
import { deliveryFieldOf, regionValues } from './form-names';
import { useDraft } from './use-draft';
import { newIdempotencyKey, type Values } from './draft';
import { unsettledNotice } from './outcome';
import { requestRegion, takeRegion } from './region';
import { editIdOf, entryAttempt, remember, stepOf, submitted, type Step } from './step';

export type { Step };
export type ApplicationSummary = Schemas['ApplicationSummary'];
export type Application = Schemas['Application'];
export type { IdempotencyHeader } from '@/api/types';

/** Validation (valibot) loads while the user reads and types, not with the screen. */
const loadValidators = () => import('@/lib/validators');

export interface ServiceFormOptions<V extends Values, O, B> {
  /** ServiceCode: names the draft and the guide. */
  serviceCode: string;
  /** Empty values (every field of the form, as strings). */
  initial: V;
  /**
   * The schema for these values (e.g. with the delivery part when mailed; dotted names are nested), loaded
   * with a dynamic import so valibot stays out of the screen: `(values) => import('./x-schema').then(…)`.
   */
  schema: (values: V) => Promise<v.GenericSchema<unknown, O>>;
  /** The request body from the checked values. */
  toBody: (checked: O, values: V) => B;
  /** Sends add (editId null) or edit; the header carries the attempt's idempotency key. */
  send: FormSend<B>;
  /** Values of the application being corrected (edit=1&id=), from its answers. */
  fromApplication?: (application: Application) => Partial<V>;
  /** Field errors for a refusal the form can explain (a full date…); other refusals show their message. */
  onRefused?: (failure: ApiFailure) => FieldErrors | void;
  /**
   * false: the form has no guide step. A form with a guide is shown by its screen (service-screen.tsx) only after
   * the guide: the screen shows the guide itself, without the form's code.
   */
  guide?: boolean;
}

/** Focuses a control once it is in the page (a part of the form may still be loading), for up to a second. */
function focusWhenShown(id: string, tries = 20): void {
  const control = document.getElementById(id);
  if (control) {
    control.focus();
    control.scrollIntoView?.({ block: 'center' });
  } else if (tries > 0) setTimeout(() => focusWhenShown(id, tries - 1), 50);
}

/** Dotted names become nested objects: `{ 'yjxx.pssj': x }` → `{ yjxx: { pssj: x } }`. */
export function nest(values: Values): Record<string, unknown> {
  const out: Record<string, Record<string, string> | string> = {};
  for (const [name, value] of Object.entries(values)) {
    const dot = name.indexOf('.');
    if (dot < 0) out[name] = value;
    else ((out[name.slice(0, dot)] ??= {}) as Record<string, string>)[name.slice(dot + 1)] = value;
  }
  return out;
}

/**
 * One service form from guide to confirmation: steps in the URL (`?step=form|review|done`, edit=1&id= kept),
 * values autosaved as a draft, validation with an error summary, a review step, and a submit that sends the
 * same Idempotency-Key until the attempt has a definite answer.
 */
export function useServiceForm<V extends Values, O, B>(options: ServiceFormOptions<V, O, B>) {
  const { serviceCode, schema, guide = true } = options;
  const [path, go] = useLocation();
  const search = useSearch();
  const query = new URLSearchParams(search);
  const editId = editIdOf(query);
  const tag = entryAttempt();
  const { step, finished } = stepOf(query, guide);
  // The confirmation's entry carries its attempt: what the server said at submit (conflicts) is remembered with it.
  const landed = step === 'done' && tag ? submitted()[tag] : undefined;
  const done =
    finished ??
    (step === 'done'
      ? { id: Number(query.get('id')), sqbh: query.get('sqbh') || '', ...(landed?.conflicts ? { conflicts: landed.conflicts } : {}) }
      : null);
  const attempt = useRef(tag && !submitted()[tag] ? tag : newIdempotencyKey());

  const draft = useDraft(serviceCode, options.initial, editId, () => {
    const region = takeRegion(serviceCode);
    return region ? (regionValues(region) as Partial<V>) : null;
  });
  const { values } = draft;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [focusKey, setFocusKey] = useState(0);
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState('');
  const [application, setApplication] = useState<Application | null>(null);
  const busy = useRef(false);
  const focusField = useRef<string | null>(null);

  const toStep = (next: Step, extra: Record<string, string | number> = {}, replace = false) => {
    const q = new URLSearchParams(search);
    q.set('step', next);
    for (const [k, value] of Object.entries(extra)) q.set(k, String(value));
    go(`${path}?${q.toString()}`, { replace, state: { sf: attempt.current } });
  };

  const fail = (next: FieldErrors) => {
    setErrors(next);
    setFocusKey((k) => k + 1);
  };

  const check = async () => {
    const [{ validate }, resolved] = await Promise.all([loadValidators(), schema(values)]);
    return validate(resolved, nest(values));
  };

  const validationFetched = useRef(false);
  useEffect(() => {
    // Fetched once the form shows, while the user types, so 下一步 does not wait for it; not with the guide, which a
    // weak connection should bring first (npm run size:screens counts it apart).
    if (validationFetched.current || (step !== 'form' && step !== 'review')) return;
    validationFetched.current = true;
    void loadValidators();
    void schema(values);
    // Once, when the form or the review first shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step]);

  useEffect(() => {
    if (!editId) return;
    void unwrap(client.GET('/api/wdsq/sqxq/getInfo', { params: { query: { id: editId } } })).then((r) => {
      if (!r.ok) return;
      setApplication(r.data);
      if (!draft.restored && options.fromApplication) draft.replace({ ...options.initial, ...options.fromApplication(r.data) });
    });
    // The application is read once per edit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editId]);

  useEffect(() => {
    if (finished) toStep('done', { id: finished.id, sqbh: finished.sqbh }, true);
    // An entry reached by a link is the attempt's too.
    else if (step !== 'guide' && !entryAttempt()) history.replaceState({ ...(history.state as object), sf: attempt.current }, '');
    // The review step opened without valid answers (a link, an old tab): back to the form.
    if (step === 'review') void check().then((r) => !r.ok && toStep('form', {}, true));
    if (step === 'form' && focusField.current) {
      focusWhenShown(fieldId(serviceCode, focusField.current));
      focusField.current = null;
    }
    // Runs when the step (or, going back, the entry) changes; values are read as they are then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step, search]);

  const set = (name: string) => (value: string) => {
    draft.update({ [name]: value } as Partial<V>);
    setErrors((prev) => {
      if (!(name in prev)) return prev;
      const { [name]: _cleared, ...rest } = prev;
      return rest;
    });
  };

  async function submit(): Promise<void> {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    setNotice('');
    const checked = await check();
    if (!checked.ok) {
      busy.current = false;
      setPending(false);
      fail(checked.errors);
      toStep('form', {}, true);
      return;
    }
    const body = options.toBody(checked.value, values);
    const key = draft.keyFor(JSON.stringify([editId, body]));
    const result = await options.send(body, { 'Idempotency-Key': key }, editId);
    busy.current = false;
    setPending(false);
    if (result.ok) {
      const summary = { id: result.data.id, sqbh: result.data.sqbh };
      remember(attempt.current, { ...summary, ...(result.data.conflicts?.length ? { conflicts: result.data.conflicts } : {}) });
      draft.clear();
      toStep('done', summary, true);
      // A new application from here (the guide's 开始办理) starts empty, as a new attempt.
      draft.replace(options.initial);
      attempt.current = newIdempotencyKey();
      return;
    }
    const unsettled = unsettledNotice(result);
    if (unsettled !== null) {
      setNotice(unsettled);
      return;
    }
    draft.settle();
    const { serverFieldErrors } = await loadValidators();
    const fieldErrors = {
      // The delivery's region errors (yjxx.ssq.code) show on its picker.
      ...serverFieldErrors(result.errors.map((e) => ({ ...e, field: deliveryFieldOf(e.field) }))),
      ...(options.onRefused?.(result) ?? {}),
    };
    if (Object.keys(fieldErrors).length) {
      fail(fieldErrors);
      toStep('form', {}, true);
      return;
    }
    setNotice(result.msg);
  }

  return {
    /** Id of the form (fields are `${formId}-${name}`). */
    formId: serviceCode,
    step,
    editId,
    values,
    set,
    /** Sets several values at once (e.g. clearing a date that is no longer offered). */
    patch: draft.update,
    errors,
    fail,
    focusKey,
    pending,
    /** A message for the review step (refusal, network). */
    notice,
    /** A draft was restored (the form says so). */
    restored: draft.restored,
    /** The application being corrected (edit=1). */
    application,
    /** Result of the submit, on the done step. */
    done,
    /** 下一步: validates, then the review step. */
    next: async () => {
      if (busy.current) return;
      busy.current = true;
      const checked = await check();
      busy.current = false;
      if (checked.ok) {
        setErrors({});
        toStep('review');
      } else fail(checked.errors);
    },
    /** 修改 on the review step: back to the form, focus on the field. */
    edit: (name: string) => {
      focusField.current = name;
      toStep('form', {}, true);
    },
    submit,
    /** A paste that a field's maxLength cuts short is said, never silent. */
    paste: noticeCutPaste,
    /** Opens /address for the region fields `${field}.*`; the draft is saved first. */
    pickRegion: (field: string) => {
      draft.save();
      requestRegion({ form: serviceCode, field });
      go(paths.address.href());
    },
  };
}

export type ServiceFormFlow = ReturnType<typeof useServiceForm>;
