// Helpers of the move-in and move-out tests: people of each person type with valid ID numbers (and staff
// numbers, family links, household records), made directly in the database and signed in without SMS.
import { randomInt } from 'node:crypto';
import { householdRecords } from '../../server/db/schema.ts';
import { idNumberCheckDigit } from '../../server/domain/id-number.ts';
import type { TestApp } from './helpers.ts';
import { expect } from 'vitest';
import { key, post, staffMoves, uploadFor, type TestUser } from './service-helpers.ts';

const issued = new Set<string>();

/**
 * A valid GB 11643 number born on `birth` (YYYYMMDD), odd sequence digit for men, even for women; never one issued
 * before in this test file (ID numbers are unique among accounts).
 */
export function idNumber(birth: string, male: boolean, area = '110108'): string {
  for (;;) {
    const seq = randomInt(0, 50) * 2 + (male ? 1 : 0);
    const body = `${area}${birth}${String(randomInt(0, 10))}${String(seq).padStart(2, '0')}`;
    const id = `${body}${idNumberCheckDigit(body)}`;
    if (!issued.has(id)) {
      issued.add(id);
      return id;
    }
  }
}

/** The PersonInfo of a form for an ID number (birth date and gender taken from it). */
export const personOf = (xm: string, sfzjh: string, extra: Record<string, string> = {}) => ({
  xm,
  xbm: Number(sfzjh[16]) % 2 === 1 ? '1' : '2',
  mzm: '01',
  csrq: `${sfzjh.slice(6, 10)}-${sfzjh.slice(10, 12)}-${sfzjh.slice(12, 14)}`,
  sfzjh,
  ...extra,
});

export interface Person extends TestUser {
  idNumber: string;
  staffNo: string | null;
  studentNo: string | null;
}

export interface PersonOptions {
  rylb: string;
  /** Household record: 'in' 在册, 'out' 已迁出, 'none' (default none). */
  household?: 'in' | 'out' | 'none';
  /** The collective household (default by person type). */
  householdNo?: string;
  studentNo?: string;
  familyOf?: number;
  relationCode?: string;
  male?: boolean;
  name?: string;
  /** No session (a family member who never signs in). */
  noLogin?: boolean;
}

let counter = 0;

/** A person of a person type, signed in (token) unless noLogin. */
export async function createPerson(t: TestApp, o: PersonOptions): Promise<Person> {
  counter += 1;
  const serial = `${Date.now() % 100000}${String(counter).padStart(3, '0')}`;
  const male = o.male ?? counter % 2 === 0;
  const birth = o.rylb === '4' ? '19850317' : o.rylb === '3' ? '19920611' : o.rylb === '5' ? '19880802' : '20060105';
  const id = idNumber(birth, male);
  const staffNo = ['3', '4'].includes(o.rylb) ? `S${serial}` : null;
  const studentNo = ['0', '1', '2', '7'].includes(o.rylb) ? (o.studentNo ?? `X${serial}`) : null;
  const phone = o.noLogin ? null : `158${serial.padStart(8, '0').slice(-8)}`;
  const name = o.name ?? `迁移测试${counter}`;
  const user = await t.app.repos.users.create({
    phone,
    name,
    idNumber: id,
    personType: o.rylb,
    staffNo,
    studentNo,
    loginType: '1',
    genderCode: male ? '1' : '2',
    ethnicCode: '01',
    birthDate: `${birth.slice(0, 4)}-${birth.slice(4, 6)}-${birth.slice(6)}`,
    maritalStatusCode: '10',
    educationCode: '21',
    departmentCode: '005',
    familyOfUserId: o.familyOf ?? null,
  });
  const household = o.household ?? 'none';
  if (household !== 'none') {
    const staffHousehold = ['4', '5'].includes(o.rylb);
    await t.app.db.insert(householdRecords).values({
      userId: user.id,
      status: household === 'in' ? '1' : '2',
      householdNo: o.householdNo ?? (staffHousehold ? '510000102' : o.rylb === '3' ? '510000103' : '510000101'),
      collectiveName: staffHousehold ? '示范大学教职工集体户' : o.rylb === '3' ? '示范大学博士后集体户' : '示范大学学生集体户',
      collectiveAddress: '北京市海淀区示范大学集体户',
      policeStationId: '110108510000',
      relationCode: o.relationCode ?? null,
    });
  }
  const token = o.noLogin ? '' : await t.app.services.sessions.create(user.id, '1', '127.0.0.1');
  return { id: user.id, token, phone: phone ?? '', name, idNumber: id, staffNo, studentNo };
}

/** An upload of the user named as a material (attachments[].clmc). */
export const material = async (t: TestApp, userId: number, clmc: string) => ({ fileId: await uploadFor(t, userId), clmc });

/**
 * A 博士后迁入 of p taken to the step before 已办结 (stage 2, 办理中): submitted with its two materials (the ID photo is
 * `photoId`, else a fresh upload) under p's own ID number or `sfzjh`, picked up, continued with its 迁移证, accepted.
 */
export async function postdocMoveInReadyToFinish(t: TestApp, p: Person, opts: { photoId?: string; sfzjh?: string } = {}): Promise<number> {
  const added = await post(
    t,
    '/api/qianru/add',
    p.token,
    {
      qrlx: '1',
      ryxx: personOf(p.name, opts.sfzjh ?? p.idNumber),
      hyzkm: '20',
      xlm: '11',
      dwh: '004',
      rzrq: '2026-09-01',
      yhkszd: { code: '320102', name: '江苏省/南京市/玄武区' },
      yhkxxdz: '中山路1号',
      yhkpcs: '新街口派出所',
      lxdh: '13900000011',
      attachments: [
        await material(t, p.id, '博士后进站审批表'),
        opts.photoId ? { fileId: opts.photoId, clmc: '一寸白底彩色证件照电子版' } : await material(t, p.id, '一寸白底彩色证件照电子版'),
      ],
    },
    key(),
  );
  expect(added.body.code).toBe(200);
  const id = added.body.data.id as number;
  await staffMoves(t, id, 2);
  await staffMoves(t, id, 4);
  await staffMoves(t, id, 5, { handling: { lqdd: '行政楼108室', lqsj: '工作日 9:00-11:00' } });
  const next = await post(
    t,
    '/api/qianru/continueSubmit',
    p.token,
    {
      id,
      qyzbh: 'QY320102000123',
      qyzqfrq: '2026-10-08',
      qyzqfjg: '南京市公安局玄武分局',
      attachments: [await material(t, p.id, '迁移证')],
    },
    key(),
  );
  expect(next.body.code).toBe(200);
  await staffMoves(t, id, 2);
  await staffMoves(t, id, 4);
  return id;
}
