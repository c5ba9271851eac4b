import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/database.js';
import { equipment, equipmentTypes, sites } from '../../src/db/schema.js';

/** A value no other test in the file uses. */
export function uniq(prefix: string): string {
  return `${prefix} ${randomBytes(3).toString('hex')}`;
}

export async function insertSite(db: Database, values: Partial<typeof sites.$inferInsert> = {}) {
  const code = `ST-T${randomBytes(4).toString('hex').toUpperCase()}`;
  const [row] = await db
    .insert(sites)
    .values({ siteCode: code, name: `Test site ${code}`, status: 'active', ...values })
    .returning();
  return row!;
}

/** `count` sites whose names contain `word` ("Depot <word> <n>"), in one statement. */
export async function insertSitesNamed(db: Database, word: string, count: number): Promise<void> {
  await db.execute(sql`
    insert into sites (site_code, name, city, state, status)
    select ${`${word}-`} || g, 'Depot ' || ${word} || ' ' || g, 'Pune', 'Maharashtra', 'active'
    from generate_series(1, ${count}) as g`);
}

export async function insertType(db: Database, values: Partial<typeof equipmentTypes.$inferInsert> = {}) {
  const [row] = await db
    .insert(equipmentTypes)
    .values({ name: uniq('Type'), category: 'Fire protection', inspectionIntervalDays: 30, ...values })
    .returning();
  return row!;
}

/** A unit inserted straight into the table (nextDueOn as given, not derived). */
export async function insertUnit(
  db: Database,
  values: Partial<typeof equipment.$inferInsert> & { siteId: number; equipmentTypeId: number },
) {
  const tag = `AT-${randomBytes(4).toString('hex').toUpperCase()}`;
  const [row] = await db
    .insert(equipment)
    .values({ assetTag: tag, name: `Unit ${tag}`, ...values })
    .returning();
  return row!;
}
