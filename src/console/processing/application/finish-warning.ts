import type { Schemas } from '@/api/client';

type AdminApplication = Schemas['AdminApplication'];

/**
 * What staff should check before 办结, though the rules let it through (issue 25): family moves that contradict this
 * one (the server's conflicts: family left behind by a staff move-out, a family move-in into the household of a staff
 * member moving out), and a 户籍证明 for someone whose household is no longer (or was never) registered at the school,
 * which certifies no current registration here.
 */
export function finishWarning(app: Pick<AdminApplication, 'kind' | 'status' | 'applicant' | 'conflicts'>): string | null {
  const warnings = [...(app.conflicts ?? [])];
  if (app.kind === 'hjzmkj' && app.status < 7 && !app.applicant.hkIn)
    warnings.push('申请人的户口已不在本校（已迁出或未在本校登记），户籍证明只能如实证明其在校期间的登记情况，办结前请核实。');
  return warnings.length ? warnings.join('') : null;
}
