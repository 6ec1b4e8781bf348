// The signed-in user's info and the sectors open to them.
import type { FastifyInstance } from 'fastify';
import { bizError, notFound, ok } from '../../lib/envelope.ts';
import { currentUser } from '../../lib/request.ts';
import type { NewUser } from '../../repositories/users.ts';
import { STAFF_TYPES, STUDENT_TYPES } from '../../services/auth.ts';
import { userInfoWire } from './wire.ts';
import { isUniqueViolation } from '../../db/errors.ts';

/** Name, ID number and person type are the office's record (services.md "Whose record is it"): changed by application. */
export const OFFICE_RECORD = {
  name: '姓名以户籍办登记为准，如需变更请提交「其他信息变更」申请',
  personType: '人员类型以户籍办登记为准，如需变更请提交「其他信息变更」申请',
} as const;

export default async function userRoutes(app: FastifyInstance) {
  const { repos } = app;

  const load = async (userId: number) => {
    const found = await repos.users.withHousehold(userId);
    if (!found) throw notFound('用户不存在');
    return found;
  };

  const infoOf = async (userId: number, loginType: string) => {
    const { user, household } = await load(userId);
    const label = user.personType ? await repos.dict.find('qh_rylb', user.personType) : null;
    return userInfoWire(user, household, loginType, label?.label);
  };

  app.operation('getUserInfo', async (request) => {
    const me = currentUser(request);
    return ok(await infoOf(me.id, me.loginType), '查询成功');
  });

  /**
   * Only an account without a person type (single sign-on whose CAS and roster gave none) sets it, once; the name and
   * a type already recorded are the office's (其他信息变更). Saving what is recorded changes nothing.
   */
  app.operation('updateUserInfo', async (request) => {
    const me = currentUser(request);
    const { user } = await load(me.id);
    const { xm, rylb } = request.body;
    if (xm !== undefined && xm.trim() !== user.name) throw bizError(OFFICE_RECORD.name);
    if (rylb !== user.personType) {
      if (user.personType) throw bizError(OFFICE_RECORD.personType);
      const patch: Partial<NewUser> = { personType: rylb };
      // The CAS uid is the campus number, verified by the sign-on: it is recorded as the number of the type's kind.
      if (user.casUid && !user.studentNo && !user.staffNo) {
        if (STUDENT_TYPES.includes(rylb)) patch.studentNo = user.casUid;
        if (STAFF_TYPES.includes(rylb)) patch.staffNo = user.casUid;
      }
      try {
        await repos.users.update(me.id, patch);
      } catch (err) {
        // Another account holds that number meanwhile (the roster bound it): the type is recorded without it.
        if (!isUniqueViolation(err)) throw err;
        await repos.users.update(me.id, { personType: rylb });
      }
    }
    return ok(await infoOf(me.id, me.loginType), '保存成功');
  });

  app.operation('getUserOpenSectors', async (request) => {
    const { user, household } = await load(currentUser(request).id);
    return ok(await app.services.sectors.openSectors(user, household), '查询成功');
  });
}
