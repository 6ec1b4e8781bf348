// 设置 → 字典: the office's own dictionaries (which ones: domain/dictionaries.ts).
import type { FastifyInstance } from 'fastify';
import { dictionaryName as dictName, EDITABLE_DICTS, isEditableDictionary as editable, READ_ONLY_DICT_MSG } from '../../../domain/index.ts';
import { bizError, forbidden, notFound, ok } from '../../../lib/envelope.ts';
import type { components } from '../../../../shared/contract/schema';
import { auditTools } from '../audit.ts';

type S = components['schemas'];

const dictItemWire = (d: {
  id: number;
  value: string;
  label: string;
  sort: number;
  enabled: boolean;
  remark: string | null;
  parentValue: string | null;
}): S['AdminDictItem'] => ({
  id: d.id,
  value: d.value,
  label: d.label,
  sort: d.sort,
  enabled: d.enabled,
  remark: d.remark,
  parentValue: d.parentValue,
});

export default async function dictionarySettingsRoutes(app: FastifyInstance) {
  const { repos } = app;
  const audit = auditTools(app);

  const requireEditable = async (type: string) => {
    if (!editable(type)) {
      if (!(await repos.dict.typesPresent()).includes(type)) throw notFound('字典不存在');
      throw forbidden(READ_ONLY_DICT_MSG);
    }
  };

  app.operation('adminListDictTypes', async () => {
    const present = await repos.dict.typesPresent();
    const types = [...new Set([...Object.keys(EDITABLE_DICTS), ...present])];
    return ok(
      types
        .map((type) => ({ type, name: dictName(type), editable: editable(type) }))
        .sort((a, b) => Number(b.editable) - Number(a.editable) || a.type.localeCompare(b.type)),
      '查询成功',
    );
  });

  app.operation('adminListDictItems', async (request) => {
    const { type } = request.params;
    const rows = await repos.dict.allOf(type);
    if (!rows.length && !editable(type)) throw notFound('字典不存在');
    return ok(rows.map(dictItemWire), '查询成功');
  });

  app.operation('adminCreateDictItem', async (request) => {
    const { type } = request.params;
    await requireEditable(type);
    const b = request.body;
    const row = await audit.audited(
      request,
      async (r) => {
        const created = await r.dict.create({
          type,
          value: b.value,
          label: b.label.trim(),
          sort: b.sort ?? (await r.dict.maxSort(type)) + 1,
          enabled: b.enabled ?? true,
          remark: b.remark?.trim() || null,
        });
        if (!created) throw bizError('键值已存在');
        return created;
      },
      (created) => ({
        action: 'dict.create',
        targetType: 'dict',
        targetId: `${type}:${created.value}`,
        summary: `${dictName(type)} 新增「${created.label}」（${created.value}）`,
      }),
    );
    return ok(dictItemWire(row), '已创建');
  });

  app.operation('adminUpdateDictItem', async (request) => {
    const { type, id } = request.params;
    await requireEditable(type);
    const b = request.body;
    const patch = {
      ...(b.label !== undefined ? { label: b.label.trim() } : {}),
      ...(b.sort !== undefined ? { sort: b.sort } : {}),
      ...(b.enabled !== undefined ? { enabled: b.enabled } : {}),
      ...(b.remark !== undefined ? { remark: b.remark?.trim() || null } : {}),
    };
    const row = await audit.audited(
      request,
      async (r) => {
        const updated = Object.keys(patch).length
          ? await r.dict.update(type, id, patch)
          : (await r.dict.allOf(type)).find((d) => d.id === id);
        if (!updated) throw notFound('字典项不存在');
        return updated;
      },
      (updated) => ({
        action: 'dict.update',
        targetType: 'dict',
        targetId: `${type}:${updated.value}`,
        summary: `${dictName(type)} 修改「${updated.label}」（${updated.value}）${b.enabled === false ? '：停用' : b.enabled === true ? '：启用' : ''}`,
      }),
    );
    return ok(dictItemWire(row), '已保存');
  });
}
