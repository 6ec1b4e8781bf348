import { describe, expect, it } from 'vitest';
import {
  deliverySchema,
  deliverySlots,
  idNumberValid,
  issuesToFieldErrors,
  loginSchema,
  loginWithCaptchaSchema,
  newPasswordSchema,
  phoneStepSchema,
  registerDetailsSchema,
  serverFieldErrors,
  smsStepSchema,
  userInfoSchema,
  validate,
} from '@/lib/validators';
import * as v from 'valibot';

const delivery = {
  pssj: '2026-12-01',
  sjd: '0',
  ssl: '紫荆12号楼',
  lxdh: '13800138000',
  sjrxm: '张三',
  sjrdh: '13900139000',
  shen: '110000',
  shi: '110100',
  qu: '110108',
  xxdz: '某某路1号',
};

const errorsOf = (schema: v.GenericSchema, values: unknown) => {
  const r = validate(schema, values);
  return r.ok ? {} : r.errors;
};

describe('delivery form (spec §5)', () => {
  it('accepts a complete form', () => {
    expect(validate(deliverySchema, delivery).ok).toBe(true);
  });

  it.each([
    ['pssj', '请选择您期望的派送日期'],
    ['sjd', '请选择时间'],
    ['ssl', '请填写您的宿舍楼号'],
    ['lxdh', '请填写收件人联系电话'],
    ['sjrxm', '请填写收件人姓名'],
    ['sjrdh', '请填写收件人联系电话'],
    ['shen', '请选择'],
    ['shi', '请选择'],
    ['qu', '请选择'],
    ['xxdz', '请填写您的详细地址'],
  ])('%s empty: %s', (field, message) => {
    expect(errorsOf(deliverySchema, { ...delivery, [field]: '' })[field]).toBe(message);
  });

  it.each(['lxdh', 'sjrdh'])('%s must be a mainland mobile number of at most 11 digits', (field) => {
    for (const bad of ['12800138000', '1380013800', '138001380001', '23800138000', '1380013800a']) {
      expect(errorsOf(deliverySchema, { ...delivery, [field]: bad })[field]).toBe('手机号格式错误');
    }
    expect(errorsOf(deliverySchema, { ...delivery, [field]: '19912345678' })[field]).toBeUndefined();
  });

  it('offers the two time slots with their values', () => {
    expect(deliverySlots).toEqual([
      { label: '上午(12-13点)', value: '0' },
      { label: '下午(17-18点)', value: '1' },
    ]);
    expect(errorsOf(deliverySchema, { ...delivery, sjd: '2' }).sjd).toBe('请选择时间');
  });
});

describe('user info form (spec §5)', () => {
  it('requires the person type: 请选择人员类型', () => {
    expect(errorsOf(userInfoSchema, { xm: '张三', rylb: '' }).rylb).toBe('请选择人员类型');
    expect(errorsOf(userInfoSchema, { xm: '张三', rylb: '6' }).rylb).toBe('请选择人员类型');
    expect(validate(userInfoSchema, { xm: '张三', rylb: '7' }).ok).toBe(true);
  });

  it('requires the name', () => {
    expect(errorsOf(userInfoSchema, { xm: '  ', rylb: '0' }).xm).toBe('请填写姓名');
  });
});

describe('login', () => {
  it('requires account and password', () => {
    expect(errorsOf(loginSchema, { username: '', password: '' })).toEqual({ username: '请输入账号', password: '请输入密码' });
  });
  it('requires the image code once shown', () => {
    expect(errorsOf(loginWithCaptchaSchema, { username: 'a', password: 'b', code: '' }).code).toBe('请输入图形验证码');
  });
});

describe('register and forget', () => {
  it('step 1 checks the phone and the image code', () => {
    expect(errorsOf(phoneStepSchema, { phone: '', code: '' })).toEqual({ phone: '请填写手机号', code: '请输入图形验证码' });
    expect(errorsOf(phoneStepSchema, { phone: '1234', code: 'ab' }).phone).toBe('手机号格式错误');
  });

  it('step 2 wants 6 digits', () => {
    expect(errorsOf(smsStepSchema, { smsCode: '' }).smsCode).toBe('请输入短信验证码');
    expect(errorsOf(smsStepSchema, { smsCode: '12345' }).smsCode).toBe('短信验证码为6位数字');
    expect(validate(smsStepSchema, { smsCode: '123456' }).ok).toBe(true);
  });

  const details = {
    xm: '张三',
    sfzjh: '11010519491231002X',
    rylb: '0',
    xh: '2023010101',
    gzzh: '',
    password: 'abc12345',
    password2: 'abc12345',
  };

  it('accepts complete details', () => {
    expect(validate(registerDetailsSchema, details).ok).toBe(true);
  });

  it('passwords need 8 characters with letters and digits', () => {
    for (const bad of ['abc1234', 'abcdefgh', '12345678']) {
      expect(errorsOf(registerDetailsSchema, { ...details, password: bad, password2: bad }).password).toBe(
        '密码至少8位，且须同时包含字母和数字',
      );
    }
  });

  it('the second password must match', () => {
    expect(errorsOf(registerDetailsSchema, { ...details, password2: 'abc123456' }).password2).toBe('两次输入的密码不一致');
    expect(errorsOf(newPasswordSchema, { password: 'abc12345', password2: 'x' }).password2).toBe('两次输入的密码不一致');
  });

  it('xh is needed for students, gzzh for staff, neither for family members', () => {
    expect(errorsOf(registerDetailsSchema, { ...details, xh: '' }).xh).toBe('请填写学号');
    expect(errorsOf(registerDetailsSchema, { ...details, rylb: '4', xh: '' }).gzzh).toBe('请填写工作证号');
    expect(validate(registerDetailsSchema, { ...details, rylb: '5', xh: '' }).ok).toBe(true);
  });

  it('checks the ID number and its check digit', () => {
    expect(idNumberValid('11010519491231002X')).toBe(true);
    expect(idNumberValid('110105194912310021')).toBe(false);
    expect(errorsOf(registerDetailsSchema, { ...details, sfzjh: '110105194912310021' }).sfzjh).toBe('身份证件号码格式错误');
    expect(errorsOf(registerDetailsSchema, { ...details, sfzjh: '' }).sfzjh).toBe('请填写身份证件号码');
    expect(errorsOf(registerDetailsSchema, { ...details, rylb: '' }).rylb).toBe('请选择人员类型');
  });
});

describe('mapping errors to fields', () => {
  it('keeps the first message per field', () => {
    const r = v.safeParse(deliverySchema, { ...delivery, lxdh: '' });
    expect(r.success).toBe(false);
    if (!r.success) expect(issuesToFieldErrors(r.issues)).toEqual({ lxdh: '请填写收件人联系电话' });
  });

  it('maps the server errors[]', () => {
    expect(
      serverFieldErrors([
        { field: 'phone', message: '手机号格式错误' },
        { field: 'phone', message: '第二条' },
        { field: 'xm', message: '请填写姓名' },
      ]),
    ).toEqual({ phone: '手机号格式错误', xm: '请填写姓名' });
    expect(serverFieldErrors(undefined)).toEqual({});
  });
});
