// 我的户籍, notices and the office's contact information.
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound, ok, okRows } from '../../lib/envelope.ts';
import { currentUser, pageOf } from '../../lib/request.ts';
import { chinaDate } from '../../services/clock.ts';
import { householdWire, noticeWire } from './wire.ts';

export default async function myRoutes(app: FastifyInstance) {
  const { repos } = app;

  app.operation('getMyHousehold', async (request) => {
    const me = currentUser(request);
    const found = await repos.users.withHousehold(me.id);
    if (!found) throw notFound('用户不存在');
    const { user, household: record } = found;
    const [gender, ethnic, relation, station, card] = await Promise.all([
      user.genderCode ? repos.dict.find('qh_gender', user.genderCode) : null,
      user.ethnicCode ? repos.dict.find('gb_mz', user.ethnicCode) : null,
      record?.relationCode ? repos.dict.find('gb_relation', record.relationCode) : null,
      record?.policeStationId ? repos.policeStations.find(record.policeStationId) : null,
      repos.applications.cardOut(me.id),
    ]);
    const labels = { gender: gender?.label, ethnic: ethnic?.label, relation: relation?.label, policeStation: station?.name };
    return ok(householdWire(user, record, labels, card, chinaDate(app.services.clock.now())), '查询成功');
  });

  app.operation('listNotices', async (request) => {
    const { type, isRead } = request.query;
    const { rows, total } = await repos.notices.page(currentUser(request).id, { type, isRead }, pageOf(request.query));
    return okRows(rows.map(noticeWire), total);
  });

  app.operation('markNoticesRead', async (request) => {
    const me = currentUser(request);
    const { ids, all } = request.body;
    if (!all && !ids?.length) throw badRequest('请选择要标记的消息', [{ field: 'ids', message: '请选择要标记的消息' }]);
    await repos.notices.markRead(me.id, all ? 'all' : ids!, app.services.clock.now());
    return ok({ unread: await repos.notices.unreadCount(me.id) }, '已标记为已读');
  });

  app.operation('getContactInfo', async () => {
    const contact = await repos.settings.get<Record<string, unknown>>('contact');
    if (!contact) throw notFound('暂无联系方式');
    return ok(contact as never, '查询成功');
  });
}
