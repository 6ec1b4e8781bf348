// 其他信息变更 finished (已办结): the office's record of the applicant takes what the application carries — 变更后姓名
// (bgxm), 人员类型 (bgrylb) and 身份证件号码 (bgsfzjh, with the gender and birth date it encodes). A verified campus
// number follows the person type's kind (学号 for 0, 1, 2, 7; 工作证号 for 3, 4). An ID number held by another account
// is refused to staff (409): the office answers 未通过 instead.
import { AppError } from '../lib/envelope.ts';
import { birthDateOf, genderCodeOf } from '../lib/id-number.ts';
import type { ApplicationRow } from '../repositories/applications.ts';
import type { Repositories } from '../repositories/index.ts';
import type { NewUser } from '../repositories/users.ts';
import { STAFF_TYPES, STUDENT_TYPES } from './auth.ts';
import { QTBS_MSG } from './daily-forms.ts';

interface RecordAnswers {
  bgxm?: string;
  bgrylb?: string;
  bgsfzjh?: string;
}

/** Why finishing this change would be refused now (the new ID number is held by another account), or null. */
export async function recordChangeRefusal(r: Repositories, app: ApplicationRow): Promise<string | null> {
  if (app.kind !== 'qtbs' || app.sub !== 'change') return null;
  const { bgsfzjh } = app.answers as RecordAnswers;
  if (!bgsfzjh) return null;
  const holder = await r.users.findByIdNumber(bgsfzjh);
  return holder && holder.id !== app.userId ? QTBS_MSG.idTaken : null;
}

export async function applyRecordChange(r: Repositories, app: ApplicationRow): Promise<void> {
  const { bgxm, bgrylb, bgsfzjh } = app.answers as RecordAnswers;
  if (!bgxm && !bgrylb && !bgsfzjh) return;
  const user = await r.users.findById(app.userId);
  if (!user) return;
  const patch: Partial<NewUser> = {};
  if (bgxm) patch.name = bgxm;
  if (bgrylb && bgrylb !== user.personType) {
    patch.personType = bgrylb;
    const no = user.studentNo ?? user.staffNo;
    if (no && STUDENT_TYPES.includes(bgrylb) && !user.studentNo) Object.assign(patch, { studentNo: no, staffNo: null });
    if (no && STAFF_TYPES.includes(bgrylb) && !user.staffNo) Object.assign(patch, { staffNo: no, studentNo: null });
  }
  if (bgsfzjh && bgsfzjh !== user.idNumber?.toUpperCase()) {
    const why = await recordChangeRefusal(r, app);
    if (why) throw new AppError(409, why);
    Object.assign(patch, { idNumber: bgsfzjh, genderCode: genderCodeOf(bgsfzjh), birthDate: birthDateOf(bgsfzjh) });
  }
  if (Object.keys(patch).length) await r.users.update(user.id, patch);
}
