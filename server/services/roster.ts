// 校园身份名册 (campus roster): a student or staff number becomes an account's identity only through single sign-on or
// this roster, which the office imports. A number, a name and an ID number that match one row confirm each other.
import { isValidIdNumber } from '../lib/id-number.ts';
import { normaliseIdNumber } from '../lib/field-crypto.ts';
import type { Repositories } from '../repositories/index.ts';
import type { RosterEntry, RosterRow } from '../repositories/roster.ts';
import type { UserRow } from '../repositories/users.ts';

/** Person types with a campus number: students (学号) and staff (工作证号). */
const KIND: Record<string, 'student' | 'staff'> = {
  '0': 'student',
  '1': 'student',
  '2': 'student',
  '7': 'student',
  '3': 'staff',
  '4': 'staff',
};
export const ROSTER_PERSON_TYPES = Object.keys(KIND);
export const ROSTER_STUDENT_TYPES = ROSTER_PERSON_TYPES.filter((t) => KIND[t] === 'student');
export const MAX_ROSTER_ROWS = 5000;
export const ROSTER_LAST_IMPORT = 'roster.lastImport';

/** Names compare after Unicode normalisation, without blanks, with one kind of middle dot (艾力·买买提). */
export const nameKey = (name: string) =>
  name
    .normalize('NFKC')
    .replace(/\s+/g, '')
    .replace(/[·•‧∙・.]/g, '·');

/** Both person types carry the same kind of campus number (a student number or a staff number). */
export const sameKind = (a: string, b: string) => !!KIND[a] && KIND[a] === KIND[b];

const confirms = (entry: RosterRow, personType: string, name: string) =>
  sameKind(entry.personType, personType) && nameKey(entry.name) === nameKey(name);

/** The number as a verified identity: student or staff number by the roster's kind, and the CAS uid (the same number). */
export const boundValues = (entry: RosterRow) => ({
  studentNo: KIND[entry.personType] === 'student' ? entry.campusNo : null,
  staffNo: KIND[entry.personType] === 'staff' ? entry.campusNo : null,
  casUid: entry.campusNo,
  claimedNo: null,
});

/** Whether some account already holds this number verified (as student or staff number, or as its CAS uid). */
async function isHeld(repos: Repositories, no: string): Promise<boolean> {
  return !!(await repos.users.findByStudentOrStaffNo(no)) || !!(await repos.users.findByCasUid(no));
}

/**
 * The roster row a registration may be bound to: the number is in the roster with the same name, ID number and kind
 * of person, and no account holds it yet. Null otherwise (the caller never says which).
 */
export async function rosterBinding(
  repos: Repositories,
  no: string,
  personType: string,
  name: string,
  idNumber: string,
): Promise<RosterRow | null> {
  const entry = await repos.roster.find(no);
  if (!entry || !confirms(entry, personType, name) || !repos.roster.holdsIdNumber(entry, idNumber)) return null;
  return (await isHeld(repos, no)) ? null : entry;
}

export interface RosterInputRow {
  no?: string;
  rylb?: string;
  xm?: string;
  sfzjh?: string;
}

export interface RosterRefusal {
  /** 1-based position in the import. */
  row: number;
  no: string;
  reason: string;
}

export interface RosterImportResult {
  total: number;
  imported: number;
  updated: number;
  unchanged: number;
  /** Accounts whose claimed number the import confirmed (now bound). */
  bound: number;
  refused: RosterRefusal[];
}

/** Checks every row: good rows to save, bad ones with their reason (never echoing the ID number). */
export function checkRosterRows(rows: readonly RosterInputRow[]): { entries: RosterEntry[]; refused: RosterRefusal[] } {
  const entries: RosterEntry[] = [];
  const refused: RosterRefusal[] = [];
  const seen = new Map<string, number>();
  rows.forEach((raw, i) => {
    const row = i + 1;
    const no = (raw.no ?? '').trim();
    const personType = (raw.rylb ?? '').trim();
    const name = (raw.xm ?? '').trim();
    const idNumber = normaliseIdNumber(raw.sfzjh ?? '');
    const refuse = (reason: string) => refused.push({ row, no: no.slice(0, 32), reason });
    if (!no) return refuse('请填写学号或工作证号');
    if (!/^[A-Za-z0-9]{1,32}$/.test(no)) return refuse('学号或工作证号应为1-32位字母或数字');
    if (!KIND[personType]) return refuse('人员类别应为 0、1、2、7（学生）或 3、4（教职工）');
    if (!name) return refuse('请填写姓名');
    if (name.length > 30) return refuse('姓名不能超过30个字');
    if (!idNumber) return refuse('请填写身份证件号码');
    if (!isValidIdNumber(idNumber)) return refuse('身份证件号码格式错误');
    const first = seen.get(no);
    if (first) return refuse(`与第${first}行的学号或工作证号重复`);
    seen.set(no, row);
    entries.push({ campusNo: no, personType, name, idNumber });
  });
  return { entries, refused };
}

/**
 * Saves the good rows and binds the accounts whose number, typed at registration, the roster now confirms (same name,
 * ID number and kind of person, number held by no account). Runs inside the caller's transaction.
 */
export async function importRoster(r: Repositories, rows: readonly RosterInputRow[], now: Date): Promise<RosterImportResult> {
  const { entries, refused } = checkRosterRows(rows);
  const saved = await r.roster.save(entries, now);
  let bound = 0;
  const byNo = new Map((await r.roster.findMany(entries.map((e) => e.campusNo))).map((e) => [e.campusNo, e]));
  for (const user of await r.users.claimantsOf([...byNo.keys()])) {
    const entry = byNo.get(user.claimedNo!);
    if (!entry || !confirmsAccount(entry, user) || (await isHeld(r, entry.campusNo))) continue;
    await r.users.update(user.id, boundValues(entry));
    bound += 1;
  }
  return {
    total: rows.length,
    imported: saved.imported.length,
    updated: saved.updated.length,
    unchanged: saved.unchanged.length,
    bound,
    refused,
  };
}

/** An account's own name, ID number (keyed hash) and kind of person match the roster row. */
const confirmsAccount = (entry: RosterRow, user: UserRow) =>
  confirms(entry, user.personType, user.name) && !!user.idNumberHash && user.idNumberHash === entry.idNumberHash;

/** What the roster page shows of the last import (settings ROSTER_LAST_IMPORT), by the console or the command line. */
export interface LastRosterImport {
  at: string;
  staffName: string;
  total: number;
  imported: number;
  updated: number;
  unchanged: number;
  refused: number;
  bound: number;
}

export const lastRosterImport = (done: RosterImportResult, at: Date, staffName: string): LastRosterImport => ({
  at: at.toISOString(),
  staffName,
  total: done.total,
  imported: done.imported,
  updated: done.updated,
  unchanged: done.unchanged,
  refused: done.refused.length,
  bound: done.bound,
});
