// Which step a service form's URL shows (?step=guide|form|review|done), read both by the screen (service-screen.tsx,
// which shows the guide itself) and by the form (use-service-form.ts, the steps after it).

export type Step = 'guide' | 'form' | 'review' | 'done';
const STEPS: Step[] = ['guide', 'form', 'review', 'done'];

/** A submitted attempt: its application, and what contradicts it as the server said at submit (family moves). */
export type Submitted = { id: number; sqbh: string; conflicts?: string[] };

/**
 * The history entries of a form carry its attempt (`history.state.sf`); a submitted attempt is remembered for the
 * tab, so going back to its entries shows the confirmation again, never the filled form (nor a second submit).
 */
const SUBMITTED = 'sf:submitted';
export const entryAttempt = () => (history.state as { sf?: string } | null)?.sf;

export function submitted(): Record<string, Submitted> {
  try {
    return JSON.parse(sessionStorage.getItem(SUBMITTED) ?? '{}') as Record<string, Submitted>;
  } catch {
    return {};
  }
}

export function remember(attempt: string, result: Submitted): void {
  try {
    // The last few are enough: Back reaches only this tab's recent entries.
    sessionStorage.setItem(SUBMITTED, JSON.stringify(Object.fromEntries([...Object.entries(submitted()), [attempt, result]].slice(-20))));
  } catch {
    // Blocked storage: Back shows the emptied form instead.
  }
}

/** The application being corrected (edit=1&id=), or null. */
export const editIdOf = (query: URLSearchParams) => (query.get('edit') === '1' ? Number(query.get('id')) || null : null);

/**
 * The step of the current entry: ?step=; without it, the form when correcting (edit=1&id=) or for a form without a
 * guide, else the guide. Back to the form or review of an attempt already submitted: its confirmation (`finished`).
 */
export function stepOf(query: URLSearchParams, guide = true): { step: Step; finished?: Submitted } {
  const asked = query.get('step') as Step | null;
  const landed = asked && STEPS.includes(asked) ? asked : editIdOf(query) || !guide ? 'form' : 'guide';
  const tag = entryAttempt();
  const finished = tag && (landed === 'form' || landed === 'review') ? submitted()[tag] : undefined;
  return finished ? { step: 'done', finished } : { step: landed };
}
