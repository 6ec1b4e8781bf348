// The home tiles lead somewhere (issue 9): a tile is offered only where the server would take the application,
// and a grey tile always says why. The move-out tile's own rule is tested with the guard in moveout.test.ts.
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { householdRecords, sectors, settings } from '../../server/db/schema.ts';
import { seed } from '../../server/seed/seed.ts';
import { createTestApp, demo, type TestApp } from './helpers.ts';
import { createPerson, material, personOf } from './movement-helpers.ts';
import { get, post } from './service-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => t.assertContract());
afterAll(() => t?.close());

type Tile = { sectorCode: string; disabled?: boolean; disabledReason?: string | null };
const tiles = async (token: string): Promise<Tile[]> => (await get(t, '/api/userOpenSector?loginType=1', token)).body.data.openSectors;
const tile = async (token: string, code: string) => (await tiles(token)).find((s) => s.sectorCode === code);

describe('tiles follow what the server accepts', () => {
  it('a grey tile always has a reason', async () => {
    for (const phone of Object.values(demo).map((d) => d.phone)) {
      for (const s of await tiles(await t.login(phone))) if (s.disabled) expect(s.disabledReason, `${phone} ${s.sectorCode}`).toBeTruthy();
    }
  });

  it('a post-doc registered at the school is not offered 博士后迁入, which the server refuses with the same words', async () => {
    const inSchool = await createPerson(t, { rylb: '3', household: 'in' });
    expect(await tile(inSchool.token, '4')).toMatchObject({ disabled: true, disabledReason: '您的户口已在本校，无需迁入' });
    const body = {
      qrlx: '1',
      ryxx: personOf(inSchool.name, inSchool.idNumber),
      dwh: '004',
      rzrq: '2026-09-01',
      yhkszd: { code: '320102', name: '江苏省/南京市/玄武区' },
      yhkxxdz: '中山路1号',
      lxdh: '13900000013',
      attachments: [await material(t, inSchool.id, '博士后进站审批表'), await material(t, inSchool.id, '一寸白底彩色证件照电子版')],
    };
    expect((await post(t, '/api/qianru/add', inSchool.token, body)).body).toMatchObject({ code: 100, msg: '您的户口已在本校，无需迁入' });

    const arriving = await createPerson(t, { rylb: '3' });
    expect(await tile(arriving.token, '4')).toMatchObject({ disabled: false, disabledReason: null });
  });

  it('a staff member at school keeps 教职工迁入 (the family can still move in)', async () => {
    const staff = await createPerson(t, { rylb: '4', household: 'in' });
    expect(await tile(staff.token, '6')).toMatchObject({ disabled: false });
  });

  it('a new student: 新生迁入 before moving in; once moved in, the ID card and borrowing the card instead', async () => {
    const s = await createPerson(t, { rylb: '7', household: 'none' });
    const before = await tiles(s.token);
    expect(before.map((x) => x.sectorCode)).toEqual(['5', '1', '2', '0', '10']);
    expect(before.find((x) => x.sectorCode === '5')).toMatchObject({ disabled: false });
    expect(before.find((x) => x.sectorCode === '1')).toMatchObject({ disabled: false });
    expect(before.find((x) => x.sectorCode === '2')).toMatchObject({ disabled: true, disabledReason: '您不在校，无法借用户口卡' });

    // 新生迁入 已办结: the registration is at the school.
    await t.app.db
      .insert(householdRecords)
      .values({ userId: s.id, status: '1', householdNo: '510000101', collectiveName: '示范大学学生集体户' });
    t.changedByHand(); // by hand: the cached record goes as on an operator's notification
    const after = await tiles(s.token);
    expect(after.find((x) => x.sectorCode === '5')).toMatchObject({ disabled: true, disabledReason: '您的户口已在本校，无需迁入' });
    expect(after.find((x) => x.sectorCode === '1')).toMatchObject({ disabled: false });
    expect(after.find((x) => x.sectorCode === '2')).toMatchObject({ disabled: false, disabledReason: null });
  });

  it('a database seeded before version 6 gives new students the two tiles on the next start, once, after its own order', async () => {
    const newStudentTiles = () =>
      t.app.db
        .select({ code: sectors.sectorCode, sort: sectors.sort })
        .from(sectors)
        .where(and(eq(sectors.personType, '7'), isNull(sectors.parentCode)));
    await t.app.db.delete(sectors).where(and(eq(sectors.personType, '7'), isNull(sectors.parentCode), eq(sectors.sectorCode, '1')));
    await t.app.db.delete(sectors).where(and(eq(sectors.personType, '7'), isNull(sectors.parentCode), eq(sectors.sectorCode, '2')));
    await t.app.db.update(settings).set({ value: 5 }).where(eq(settings.key, 'seed.version'));
    t.changedByHand();
    expect(await seed(t.app.db, { now: t.clock.now(), demo: true })).toBe(true);
    expect(await seed(t.app.db, { now: t.clock.now(), demo: true })).toBe(false);
    const rows = (await newStudentTiles()).sort((a, b) => a.sort - b.sort);
    expect(rows.map((r) => r.code)).toEqual(['5', '0', '10', '1', '2']);
    const token = await t.login(demo.newStudent.phone);
    expect((await tiles(token)).map((x) => x.sectorCode)).toEqual(['5', '0', '10', '1', '2']);
  });
});
