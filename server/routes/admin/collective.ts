// 工作台「集体户」: the university's collective households, kept by the office (every move-in lands in one of them;
// the move-in vouchers carry their number, name, address, police station and the stamped head page).
import { currentUser } from '../../lib/request.ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { badRequest, bizError, notFound, ok } from '../../lib/envelope.ts';
import { sha256 } from '../../lib/crypto.ts';
import { IMAGE_MIMES, normaliseImage } from '../../lib/images.ts';
import type { CollectiveHousehold, CollectiveKey } from '../../repositories/collective-households.ts';
import { chinaDateTime } from '../../services/clock.ts';
import { MAX_UPLOAD_BYTES } from '../../services/files.ts';
import type { components } from '../../../shared/contract/schema';
import { readFilePart } from '../file-part.ts';
import { auditTools } from './audit.ts';

type S = components['schemas'];

/** The three households, in the order the console lists them. */
const KEYS: readonly { key: CollectiveKey; label: string }[] = [
  { key: 'student', label: '学生集体户' },
  { key: 'staff', label: '教职工集体户' },
  { key: 'postdoc', label: '博士后集体户' },
];

const labelOf = (key: CollectiveKey) => KEYS.find((k) => k.key === key)!.label;

export default async function collectiveRoutes(app: FastifyInstance) {
  const { repos } = app;
  const audit = auditTools(app);

  const wire = async (key: CollectiveKey, c: CollectiveHousehold | null): Promise<S['CollectiveHousehold']> => {
    const station = c ? await repos.policeStations.find(c.policeStationId) : null;
    return {
      key,
      label: labelOf(key),
      configured: Boolean(c),
      householdNo: c?.householdNo ?? null,
      name: c?.name ?? null,
      address: c?.address ?? null,
      policeStationId: c?.policeStationId ?? null,
      policeStationName: station?.name ?? null,
      registeredOn: c?.registeredOn ?? null,
      hasHeadPage: Boolean(c?.headPageHash),
      updatedAt: c ? chinaDateTime(c.updatedAt) : null,
    };
  };

  app.operation('adminListCollectiveHouseholds', async () => {
    const rows = await repos.collectiveHouseholds.list();
    return ok(await Promise.all(KEYS.map(({ key }) => wire(key, rows.find((r) => r.key === key) ?? null))), '查询成功');
  });

  app.operation('adminUpdateCollectiveHousehold', async (request) => {
    const key = request.params.key as CollectiveKey;
    const b = request.body;
    if (!(await repos.policeStations.find(b.policeStationId))) {
      throw badRequest('派出所不存在', [{ field: 'policeStationId', message: '派出所不存在' }]);
    }
    const fields = {
      householdNo: b.householdNo,
      name: b.name.trim(),
      address: b.address.trim(),
      policeStationId: b.policeStationId,
      registeredOn: b.registeredOn,
    };
    const saved = await audit.audited(
      request,
      (r) => r.collectiveHouseholds.save(key, fields),
      (c) => ({
        action: 'collective.update',
        targetType: 'collectiveHousehold',
        targetId: key,
        summary: `设置${labelOf(key)}「${c.name}」（户号 ${c.householdNo}）`,
      }),
    );
    return ok(await wire(key, saved), '已保存');
  });

  app.operation('adminGetCollectiveHeadPage', async (request, reply: FastifyReply) => {
    const photo = await repos.collectiveHouseholds.headPage(request.params.key as CollectiveKey);
    if (!photo) throw notFound('户主页照片尚未上传');
    return reply.type('image/jpeg').header('cache-control', 'private, no-cache').header('etag', `"${photo.hash}"`).send(photo.content);
  });

  app.operation('adminUploadCollectiveHeadPage', async (request) => {
    const key = request.params.key as CollectiveKey;
    const { content } = await readFilePart(request, MAX_UPLOAD_BYTES);
    const type = await fileTypeFromBuffer(content);
    if (!type || !IMAGE_MIMES.includes(type.mime)) throw bizError('仅支持上传 jpg、png、webp 格式的图片');
    if (!(await repos.collectiveHouseholds.find(key))) throw bizError('请先填写并保存集体户信息');
    const jpeg = await normaliseImage(content, type.mime, { owner: `u:${currentUser(request).id}` });
    const hash = sha256(jpeg);
    await audit.audited(
      request,
      async (r) => {
        if (!(await r.collectiveHouseholds.setHeadPage(key, jpeg, hash))) throw bizError('请先填写并保存集体户信息');
      },
      () => ({ action: 'collective.headPage', targetType: 'collectiveHousehold', targetId: key, summary: `上传${labelOf(key)}户主页照片` }),
    );
    return ok(await wire(key, await repos.collectiveHouseholds.find(key)), '上传成功');
  });
}
