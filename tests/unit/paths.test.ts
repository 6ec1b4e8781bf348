import { describe, expect, it } from 'vitest';
import { loaderFor, screens, titleFor } from '@/app/routes';
import {
  builtServices,
  isPublicPath,
  paths,
  routeForPath,
  sectorRoutes,
  showsTabBar,
  tabs,
  withQuery,
  type RouteDef,
} from '@shared/pages/paths';

const specRoutes = [
  '/address',
  '/announcement',
  '/apply-list',
  '/borrow',
  '/contact-information',
  '/details',
  '/forget',
  '/home',
  '/info',
  '/login',
  '/m-cr',
  '/m-index',
  '/move-in-dr',
  '/move-in-new',
  '/move-in-staff-m',
  '/move-in-staff',
  '/move-in-voucher',
  '/move-in',
  '/my',
  '/news',
  '/other',
  '/register',
  '/certif',
  '/certif/id-card',
  '/certif/hr-card',
  '/change',
  '/change/education',
  '/change/marriage',
  '/change/other',
  '/feedback',
  '/feedback/add',
  '/feedback/add copy',
  '/feedback/:id',
  '/move-out',
  '/move-out/c-issued',
  '/move-out/change',
  '/move-out/graduate',
  '/move-out/leave-school',
  '/move-out/mc-card',
  '/move-out/move-out',
  '/move-out/post-doctoral',
  '/move-out/postpone',
  '/move-out/reassignment',
  '/move-out/staff',
  '/prove',
  '/prove/c-issued',
  '/prove/hr-issued',
  '/prove/n-issued',
  '/prove/n-issued copy',
];

const defs = Object.values(paths) as RouteDef[];

describe('route table (spec §2)', () => {
  it('has every route of the spec, and beyond it only the extensions (the public check of an issued document)', () => {
    expect(defs.map((d) => d.path).sort()).toEqual([...specRoutes, '/verify/:code'].sort());
  });

  it('opens the check page of an issued document without sign-in, and nothing under it', () => {
    expect(isPublicPath('/verify/ABCD1234EFGH5678JKMN')).toBe(true);
    expect(isPublicPath('/verify/ABCD-1234-EFGH-5678-JKMN')).toBe(true);
    expect(isPublicPath('/verify/x/y')).toBe(false);
    expect(isPublicPath('/verify')).toBe(false);
    expect(paths.verify.href({ code: 'ABCD' })).toBe('/verify/ABCD');
  });

  it('gives every route a real Chinese title', () => {
    for (const d of defs) expect(d.title).toMatch(/^[\u4e00-\u9fa5（）()]+$/);
  });

  it('keeps the "copy" routes as aliases of the canonical screens', () => {
    expect(paths.feedbackAddCopy.aliasOf).toBe('feedbackAdd');
    expect(paths.proveNIssuedCopy.aliasOf).toBe('proveNIssued');
    expect(paths.feedbackAddCopy.href()).toBe('/feedback/add%20copy');
    expect(loaderFor('feedbackAddCopy')).toBe(screens.feedbackAdd);
    expect(loaderFor('proveNIssuedCopy')).toBe(screens.proveNIssued);
  });

  it('has a screen in the screen table for every route but the first ones (login, home) and the aliases', async () => {
    const { screens: table } = await import('@/app/screen-table');
    const expected = (Object.keys(paths) as (keyof typeof paths)[]).filter(
      (key) => !('aliasOf' in paths[key]) && key !== 'login' && key !== 'home',
    );
    expect(Object.keys(table).sort()).toEqual(expected.sort());
    for (const loader of Object.values(table)) expect(loader).toBeTypeOf('function');
  });

  it('builds hrefs with query and params', () => {
    expect(paths.details.href({ id: 12, edit: undefined })).toBe('/details?id=12');
    expect(paths.feedbackDetail.href({ id: 'a b' })).toBe('/feedback/a%20b');
    expect(withQuery('/x', { a: '1', b: null })).toBe('/x?a=1');
  });

  it('matches paths to routes, the fixed ones before the param one', () => {
    expect(routeForPath('/feedback/add')).toBe(paths.feedbackAdd);
    expect(routeForPath('/feedback/add copy')).toBe(paths.feedbackAddCopy);
    expect(routeForPath('/feedback/31')).toBe(paths.feedbackDetail);
    expect(routeForPath('/Announcement')).toBe(paths.announcement);
    expect(routeForPath('/nope')).toBeUndefined();
  });

  it('titles routes without a screen 页面不存在', () => {
    expect(titleFor('/login')).toBe('登录');
    expect(titleFor('/borrow')).toBe(screens.borrow ? '借用户口卡' : '页面不存在');
  });

  it('lists only built services, each with a screen', () => {
    for (const key of builtServices) expect(screens[key], key).toBeTypeOf('function');
    expect(builtServices).toContain('announcement');
    for (const code of ['0', '1', '2', '3', '4', '5', '6', '7', '8', '10']) expect(sectorRoutes[code]).toBeDefined();
    expect(sectorRoutes['7']).toBe('moveOut');
  });

  it('shows the tab bar only on apply-list, my and home', () => {
    expect(tabs.map((t) => paths[t].title)).toEqual(['办事服务', '我的申请', '我的户籍']);
    for (const p of ['/home', '/apply-list', '/my']) expect(showsTabBar(p)).toBe(true);
    for (const p of ['/login', '/info', '/news', '/move-out']) expect(showsTabBar(p)).toBe(false);
  });

  it('knows the public paths', () => {
    for (const p of ['/login', '/register', '/forget', '/announcement', '/Announcement']) expect(isPublicPath(p)).toBe(true);
    expect(isPublicPath('/home')).toBe(false);
  });
});
