// The inputs of a staff transition the office's data decides: the couriers staff ship with, a 寄出's courier and
// waybill checked, and what the forms of 寄出 and 通知领取 start with.
import type { components } from '../../shared/contract/schema';
import { badRequest } from '../lib/envelope.ts';
import type { ApplicationRow } from '../repositories/applications.ts';
import type { Repositories } from '../repositories/index.ts';
import type { Handling } from './applications.ts';
import { Status } from '../domain/index.ts';

type S = components['schemas'];
export type Prefill = NonNullable<S['TransitionOption']['prefill']>;

/** Couriers staff may ship with (the dictionary qh_express, enabled ones), for the 寄出 form. */
export async function couriersOf(repos: Repositories): Promise<{ value: string; label: string }[]> {
  return (await repos.dict.list('qh_express')).filter((c) => c.enabled).map((c) => ({ value: c.value, label: c.label }));
}

/** The courier (its code in qh_express) and waybill of a 寄出, checked; the name and tracking page recorded with them. */
export async function shipment(repos: Repositories, code: string | undefined, waybill: string | undefined): Promise<Handling> {
  const errors: { field: string; message: string }[] = [];
  const courier = code?.trim() ? await repos.dict.find('qh_express', code.trim()) : null;
  if (!courier || !courier.enabled) errors.push({ field: 'kdgs', message: '请选择快递公司' });
  if (waybill && !/^[A-Za-z0-9-]{6,30}$/.test(waybill)) errors.push({ field: 'kddh', message: '快递单号为 6-30 位字母、数字或 -' });
  if (errors.length) throw badRequest('请填写寄出信息', errors);
  const template = (courier!.extra as { trackUrl?: string } | null)?.trackUrl;
  return {
    kdgs: courier!.label,
    kdgsdm: courier!.value,
    ...(waybill && template ? { trackUrl: template.replace('{no}', encodeURIComponent(waybill)) } : {}),
  };
}

/** Limits of the transition inputs (the document's maxLength): a longer starting value is not offered. */
const PREFILL_LIMIT = { lqdd: 100, lqsj: 100 } as const;
const fits = (field: keyof typeof PREFILL_LIMIT, value: string | null | undefined) =>
  value && value.length <= PREFILL_LIMIT[field] ? value : undefined;

/** The courier dictionary of the kinds whose applicant chooses one (the code '0' is picking it up). */
const COURIER_CHOICE: Record<string, { dict: string; field: 'lqfs' | 'kdfs' }> = {
  hkkjy: { dict: 'qh_hkk_kd', field: 'lqfs' },
  hjzmkj: { dict: 'qh_hjzm_kd', field: 'kdfs' },
};

/**
 * What the forms of 寄出 and 通知领取 start with: the courier the applicant chose (its name, without a note such as
 * （到付）), and the office's address (without its postcode) and hours from 联系我们. Staff may change them.
 */
export async function prefillOf(repos: Repositories, row: ApplicationRow, targets: number[]): Promise<Partial<Record<number, Prefill>>> {
  const prefill: Partial<Record<number, Prefill>> = {};
  const choice = COURIER_CHOICE[row.kind];
  const code = choice && (row.answers as Record<string, unknown>)[choice.field];
  if (targets.includes(Status.mailed) && choice && typeof code === 'string' && code !== '0') {
    // The applicant's choice (e.g. 顺丰速运（到付）) names a courier of the dictionary staff ship with.
    const label = (await repos.dict.find(choice.dict, code))?.label.replace(/（[^）]*）$/, '').trim();
    const courier = label ? (await couriersOf(repos)).find((c) => c.label === label) : undefined;
    if (courier) prefill[6] = { kdgs: courier.value };
  }
  if (targets.includes(5)) {
    const pickup = await pickupPrefill(repos);
    if (pickup.lqdd || pickup.lqsj) prefill[5] = pickup;
  }
  return prefill;
}

/** Where and when 通知领取 (5) starts: the office's address (without its postcode) and hours from 联系我们. */
export async function pickupPrefill(repos: Repositories): Promise<{ lqdd?: string; lqsj?: string }> {
  const contact = await repos.settings.get<S['ContactInfo']>('contact');
  const lqdd = fits('lqdd', contact?.address.replace(/（邮编[^）]*）/, '').trim());
  const lqsj = fits('lqsj', contact?.hours.trim());
  return { ...(lqdd ? { lqdd } : {}), ...(lqsj ? { lqsj } : {}) };
}
