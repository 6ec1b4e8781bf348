import { client, unwrap } from './client';

/** A dictionary of the office (getSysDictByType). `quiet`: no loading indicator, no message when unreachable. */
export const dictionary = (dictType: string, quiet = false) =>
  unwrap(client.POST('/api/dict/getSysDictByType', { body: { dictType }, ...(quiet ? { loading: false, silent: true } : {}) }));
