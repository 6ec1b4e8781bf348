// The send of every service form: its add operation, or its edit operation with the id when an application is being
// corrected. One helper instead of the ternary each form wrote.
import { client, unwrap } from './client';
import type { paths } from './schema';
import type { ApiResult, IdempotencyHeader, Schemas } from './types';

/** The JSON body of a path's POST. */
type PostBody<P extends keyof paths> = paths[P] extends { post: { requestBody?: { content: { 'application/json': infer B } } } }
  ? B
  : never;

/** The paths whose POST answers an application summary (the add and edit operations of the services). */
type FormPath = {
  [P in keyof paths]: paths[P] extends {
    post: { responses: { 200: { content: { 'application/json': { data?: Schemas['ApplicationSummary'] } } } } };
  }
    ? P
    : never;
}[keyof paths];

export type FormSend<B> = (body: B, header: IdempotencyHeader, editId: number | null) => Promise<ApiResult<Schemas['ApplicationSummary']>>;

/**
 * `send` for a form: POST `add` with the answers, or POST `edit` with the answers and `id` when correcting one. The
 * answers are typed by the add operation; the edit operation takes the same answers and the id (the contract's rule).
 */
export function addOrEdit<A extends FormPath, E extends FormPath>(
  add: A,
  edit: PostBody<E> extends PostBody<A> & { id: number } ? E : never,
): FormSend<PostBody<A>> {
  // openapi-fetch resolves a call's types from a literal path; these two are checked by the signature above.
  const post = client.POST as unknown as (path: string, init: object) => Promise<{ data?: { data: Schemas['ApplicationSummary'] } }>;
  return (body, header, editId) =>
    unwrap(
      editId ? post(edit, { body: { ...(body as object), id: editId }, params: { header } }) : post(add, { body, params: { header } }),
    );
}
