// Helpers of the move-in and move-out tests: people of each person type with valid ID numbers (and staff
// numbers, family links, household records), made directly in the database and signed in without SMS.
import { randomInt } from 'node:crypto';
import { householdRecords } from '../../server/db/schema.ts';
import { idNumberCheckDigit } from '../../server/db/seed-data/index.ts';
import type { TestApp } from './helpers.ts';
import { uploadFor, type TestUser } from './service-helpers.ts';

/** A valid GB 11643 number born on `birth` (YYYYMMDD), odd sequence digit for men, even for women. */
export function idNumber(birth: string, male: boolean, area = '110108'): string {
  const seq = randomInt(0, 50) * 2 + (male ? 1 : 0);
  const body = `${area}${birth}${String(randomInt(0, 10))}${String(seq).padStart(2, '0')}`;
  return `${body}${idNumberCheckDigit(body)}`;
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
