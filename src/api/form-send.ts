// A service form's use of the API: its send (the add operation, or the edit operation with the id when an
// application is being corrected) and its answers when correcting one, typed by kind.
import { client, unwrap } from './client';
import type { AnswersByKind } from '@shared/contract/domain';
import type { paths } from '@shared/contract/schema';
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

/**
 * An application's answers typed by its kind (the contract's Application.answers x-answers-by-kind). Partial: an
 * application saved by an earlier version may lack a field. An application of another kind gives no answers.
 */
export function answersOf<K extends keyof AnswersByKind>(
  app: { kind: string; answers?: unknown } | null | undefined,
  kind: K | readonly K[],
): Partial<AnswersByKind[K]> {
  const kinds: readonly string[] = typeof kind === 'string' ? [kind] : kind;
  return app && kinds.includes(app.kind) && app.answers && typeof app.answers === 'object'
    ? (app.answers as Partial<AnswersByKind[K]>)
    : {};
}
