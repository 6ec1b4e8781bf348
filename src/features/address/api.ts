import { client, unwrap, type ApiResult, type Schemas } from '@/api/client';

type Division = Schemas['DzItem'];

/** The divisions under a picked one, or the provinces (getDzList answers them inside shenList). */
export async function childrenOf(parent: Division | undefined): Promise<ApiResult<Division[]>> {
  if (parent) return unwrap(client.POST('/api/dict/getDzsByParent', { body: { parentCode: parent.factValue } }));
  const r = await unwrap(client.POST('/api/dict/getDzList', { body: {} }));
  return r.ok ? { ...r, data: r.data.shenList } : r;
}
