// Why an application cannot be finished (已办结) now: the rules the status hooks enforce when staff finish it
// (a move-in not continued to stage 2, a household card still out at a move-out, a new ID number held by another
// account…), read once more by the console so that it offers 办结 only where the hooks will take it and says why
// not elsewhere. One function per rule, used by the hook and by this check alike.
import type { ApplicationRow } from '../repositories/applications.ts';
import type { Repositories } from '../repositories/index.ts';
import { movementRefusals } from './movement-hooks.ts';
import { recordChangeRefusal } from './record-change.ts';

/** The message the hooks would refuse 已办结 with (409), or null when finishing would go through. */
export async function finishRefusal(r: Repositories, app: ApplicationRow): Promise<string | null> {
  if (app.kind === 'qtbs') return recordChangeRefusal(r, app);
  return (await movementRefusals[app.kind]?.(r, app)) ?? null;
}
