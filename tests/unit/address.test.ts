import { describe, expect, it } from 'vitest';
import { addressOf } from '../../server/lib/address';

describe('addressOf (certificates, the household record, titles)', () => {
  const chengdu = { name: '四川省/成都市/锦江区' };
  it('joins the region and the detail, without the placeholder levels of municipalities', () => {
    expect(addressOf({ name: '北京市/市辖区/海淀区' }, '示范路1号')).toBe('北京市海淀区示范路1号');
    expect(addressOf(chengdu, '')).toBe('四川省成都市锦江区');
    expect(addressOf(null, '示范路1号')).toBe('示范路1号');
  });

  it('does not repeat what the region already says at the start of the detail, from any level down', () => {
    expect(addressOf(chengdu, '四川省成都市锦江区春熙路1号')).toBe('四川省成都市锦江区春熙路1号');
    expect(addressOf(chengdu, '成都市锦江区春熙路1号')).toBe('四川省成都市锦江区春熙路1号');
    expect(addressOf(chengdu, '锦江区春熙路1号')).toBe('四川省成都市锦江区春熙路1号');
    expect(addressOf({ name: '北京市/市辖区/海淀区' }, '北京市海淀区示范路1号')).toBe('北京市海淀区示范路1号');
    // Only a repetition at the start, of whole names: a street named after the district stays.
    expect(addressOf(chengdu, '春熙路锦江区大厦')).toBe('四川省成都市锦江区春熙路锦江区大厦');
    expect(addressOf(chengdu, '锦江大道1号')).toBe('四川省成都市锦江区锦江大道1号');
  });
});
