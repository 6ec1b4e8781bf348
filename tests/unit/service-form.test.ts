import { describe, expect, it } from 'vitest';
import { emptyDelivery, fromDelivery, toDelivery } from '@/components/service-form/delivery-fields';
import { deliveryFieldOf, regionValues } from '@/components/service-form/form-names';
import { deliveryPart } from '@/components/service-form/delivery-schema';
import { DRAFT_MAX_AGE_MS, draftStorageKey, newIdempotencyKey, readDraft, writeDraft } from '@/components/service-form/draft';
import { nest } from '@/components/service-form/use-service-form';
import { summaryGroups } from '@/lib/answer-summary';
import { answersOf } from '@/api/form-send';
import { formRoute } from '@/features/applications/kinds';
import { validate } from '@/lib/validators';

describe('service-form helpers', () => {
  it('nests dotted field names for validation', () => {
    expect(nest({ a: '1', 'yjxx.pssj': '2026-11-30', 'yjxx.qu': '110108' })).toEqual({
      a: '1',
      yjxx: { pssj: '2026-11-30', qu: '110108' },
    });
  });

  it('puts the server’s delivery errors on the form’s fields (the form uses the wire’s names; the region’s go to its picker)', () => {
    expect(deliveryFieldOf('yjxx.sjd')).toBe('yjxx.sjd');
    expect(deliveryFieldOf('/yjxx/ssl')).toBe('yjxx.ssl');
    expect(deliveryFieldOf('yjxx.ssq.code')).toBe('yjxx.qu');
    expect(deliveryFieldOf('yjxx')).toBe('yjxx.pssj');
    expect(deliveryFieldOf('yjxx.xxdz')).toBe('yjxx.xxdz');
    expect(deliveryFieldOf('lxdh')).toBe('lxdh');
  });

  it('turns a saved yjxx into form values and back', () => {
    const yjxx = {
      pssj: '2026-11-30',
      sjd: '0' as const,
      dzlx: '0' as const,
      ssl: '3号楼',
      lxdh: '13800138001',
      sjrxm: '张三',
      sjrdh: '13900139000',
      ssq: { code: '440106', name: '广东省/广州市/天河区' },
      xxdz: '301',
    };
    const values = fromDelivery(yjxx);
    expect(values['yjxx.shen']).toBe('440000');
    expect(values['yjxx.shi']).toBe('440100');
    const checked = validate(deliveryPart, nest(values).yjxx);
    expect(checked.ok).toBe(true);
    if (checked.ok) expect(toDelivery(checked.value, values)).toEqual(yjxx);
  });

  it('gives the spec §5 messages for an empty delivery form, the region once', () => {
    const checked = validate(deliveryPart, nest(emptyDelivery()).yjxx);
    expect(checked.ok).toBe(false);
    if (!checked.ok) {
      expect(checked.errors).toEqual({
        pssj: '请选择您期望的派送日期',
        sjd: '请选择时间',
        ssl: '请填写您的宿舍楼号',
        lxdh: '请填写收件人联系电话',
        sjrxm: '请填写收件人姓名',
        sjrdh: '请填写收件人联系电话',
        qu: '请选择',
        xxdz: '请填写您的详细地址',
      });
    }
  });

  it('fills region fields from a choice, whatever its depth', () => {
    expect(regionValues({ form: 'f', field: 'qwdq', codes: ['110000', '110108'], names: ['北京市', '海淀区'] })).toEqual({
      'qwdq.shen': '110000',
      'qwdq.shi': '110108',
      'qwdq.qu': '110108',
      'qwdq.ssqmc': '北京市/海淀区',
    });
  });

  it('types an application’s answers by its kind, and gives none of another kind', () => {
    const app = { kind: 'hkkjy', answers: { jyyy: '1', jyrq: '2026-12-01' } };
    expect(answersOf(app, 'hkkjy').jyrq).toBe('2026-12-01');
    expect(answersOf(app, 'sfzbl')).toEqual({});
    expect(answersOf(app, ['sfzbl', 'hkkjy'])).toEqual(app.answers);
    expect(answersOf(null, 'hkkjy')).toEqual({});
  });

  it('reads a draft saved before the delivery form took the wire’s names', () => {
    localStorage.setItem(
      'draft:hkkjy:7',
      JSON.stringify({ key: 'k', at: Date.now(), values: { 'yjxx.pssd': '1', 'yjxx.sslh': '3号楼', 'yjxx.xxdz': '301' } }),
    );
    expect(readDraft('draft:hkkjy:7')?.values).toEqual({ 'yjxx.sjd': '1', 'yjxx.ssl': '3号楼', 'yjxx.xxdz': '301' });
  });

  it('keeps drafts per service, user and corrected application, and drops old ones', () => {
    expect(draftStorageKey('sfzbl', 7)).toBe('draft:sfzbl:7');
    expect(draftStorageKey('sfzbl', 7, 41)).toBe('draft:sfzbl:7:41');
    expect(draftStorageKey('sfzbl', null)).toBeNull();
    writeDraft('draft:sfzbl:7', { values: { a: '1' }, key: 'k' });
    expect(readDraft('draft:sfzbl:7')?.values).toEqual({ a: '1' });
    localStorage.setItem('draft:sfzbl:8', JSON.stringify({ values: {}, key: 'k', at: Date.now() - DRAFT_MAX_AGE_MS - 1 }));
    expect(readDraft('draft:sfzbl:8')).toBeNull();
    expect(localStorage.getItem('draft:sfzbl:8')).toBeNull();
  });

  it('makes idempotency keys the contract accepts', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});

describe('application summary and routes', () => {
  it('groups the server’s answer summary into its parts, in order', () => {
    const groups = summaryGroups([
      { label: '迁入类型', value: '教职工迁入', group: null },
      { label: '联系电话', value: '13800138001', group: null },
      { label: '姓名', value: '王五', group: '随迁家属1' },
      { label: '与户主关系', value: '子', group: '随迁家属1' },
      { label: '派送日期', value: '2026年11月30日（星期一）', group: '邮寄信息' },
    ]);
    expect(groups.map((g) => [g.title, g.items.map((i) => i.value)])).toEqual([
      [null, ['教职工迁入', '13800138001']],
      ['随迁家属1', ['王五', '子']],
      ['邮寄信息', ['2026年11月30日（星期一）']],
    ]);
    expect(summaryGroups([])).toEqual([]);
  });

  it('finds the form of each kind for 修改', () => {
    expect(formRoute('sfzbl', null)).toBe('certifIdCard');
    expect(formRoute('qianchu', 'post-doctoral')).toBe('moveOutPostDoctoral');
    expect(formRoute('qianru', '3')).toBe('moveInStaffM');
    expect(formRoute('qtbs', 'change')).toBe('changeOther');
    expect(formRoute('qianchu', null)).toBeUndefined();
  });
});
