// Settings the office manages (管理员): quotas and borrowable dates, tiles per person type, tips and the
// new-student window, contact information, notice templates, its own dictionaries and police stations (content:
// ./content.ts, collective households: ./collective.ts). Every change is audited in its transaction.
import type { FastifyInstance } from 'fastify';
import { moveOutSubSectors, personTypes, sectors as sectorCatalogue } from '../../domain/index.ts';
import { badRequest, bizError, forbidden, notFound, ok } from '../../lib/envelope.ts';
import type { Repositories } from '../../repositories/index.ts';
import { chinaDate, chinaDateTime } from '../../services/clock.ts';
import {
  DEFAULT_TEMPLATES,
  PLACEHOLDERS,
  SETTINGS_KEY,
  TEMPLATE_KEYS,
  loadTemplates,
  placeholdersIn,
  unknownPlaceholders,
  type TemplateKey,
  type TemplateText,
} from '../../services/notice-templates.ts';
import { SMS_VARIABLES } from '../../services/sms-providers.ts';
import type { components } from '../../../src/api/schema';
import { auditTools } from './audit.ts';
import { checkRange, quotaChannel, quotaWire } from './processing.ts';

type S = components['schemas'];

/** Dictionaries the office maintains; every other type (national code lists, tables the program relies on) is read-only. */
const EDITABLE_DICTS: Record<string, string> = {
  qh_identity_reason: '身份证办理事由',
  qh_hkk_reason: '户口卡借用事由',
  qh_hkk_kd: '借用户口卡领取方式（快递）',
  qh_hjzm_type: '户籍证明类型',
  qh_hjzm_kd: '户籍证明领取方式（快递）',
  qh_zm_reason_c: '无犯罪记录证明开具事由',
  qh_zm_reason_n: '无违法证明开具事由',
  qh_zxhk_reason: '注销户口事由',
  qh_qc_reason: '迁出原因',
  qh_qtbs_type: '其他业务类型',
  qh_change_type: '其他信息变更类型',
  qh_delivery_slot: '配送时段',
  qh_express: '快递公司（寄出，含物流查询页）',
  dw_jwYx: '院系（教务）',
  dw_rsYx: '单位（人事）',
  dw_gljs: '管理与教辅单位',
};

const READ_ONLY_DICTS: Record<string, string> = {
  qh_rylb: '人员类别',
  qh_gender: '性别',
  qh_maritalStatus: '婚姻状况',
  qh_yhzgx: '与户主关系（随迁家属）',
  qh_notice_type: '消息类型',
  qh_sfz_blfs: '身份证办理方式（对应预约名额）',
  gb_relation: '家庭关系（GB/T 4761）',
  gb_mz: '民族（GB/T 3304）',
  gb_xb: '性别（GB/T 2261.1）',
  gb_hyzk: '婚姻状况（GB/T 2261.2）',
  gb_xl: '学历（GB/T 4658）',
};

const READ_ONLY_MSG = '该字典为国家标准代码或系统字典，不能修改';
const TIP_KEYS = ['default', ...personTypes.map((p) => p.rylb)];
const TEMPLATE_NAMES: Partial<Record<TemplateKey, (typeof DEFAULT_TEMPLATES)[number]>> = Object.fromEntries(
  DEFAULT_TEMPLATES.map((t) => [t.key, t]),
);

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

const stationWire = (p: {
  id: string;
  name: string;
  divisionCode: string;
  address: string | null;
  sort: number;
}): S['AdminPoliceStation'] => ({
  id: p.id,
  name: p.name,
  divisionCode: p.divisionCode,
  address: p.address,
  sort: p.sort,
});

export default async function settingsRoutes(app: FastifyInstance) {
  const { repos, services } = app;
  const audit = auditTools(app);
  const now = () => services.clock.now();

  /* ---------------------------------------------------------------- quotas */

  app.operation('adminSetQuotas', async (request) => {
    const { kind, total } = request.body;
    const channel = quotaChannel(kind, request.body.channel);
    const dates = [...new Set(request.body.dates)].sort();
    const today = chinaDate(now());
    if (dates[0]! <= today) throw badRequest('只能设置今天以后的名额', [{ field: 'dates', message: '只能设置今天以后的名额' }]);
    checkRange(dates[0]!, dates[dates.length - 1]!);
    const rows = await audit.audited(
      request,
      async (r) => {
        // The rows stay locked until commit, so no booking slips in between the check and the change.
        for (const q of await r.quotas.lockDays(kind, channel, dates)) {
          const booked = q.total - q.remaining;
          if (total < booked) throw bizError(`${q.day} 名额不能少于已预约人数（${booked}）`);
        }
        const saved = [];
        for (const day of dates) saved.push(await r.quotas.setTotal(kind, channel, day, total));
        return saved;
      },
      () => ({
        action: 'quota.set',
        targetType: 'quota',
        targetId: `${kind}${channel ? `:${channel}` : ''}`,
        summary: `${kind === 'hkkjy' ? '借用户口卡' : `身份证办理（办理方式 ${channel}）`} ${dates.join('、')} 的名额设为 ${total}`,
      }),
    );
    // Places the office added are offered here at once (other instances see them within a second).
    services.appointments.fullDays.clear();
    return ok(rows.map(quotaWire), '已保存');
  });

  /* ---------------------------------------------------------------- sectors */

  const sectorGroups = async (): Promise<S['AdminSectorGroup'][]> => {
    const rows = await repos.sectors.all();
    return personTypes.map((p) => {
      const mine = rows.filter((r) => r.personType === p.rylb);
      return {
        rylb: p.rylb,
        rylbName: p.label,
        sectors: mine
          .filter((r) => r.parentCode === null)
          .map((tile) => {
            const subs = mine.filter((r) => r.parentCode === tile.sectorCode);
            return {
              sectorCode: tile.sectorCode,
              sectorName: tile.name,
              disabled: tile.disabled,
              ...(subs.length
                ? { subSectors: subs.map((s) => ({ sectorCode: s.sectorCode, sectorName: s.name, disabled: s.disabled })) }
                : {}),
            };
          }),
      };
    });
  };

  app.operation('adminListSectors', async () => ok(await sectorGroups(), '查询成功'));

  app.operation('adminUpdateSectors', async (request) => {
    const { rylb } = request.params;
    const wanted = request.body.sectors;
    const codes = wanted.map((s) => s.sectorCode);
    if (new Set(codes).size !== codes.length) throw badRequest('板块不能重复', [{ field: 'sectors', message: '板块不能重复' }]);
    const rows = wanted.flatMap((tile, i) => {
      const def = sectorCatalogue.find((s) => String(s.sectorCode) === tile.sectorCode);
      if (!def) throw badRequest(`未知的板块 ${tile.sectorCode}`, [{ field: `sectors[${i}].sectorCode`, message: '未知的板块' }]);
      if (tile.subSectors?.length && def.sectorCode !== 7) {
        throw badRequest('只有迁出板块有子板块', [{ field: `sectors[${i}].subSectors`, message: '只有迁出板块有子板块' }]);
      }
      const subs = (tile.subSectors ?? []).map((sub, j) => {
        const subDef = moveOutSubSectors.find((m) => String(m.sectorCode) === sub.sectorCode);
        if (!subDef)
          throw badRequest(`未知的子板块 ${sub.sectorCode}`, [
            { field: `sectors[${i}].subSectors[${j}].sectorCode`, message: '未知的子板块' },
          ]);
        return {
          personType: rylb,
          sectorCode: sub.sectorCode,
          parentCode: tile.sectorCode,
          name: subDef.name,
          requiresHkIn: def.requiresHkIn,
          disabled: sub.disabled,
          sort: subDef.sectorCode + 1,
        };
      });
      return [
        {
          personType: rylb,
          sectorCode: tile.sectorCode,
          parentCode: null,
          name: def.name,
          requiresHkIn: def.requiresHkIn,
          disabled: tile.disabled,
          sort: i + 1,
        },
        ...subs,
      ];
    });
    await audit.audited(
      request,
      (r) => r.sectors.replace(rylb, rows),
      () => ({
        action: 'sectors.update',
        targetType: 'sectors',
        targetId: rylb,
        summary: `设置${personTypes.find((p) => p.rylb === rylb)?.label ?? rylb}的首页板块：${wanted.map((s) => `${sectorCatalogue.find((d) => String(d.sectorCode) === s.sectorCode)?.name}${s.disabled ? '（停用）' : ''}`).join('、') || '无'}`,
      }),
    );
    return ok(
      (await sectorGroups()).find((g) => g.rylb === rylb)!,
      '已保存',
    );
  });

  /* ---------------------------------------------------------------- home, contact */

  const homeSettings = async (r: Repositories = repos): Promise<S['HomeSettings']> => {
    const settings = await r.settings.getMany(['enrolment.window', 'sectors.tips']);
    const window = (settings.get('enrolment.window') as { yxStartTime: string; yxEndTime: string } | undefined) ?? {
      yxStartTime: now().toISOString(),
      yxEndTime: now().toISOString(),
    };
    const tips = (settings.get('sectors.tips') as Record<string, string> | undefined) ?? {};
    return {
      tips: Object.fromEntries(TIP_KEYS.map((k) => [k, tips[k] ?? ''])),
      yxStartTime: chinaDateTime(new Date(window.yxStartTime)),
      yxEndTime: chinaDateTime(new Date(window.yxEndTime)),
    };
  };

  app.operation('adminGetHomeSettings', async () => ok(await homeSettings(), '查询成功'));

  app.operation('adminUpdateHomeSettings', async (request) => {
    const { tips, yxStartTime, yxEndTime } = request.body;
    const unknown = Object.keys(tips).filter((k) => !TIP_KEYS.includes(k));
    if (unknown.length)
      throw badRequest(
        '提示的人员类别不正确',
        unknown.map((k) => ({ field: `tips.${k}`, message: '未知的人员类别' })),
      );
    const start = new Date(yxStartTime);
    const end = new Date(yxEndTime);
    if (!(end > start)) throw badRequest('结束时间须晚于开始时间', [{ field: 'yxEndTime', message: '结束时间须晚于开始时间' }]);
    const saved = await audit.audited(
      request,
      async (r) => {
        const current = (await r.settings.get<Record<string, string>>('sectors.tips')) ?? {};
        await r.settings.set('sectors.tips', { ...current, ...Object.fromEntries(Object.entries(tips).map(([k, v]) => [k, v.trim()])) });
        await r.settings.set('enrolment.window', { yxStartTime: start.toISOString(), yxEndTime: end.toISOString() });
        return homeSettings(r);
      },
      () => ({
        action: 'settings.home',
        targetType: 'setting',
        targetId: 'home',
        summary: `修改首页提示与新生迁入时间（${chinaDateTime(start)} 至 ${chinaDateTime(end)}）`,
      }),
    );
    return ok(saved, '已保存');
  });

  app.operation('adminGetContact', async () => {
    const contact = await repos.settings.get<S['ContactInfo']>('contact');
    return ok(contact ?? { officeName: '', address: '', hours: '', phones: [], email: null, notes: null }, '查询成功');
  });

  app.operation('adminUpdateContact', async (request) => {
    const b = request.body;
    const contact: S['ContactInfo'] = {
      officeName: b.officeName.trim(),
      address: b.address.trim(),
      hours: b.hours.trim(),
      phones: b.phones.map((p) => ({ label: p.label.trim(), phone: p.phone.trim() })),
      email: b.email?.trim() || null,
      notes: b.notes?.trim() || null,
    };
    await audit.audited(
      request,
      (r) => r.settings.set('contact', contact),
      () => ({ action: 'settings.contact', targetType: 'setting', targetId: 'contact', summary: '修改联系我们' }),
    );
    return ok(contact, '已保存');
  });

  /* ---------------------------------------------------------------- notice templates */

  const templateWire = (t: {
    key: TemplateKey;
    name: string;
    to: number;
    title: string;
    content: string;
    smsTemplateId?: string;
  }): S['NoticeTemplate'] => ({
    key: t.key,
    name: t.name,
    to: t.to as S['AppStatus'],
    title: t.title,
    content: t.content,
    smsTemplateId: t.smsTemplateId ?? null,
    smsParams: placeholdersIn(t.content).map((name) => ({ name, variable: SMS_VARIABLES[name] })),
  });

  app.operation('adminListNoticeTemplates', async () =>
    ok(
      {
        smsEnabled: services.statusSmsEnabled,
        smsProvider: app.config.smsProvider?.provider ?? (app.config.smsGatewayUrl ? 'gateway' : null),
        smsVariables: Object.fromEntries(PLACEHOLDERS.map((p) => [p, SMS_VARIABLES[p]])),
        templates: (await loadTemplates(repos)).map(templateWire),
      },
      '查询成功',
    ),
  );

  app.operation('adminUpdateNoticeTemplate', async (request) => {
    const key = request.params.key as TemplateKey;
    if (!TEMPLATE_KEYS.includes(key)) throw notFound('模板不存在');
    const title = request.body.title.trim();
    const content = request.body.content.trim();
    const smsTemplateId = request.body.smsTemplateId?.trim() || undefined;
    const errors = (['title', 'content'] as const).flatMap((field) =>
      unknownPlaceholders(field === 'title' ? title : content).map((p) => ({ field, message: `未知的占位符 {${p}}` })),
    );
    if (!title) errors.push({ field: 'title', message: '请填写标题' });
    if (!content) errors.push({ field: 'content', message: '请填写正文' });
    if (errors.length) throw badRequest('模板不正确', errors);
    await audit.audited(
      request,
      async (r) => {
        const edits = (await r.settings.get<Partial<Record<TemplateKey, TemplateText>>>(SETTINGS_KEY)) ?? {};
        await r.settings.set(SETTINGS_KEY, { ...edits, [key]: { title, content, ...(smsTemplateId ? { smsTemplateId } : {}) } });
      },
      () => ({
        action: 'template.update',
        targetType: 'template',
        targetId: key,
        summary: `修改通知模板「${TEMPLATE_NAMES[key]?.name ?? key}」${smsTemplateId ? `，短信模板编号 ${smsTemplateId}` : ''}`,
      }),
    );
    return ok(templateWire({ ...TEMPLATE_NAMES[key]!, title, content, smsTemplateId }), '已保存');
  });

  /* ---------------------------------------------------------------- dictionaries */

  const dictName = (type: string) => EDITABLE_DICTS[type] ?? READ_ONLY_DICTS[type] ?? type;
  const editable = (type: string) => type in EDITABLE_DICTS;
  const requireEditable = async (type: string) => {
    if (!editable(type)) {
      if (!(await repos.dict.typesPresent()).includes(type)) throw notFound('字典不存在');
      throw forbidden(READ_ONLY_MSG);
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

  /* ---------------------------------------------------------------- police stations */

  const checkDivision = async (code: string) => {
    const division = await repos.divisions.find(code);
    if (!division || division.level < 2) throw badRequest('区县代码不存在', [{ field: 'divisionCode', message: '区县代码不存在' }]);
  };

  app.operation('adminListPoliceStations', async () => ok((await repos.policeStations.all()).map(stationWire), '查询成功'));

  app.operation('adminCreatePoliceStation', async (request) => {
    const b = request.body;
    await checkDivision(b.divisionCode);
    const row = await audit.audited(
      request,
      async (r) => {
        const created = await r.policeStations.create({
          id: b.id,
          name: b.name.trim(),
          divisionCode: b.divisionCode,
          address: b.address?.trim() || null,
          sort: b.sort,
        });
        if (!created) throw bizError('派出所编号已存在');
        return created;
      },
      (created) => ({
        action: 'police.create',
        targetType: 'policeStation',
        targetId: created.id,
        summary: `新增派出所「${created.name}」`,
      }),
    );
    return ok(stationWire(row), '已创建');
  });

  app.operation('adminUpdatePoliceStation', async (request) => {
    const { id } = request.params;
    const b = request.body;
    if (b.divisionCode !== undefined) await checkDivision(b.divisionCode);
    const patch = {
      ...(b.name !== undefined ? { name: b.name.trim() } : {}),
      ...(b.divisionCode !== undefined ? { divisionCode: b.divisionCode } : {}),
      ...(b.address !== undefined ? { address: b.address?.trim() || null } : {}),
      ...(b.sort !== undefined ? { sort: b.sort } : {}),
    };
    const row = await audit.audited(
      request,
      async (r) => {
        const updated = Object.keys(patch).length ? await r.policeStations.update(id, patch) : await r.policeStations.find(id);
        if (!updated) throw notFound('派出所不存在');
        return updated;
      },
      (updated) => ({
        action: 'police.update',
        targetType: 'policeStation',
        targetId: updated.id,
        summary: `修改派出所「${updated.name}」`,
      }),
    );
    return ok(stationWire(row), '已保存');
  });
}
