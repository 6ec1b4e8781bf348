// Demo campus roster (校园身份名册), seeded once outside production with its own marker (`seed.roster`): the demo
// accounts' student and staff numbers are in the roster and the accounts are bound to them (verified number and CAS
// uid), so the development CAS lands in them. On a demo database from before the roster, migration 0007 made their
// numbers unverified claims: this binds them again.
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createRepositories } from '../repositories/index.ts';
import { boundValues } from '../services/roster.ts';
import type { Database } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { demoAccounts } from '../db/seed-data/index.ts';

const MARKER = 'seed.roster';
const VERSION = 1;

export async function seedRoster(db: Database, opts: { demo: boolean; now: Date; log?: FastifyBaseLogger }): Promise<boolean> {
  if (!opts.demo) return false;
  const [done] = await db.select().from(schema.settings).where(eq(schema.settings.key, MARKER));
  if (done && Number(done.value) >= VERSION) return false;
  const people = demoAccounts.filter((a) => a.xh || a.gzzh).map((a) => ({ account: a, no: (a.xh ?? a.gzzh)! }));
  const seeded = await db.transaction(async (tx) => {
    const marker = await tx
      .insert(schema.settings)
      .values({ key: MARKER, value: VERSION })
      .onConflictDoUpdate({
        target: schema.settings.key,
        set: { value: VERSION },
        setWhere: sql`(${schema.settings.value})::text::int < ${VERSION}`,
      })
      .returning();
    if (!marker.length) return false; // another instance seeded first
    const r = createRepositories(tx);
    await r.roster.save(
      people.map(({ account: a, no }) => ({ campusNo: no, personType: a.rylb, name: a.xm, idNumber: a.sfzjh })),
      opts.now,
    );
    const entries = new Map((await r.roster.findMany(people.map((p) => p.no))).map((e) => [e.campusNo, e]));
    for (const { account, no } of people) {
      const user = await r.users.findByPhone(account.phone);
      const entry = entries.get(no);
      if (!user || !entry || user.casUid) continue;
      // Only the demo account that has (or claimed) this number, and only while no other account holds it.
      if (user.studentNo !== no && user.staffNo !== no && user.claimedNo !== no) continue;
      const holder = (await r.users.findByCasUid(no)) ?? (await r.users.findByStudentOrStaffNo(no));
      if (holder && holder.id !== user.id) {
        opts.log?.warn(`demo account ${user.id} not bound to its campus number: account ${holder.id} holds it`);
        continue;
      }
      await r.users.update(user.id, boundValues(entry));
    }
    return true;
  });
  if (seeded) opts.log?.info('demo campus roster seeded');
  return seeded;
}
