import { describe, expect, it } from 'vitest';
import { deliveryFieldOf, emptyDelivery, fromDelivery, regionValues, toDelivery } from '@/components/service-form/delivery-fields';
import { deliveryPart } from '@/components/service-form/delivery-schema';
import { DRAFT_MAX_AGE_MS, draftStorageKey, newIdempotencyKey, readDraft, writeDraft } from '@/components/service-form/draft';
import { nest } from '@/components/service-form/use-service-form';
import { answerGroups } from '@/lib/answers';
import { formRoute } from '@/features/applications/kinds';
import { validate } from '@/lib/validators';

describe('service-form helpers', () => {
  it('nests dotted field names for validation', () => {
    expect(nest({ a: '1', 'yjxx.pssj': '2026-11-30', 'yjxx.qu': '110108' })).toEqual({ a: '1', yjxx: { pssj: '2026-11-30', qu: '110108' } });
  });

  it('maps the server’s delivery field names onto the form’s', () => {
    expect(deliveryFieldOf('yjxx.sjd')).toBe('yjxx.pssd');
    expect(deliveryFieldOf('/yjxx/ssl')).toBe('yjxx.sslh');
    expect(deliveryFieldOf('yjxx.ssq.code')).toBe('yjxx.qu');
    expect(deliveryFieldOf('yjxx')).toBe('yjxx.pssj');
    expect(deliveryFieldOf('yjxx.xxdz')).toBe('yjxx.xxdz');
    expect(deliveryFieldOf('lxdh')).toBe('lxdh');
  });

  it('turns a saved yjxx into form values and back', () => {
    const yjxx = {
      pssj: '2026-11-30',
      sjd: '0' as const,
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
        pssd: '请选择时间',
        sslh: '请填写您的宿舍楼号',
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

describe('application answers and routes', () => {
  it('labels answers in the forms’ order, groups nested parts and lists, masks ID numbers, skips attachments', () => {
    const groups = answerGroups(
      {
        qrlx: '2',
        sfqr: '1',
        attachments: [{ fileId: 'x' }],
        sqjs: [{ xm: '王五', sfzjh: '110105201001010012', yhzgx: '20' }],
        yhkszd: { code: '110108', name: '北京市/海淀区' },
      },
      (field, value) => (field === 'yhzgx' && value === '20' ? '配偶' : undefined),
    );
    expect(groups).toEqual([
      {
        rows: [
          { label: '迁入类型', value: '教职工迁入' },
          { label: '原户口所在地', value: '北京市/海淀区' },
          { label: '是否迁入', value: '迁入' },
        ],
      },
      {
        title: '随迁家属 1',
        rows: [
          { label: '姓名', value: '王五' },
          { label: '身份证件号', value: '1101**********0012' },
          { label: '与户主关系', value: '配偶' },
        ],
      },
    ]);
  });

  it('names the delivery contact phone apart from the applicant’s', () => {
    const groups = answerGroups({ lxdh: '13800138001', yjxx: { xxdz: '301', lxdh: '13900139000', pssj: '2026-11-30' } });
    expect(groups[0].rows).toEqual([{ label: '联系电话', value: '13800138001' }]);
    expect(groups[1]).toEqual({
      title: '邮寄信息',
      rows: [
        { label: '派送日期', value: '2026-11-30' },
        { label: '派送电话', value: '13900139000' },
        { label: '详细地址', value: '301' },
      ],
    });
  });

  it('finds the form of each kind for 修改', () => {
    expect(formRoute('sfzbl', null)).toBe('certifIdCard');
    expect(formRoute('qianchu', 'post-doctoral')).toBe('moveOutPostDoctoral');
    expect(formRoute('qianru', '3')).toBe('moveInStaffM');
    expect(formRoute('qtbs', 'change')).toBe('changeOther');
    expect(formRoute('qianchu', null)).toBeUndefined();
  });
});
