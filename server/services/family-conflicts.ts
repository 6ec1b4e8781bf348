// Family moves that contradict each other (issue 25): a staff member's 教职工(含家属)迁出 and the 家属随迁 into their
// household, and the family a staff move-out leaves behind in the collective household. None of these refuses a
// submission or 办结 by itself (the office may decide otherwise, e.g. a grown child who stays as a student): they are
// told to the applicant when they submit and on 申请详情, to staff on both applications, and in 办结's confirmation.
// The hard rule stays where it was: a family move-in cannot finish once its head has left (movement-hooks).
import type { ApplicationRow } from '../repositories/applications.ts';
import type { Repositories } from '../repositories/index.ts';

/** Who reads the messages: the applicant sees another person's application number only if it is their own. */
export type Audience = { staff: true } | { staff: false; userId: number };

const open = (app: Pick<ApplicationRow, 'status'>) => app.status >= 1 && app.status <= 6;
const names = (list: string[]) => list.join('、');

/** The household head of a family move-in: the staff member who applied, or the one named by staff number. */
async function headOfFamilyMoveIn(r: Repositories, app: ApplicationRow) {
  const applicant = await r.users.findById(app.userId);
  if (applicant?.personType === '4') return applicant;
  const hzgzzh = (app.answers as { hzgzzh?: string }).hzgzzh;
  return hzgzzh ? r.users.findByStudentOrStaffNo(hzgzzh) : null;
}

/** What contradicts this application now: one Chinese sentence each, none when it is not open. */
export async function familyConflicts(r: Repositories, app: ApplicationRow, audience: Audience): Promise<string[]> {
  if (!open(app)) return [];
  const numberOf = (other: ApplicationRow) => (audience.staff || other.userId === audience.userId ? ` ${other.referenceNo}` : '');
  const found: string[] = [];

  if (app.kind === 'qianchu' && app.sub === 'staff') {
    const head = await r.users.findById(app.userId);
    if (!head) return [];
    const along = new Set((app.answers as { sqcjs?: number[] }).sqcjs ?? []);
    const left = (await r.users.familyOf(head.id)).filter((m) => m.household?.status === '1' && !along.has(m.user.id));
    if (left.length)
      found.push(
        `${audience.staff ? '申请人的' : '您的'}家属${names(left.map((m) => m.user.name))}的户口仍在学校集体户，未随本次迁出；` +
          '教职工迁出后家属不能单独留在集体户，请一并申请迁出，或由户籍办确定其去向。',
      );
    for (const other of await r.applications.activeFamilyMoveIns(head.id, head.staffNo))
      found.push(`家属随迁申请${numberOf(other)}正在办理：家属将落户到本次迁出的教职工户下，两项申请相互矛盾。`);
  }

  if (app.kind === 'qianru' && app.sub === '3') {
    const head = await headOfFamilyMoveIn(r, app);
    if (head)
      for (const other of await r.applications.activeAmong(head.id, ['qianchu']))
        if (other.sub === 'staff')
          found.push(`户主的教职工迁出申请${numberOf(other)}正在办理：户主迁出后，随迁家属不能落户到其户下，两项申请相互矛盾。`);
  }
  return found;
}
