import type { AnswersByKind } from './domain';

export type { AnswersByKind };

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
