// Demo staff accounts (办理员 staff01, 管理员 admin01), seeded once outside production with their own marker
// (`seed.staff`), so they also reach a database seeded before the staff console existed.
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from '../lib/crypto.ts';
import type { Database } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { demoPassword, demoStaff } from '../db/seed-data/index.ts';

const MARKER = 'seed.staff';
const VERSION = 1;

export async function seedStaff(db: Database, opts: { demo: boolean; log?: FastifyBaseLogger }): Promise<boolean> {
  if (!opts.demo) return false;
  const [done] = await db.select().from(schema.settings).where(eq(schema.settings.key, MARKER));
  if (done && Number(done.value) >= VERSION) return false;
  // Hashing is slow: before the transaction (nothing but `tx` inside it).
  const hashes = await Promise.all(demoStaff.map(() => hashPassword(demoPassword)));
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
    await tx
      .insert(schema.users)
      .values(
        demoStaff.map((s, i) => ({
          username: s.username,
          name: s.name,
          role: s.role,
          passwordHash: hashes[i]!.hash,
          passwordSalt: hashes[i]!.salt,
          personType: '',
          loginType: '1',
        })),
      )
      .onConflictDoNothing();
    return true;
  });
  if (seeded) opts.log?.info('demo staff accounts seeded');
  return seeded;
}
