// The signed-in user's info and the sectors open to them.
import type { FastifyInstance } from 'fastify';
import { bizError, notFound, ok } from '../../lib/envelope.ts';
import { currentUser } from '../../lib/request.ts';
import { STAFF_TYPES, STUDENT_TYPES } from '../../services/auth.ts';
import { userInfoWire } from './wire.ts';

export default async function userRoutes(app: FastifyInstance) {
  const { repos } = app;

  const load = async (userId: number) => {
    const user = await repos.users.findById(userId);
    if (!user) throw notFound('用户不存在');
    return { user, household: await repos.users.household(userId) };
  };

  const infoOf = async (userId: number, loginType: string) => {
    const { user, household } = await load(userId);
    const label = await repos.dict.find('qh_rylb', user.personType);
    return userInfoWire(user, household, loginType, label?.label);
  };

  app.operation('getUserInfo', async (request) => {
    const me = currentUser(request);
    return ok(await infoOf(me.id, me.loginType), '查询成功');
  });

  app.operation('updateUserInfo', async (request) => {
    const me = currentUser(request);
    const { user } = await load(me.id);
    const { xm, rylb } = request.body;
    if (rylb !== user.personType) {
      if (user.loginType === '2') throw bizError('统一身份认证账号的人员类型由学校统一维护');
      if ((STUDENT_TYPES.includes(rylb) && !user.studentNo) || (STAFF_TYPES.includes(rylb) && !user.staffNo)) {
        throw bizError('请先联系户籍办补充学号或工作证号');
      }
    }
    await repos.users.update(me.id, { name: xm.trim(), personType: rylb });
    return ok(await infoOf(me.id, me.loginType), '保存成功');
  });

  app.operation('getUserOpenSectors', async (request) => {
    const { user, household } = await load(currentUser(request).id);
    return ok(await app.services.sectors.openSectors(user, household), '查询成功');
  });
}
