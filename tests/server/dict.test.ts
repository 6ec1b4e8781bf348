// Dictionaries, national code lists, divisions, units, police stations and relations (all public).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => t.assertContract());
afterAll(() => t?.close());

const get = (url: string) => t.json({ method: 'GET', url });
const post = (url: string, payload?: Record<string, unknown>) =>
  t.json({ method: 'POST', url, ...(payload === undefined ? {} : { payload }) });

describe('dictionaries', () => {
  it('GET /api/dict/qh_identity_reason, qh_gender, qh_maritalStatus answer dictLabel/dictValue lists without login', async () => {
    const reasons = (await get('/api/dict/qh_identity_reason')).body.data;
    expect(reasons[0]).toMatchObject({ dictLabel: '首次申领', dictValue: '1', dictSort: 1, switch: '1' });
    expect((await get('/api/dict/qh_gender')).body.data.map((d: { dictValue: string }) => d.dictValue)).toEqual(['1', '2']);
    const marital = (await get('/api/dict/qh_maritalStatus')).body.data;
    expect(marital.find((d: { dictValue: string }) => d.dictValue === '20').dictLabel).toBe('已婚');
  });

  it('getSysDictByType answers each documented type; unknown types are empty', async () => {
    const types = [
      'qh_rylb',
      'qh_identity_reason',
      'qh_gender',
      'qh_maritalStatus',
      'qh_hkk_reason',
      'qh_hkk_kd',
      'qh_zm_reason_c',
      'qh_zm_reason_n',
      'qh_zxhk_reason',
      'qh_qtbs_type',
      'qh_change_type',
      'qh_yhzgx',
      'qh_notice_type',
    ];
    for (const dictType of types) {
      const res = await post('/api/dict/getSysDictByType', { dictType });
      expect(res.body.data.length, dictType).toBeGreaterThan(0);
    }
    const rylb = (await post('/api/dict/getSysDictByType', { dictType: 'qh_rylb' })).body.data;
    expect(rylb.map((d: { dictValue: string }) => d.dictValue)).toEqual(['0', '1', '2', '3', '4', '5', '7']);
    const couriers = (await post('/api/dict/getSysDictByType', { dictType: 'qh_hkk_kd' })).body.data;
    expect(couriers.some((d: { switch: string }) => d.switch === '0')).toBe(true);
    expect((await post('/api/dict/getSysDictByType', { dictType: 'no_such_type' })).body).toMatchObject({ code: 200, data: [] });
  });

  it('getSysDictByType validates dictType', async () => {
    const missing = await post('/api/dict/getSysDictByType', {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toMatchObject({ field: 'dictType' });
    expect((await post('/api/dict/getSysDictByType', { dictType: "x'; drop table users;--" })).status).toBe(400);
  });
});

describe('national code lists', () => {
  it('getMz: 56 ethnic groups plus two extra codes, in code order', async () => {
    const data = (await post('/api/dict/getMz', {})).body.data;
    expect(data).toHaveLength(58);
    expect(data[0]).toEqual({ mzm: '01', mzmc: '汉族' });
    expect(data[55]).toEqual({ mzm: '56', mzmc: '基诺族' });
  });

  it('getAllXb, getHyzk and getXueLi (two levels) accept an empty body', async () => {
    expect((await post('/api/dict/getAllXb')).body.data).toContainEqual({ xbm: '2', xbmc: '女' });
    expect((await post('/api/dict/getHyzk')).body.data).toContainEqual({ hyzkm: '10', hyzkmc: '未婚' });
    const xl = (await post('/api/dict/getXueLi', {})).body.data;
    expect(xl[0]).toEqual({ xlm: '10', xlmc: '研究生教育', level: 1, parentXlm: null });
    expect(xl).toContainEqual({ xlm: '21', xlmc: '大学本科毕业', level: 2, parentXlm: '20' });
  });
});

describe('administrative divisions (GB/T 2260)', () => {
  it('getDzList answers 34 provincial divisions including Hong Kong, Macao and Taiwan', async () => {
    const list = (await post('/api/dict/getDzList')).body.data.shenList;
    expect(list).toHaveLength(34);
    expect(list[0]).toEqual({ displayName: '北京市', factValue: '110000', hasChildren: true });
    expect(list.map((d: { factValue: string }) => d.factValue)).toEqual(expect.arrayContaining(['710000', '810000', '820000']));
  });

  it('getDzsByParent: province → cities → districts; municipalities go straight to districts', async () => {
    const cities = (await post('/api/dict/getDzsByParent', { parentCode: '320000' })).body.data;
    expect(cities[0]).toEqual({ displayName: '南京市', factValue: '320100', hasChildren: true });
    const districts = (await post('/api/dict/getDzsByParent', { parentCode: '320100' })).body.data;
    expect(districts).toContainEqual({ displayName: '玄武区', factValue: '320102', hasChildren: false });
    const beijing = (await post('/api/dict/getDzsByParent', { parentCode: '110000' })).body.data;
    expect(beijing).toContainEqual({ displayName: '海淀区', factValue: '110108', hasChildren: false });
    expect((await post('/api/dict/getDzsByParent', { parentCode: '999999' })).body.data).toEqual([]);
  });

  it('getDzsByParent validates the code', async () => {
    const res = await post('/api/dict/getDzsByParent', { parentCode: '11' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('parentCode');
    expect((await post('/api/dict/getDzsByParent', {})).body.errors[0]).toEqual({ field: 'parentCode', message: '请填写上级区划代码' });
  });
});

describe('school units', () => {
  it('getJwdw and getRsdw answer dwh/dwmc lists; getQyzsbm filters by lx', async () => {
    const jw = (await post('/api/dict/getJwdw')).body.data;
    expect(jw[0]).toEqual({ dwh: '001', dwmc: '数学科学学院' });
    const rs = (await post('/api/dict/getRsdw')).body.data;
    expect(rs.length).toBeGreaterThan(jw.length);
    expect((await post('/api/dict/getQyzsbm', { lx: 'jwYx' })).body.data).toEqual(jw);
    const all = (await post('/api/dict/getQyzsbm')).body.data;
    expect(new Set(all.map((d: { dwh: string }) => d.dwh)).size).toBe(all.length);
    expect(all.length).toBe(rs.length);
    const gljs = (await post('/api/dict/getQyzsbm', { lx: 'gljs' })).body.data;
    expect(gljs.every((d: { dwh: string }) => d.dwh >= '100')).toBe(true);
    expect((await post('/api/dict/getQyzsbm', { lx: 'nope' })).status).toBe(400);
  });
});

describe('police stations and relations', () => {
  it('lists police stations, filtered by division', async () => {
    const all = (await post('/api/qianchu/getPcsList')).body.data;
    expect(all[0]).toMatchObject({ id: '110108510000', policeStationName: '示范园派出所', address: expect.any(String) });
    expect((await post('/api/qianchu/getPcsList', { ssq: '110108' })).body.data).toHaveLength(all.length);
    expect((await post('/api/qianchu/getPcsList', { ssq: '110000' })).body.data).toHaveLength(all.length);
    expect((await post('/api/qianchu/getPcsList', { ssq: '320000' })).body.data).toEqual([]);
    expect((await post('/api/qianchu/getPcsList', { ssq: '1101' })).status).toBe(400);
  });

  it('lists relations to the household head (same as qh_yhzgx)', async () => {
    const roles = (await post('/api/qianchu/getGxList')).body.data;
    expect(roles.map((r: { dictLabel: string }) => r.dictLabel)).toEqual(expect.arrayContaining(['夫', '妻', '子', '女']));
    expect((await post('/api/dict/getSysDictByType', { dictType: 'qh_yhzgx' })).body.data).toEqual(roles);
  });
});
