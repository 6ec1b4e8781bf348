import { client, unwrap, type ApiResult, type IdempotencyHeader, type Schemas } from '@/api/client';
import { addOrEdit } from '@/api/form-send';

/** 户籍证明, 无犯罪记录证明, 无违法证明 (an extension). */
export type Kind = 'hjzmkj' | 'wfzzmkj' | 'wwfzmkj';
type DictItem = Schemas['DictItem'];
type HjzmAnswers = Schemas['HjzmkjAnswers'];
type ProofAnswers = Schemas['ProofAnswers'];

/** The types of 户籍证明, or the reasons of the other two. */
export function typesOf(kind: Kind): Promise<ApiResult<DictItem[]>> {
  if (kind === 'hjzmkj') return unwrap(client.POST('/api/daily/hjzmkj/typelist', { body: {} }));
  // 无违法证明 (an extension) has the operations of 无犯罪记录证明: typed through them.
  return unwrap(client.POST(`/api/daily/${kind}/bllxlist` as '/api/daily/wfzzmkj/bllxlist', { body: {} }));
}

/** The add-or-edit of each kind (无违法证明, an extension, has the operations of 无犯罪记录证明 and its answers). */
const sends = {
  hjzmkj: addOrEdit('/api/daily/hjzmkj/add', '/api/daily/hjzmkj/edit'),
  wfzzmkj: addOrEdit('/api/daily/wfzzmkj/add', '/api/daily/wfzzmkj/edit'),
  wwfzmkj: addOrEdit('/api/daily/wwfzmkj/add', '/api/daily/wwfzmkj/edit'),
} as const;

export function send(kind: Kind, body: HjzmAnswers | ProofAnswers, header: IdempotencyHeader, editId: number | null) {
  return kind === 'hjzmkj' ? sends.hjzmkj(body as HjzmAnswers, header, editId) : sends[kind](body as ProofAnswers, header, editId);
}

/** The couriers 户籍证明 can be mailed by (0 is pickup). */
export const loadCouriers = () => unwrap(client.POST('/api/daily/hjzmkj/kdlist', { body: {} }));
